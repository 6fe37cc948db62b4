import { describe, expect, it } from 'vitest';
import { GIFTCARDS_MESSAGES } from './giftcards.messages.ts';
import {
  isGiftcardNumber,
  luhnCheckDigit,
  maskGiftcardNumber,
  ZGiftcardActivityRequest,
  ZImportGiftcardRequest,
  ZIssueGiftcardRequest,
} from './giftcards.schemas.ts';

describe('gift card numbers', () => {
  it('computes the Luhn check digit', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(isGiftcardNumber('4111111111111111')).toBe(true);
    expect(isGiftcardNumber('4111111111111112')).toBe(false);
  });
  it('masks all but the last four', () => {
    expect(maskGiftcardNumber('6042177000012345')).toBe('••••••••••••2345');
  });
});

describe('gift card requests', () => {
  const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
  it('refuses amounts of zero or above the card limit', () => {
    expect(msg(ZGiftcardActivityRequest.safeParse({ type: 'load', amountCents: 0 }))).toBe(
      GIFTCARDS_MESSAGES['giftcards.amountPositive'].en,
    );
    expect(msg(ZGiftcardActivityRequest.safeParse({ type: 'load', amountCents: 1_000_001 }))).toBe(
      GIFTCARDS_MESSAGES['giftcards.amountTooLarge'].en,
    );
  });
  it('an adjustment needs a reason', () => {
    expect(msg(ZGiftcardActivityRequest.safeParse({ type: 'adjustDown', amountCents: 5, reason: ' ' }))).toBe(
      GIFTCARDS_MESSAGES['giftcards.reasonRequired'].en,
    );
  });
  it('an e-gift needs an email address', () => {
    expect(msg(ZIssueGiftcardRequest.safeParse({ kind: 'egift', amountCents: 100 }))).toBe(
      GIFTCARDS_MESSAGES['giftcards.emailRequired'].en,
    );
  });
  it('imported numbers are 8 to 20 letters or digits', () => {
    expect(ZImportGiftcardRequest.safeParse({ number: 'AB12345', balanceCents: 1 }).success).toBe(false);
    expect(ZImportGiftcardRequest.safeParse({ number: 'AB12345678', balanceCents: 1 }).success).toBe(true);
    expect(ZImportGiftcardRequest.safeParse({ number: 'A'.repeat(21), balanceCents: 1 }).success).toBe(false);
  });
});
