import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@ra/shared/errors';
import { VALIDATION_MESSAGES } from '@ra/shared/validation/messages';
import { translateServerMessage } from './server-message.ts';

describe(translateServerMessage.name, () => {
  it('shows a SPEC message from the server in Chinese', () => {
    expect(translateServerMessage(MESSAGES.loggedOut.en, 'zh')).toBe(MESSAGES.loggedOut.zh);
  });

  it('shows a shared validation message (as every 400 carries) in Chinese on any page', () => {
    const entry = VALIDATION_MESSAGES['account.zipcodeError'];
    expect(translateServerMessage(entry.en, 'zh')).toBe(entry.zh);
  });

  it('passes an unknown message through as sent', () => {
    expect(translateServerMessage('Something new', 'zh')).toBe('Something new');
  });
});
