import { describe, expect, it } from 'vitest';
import { ZLinkBankRequest, ZUpdateRestRequest } from '@ra/shared/business/business.schemas';
import { BUSINESS_MESSAGES } from '@ra/shared/business/business.messages';
import { VALIDATION_MESSAGES } from '@ra/shared/validation/messages';
import { issueFor } from './form-rules.ts';

describe('business form rules', () => {
  it('names the problem of one field only, with the server’s words', () => {
    const info = {
      name: 'Harbor',
      fullname: 'Harbor Bistro',
      street: '1 A St',
      city: 'Boston',
      state: 'MA',
      zip: '0211',
      phone: '617',
    };
    expect(issueFor(ZUpdateRestRequest, info, ['zip'])).toBe(VALIDATION_MESSAGES['account.zipcodeError'].en);
    expect(issueFor(ZUpdateRestRequest, info, ['phone'])).toBe(VALIDATION_MESSAGES['account.phoneError'].en);
    expect(issueFor(ZUpdateRestRequest, info, ['city'])).toBeUndefined();
    expect(issueFor(ZLinkBankRequest, { routingNumber: '011000016' }, ['routingNumber'])).toBe(
      BUSINESS_MESSAGES['business.routingChecksum'].en,
    );
  });
});
