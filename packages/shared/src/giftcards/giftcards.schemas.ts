import { z } from 'zod';
import { zText } from '../validation/text.ts';
import { zIsoDay } from '../validation/dates.ts';
import { EMAIL } from '../validation/rules.ts';
import {
  GIFTCARD_MAX_CENTS,
  GIFTCARD_REASON_MAX_LENGTH,
  GIFTCARDS_MESSAGES,
  type TGiftcardsMessageKey,
} from './giftcards.messages.ts';

/**
 * Gift cards (SPEC 2 /giftcard/index and /giftcard/list, 3 viewGiftcard; issue 10 "Gift cards").
 * States as the payment networks use them: pending -> active, blocked (temporary), deactivated
 * (permanent). Every money movement is one append-only ledger row with the resulting balance.
 */
export const GIFTCARD_STATES = ['pending', 'active', 'blocked', 'deactivated'] as const;
export type TGiftcardState = (typeof GIFTCARD_STATES)[number];
export const GIFTCARD_KINDS = ['physical', 'egift', 'imported'] as const;
export type TGiftcardKind = (typeof GIFTCARD_KINDS)[number];
export const GIFTCARD_ACTIVITIES = [
  'activate',
  'load',
  'redeem',
  'clear',
  'adjustUp',
  'adjustDown',
  'refund',
  'block',
  'unblock',
  'deactivate',
  'import',
] as const;
export type TGiftcardActivity = (typeof GIFTCARD_ACTIVITIES)[number];

const en = (key: TGiftcardsMessageKey) => GIFTCARDS_MESSAGES[key].en;

/** Luhn (ISO/IEC 7812) check digit for the digits before it. */
export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    let d = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** True for a 16-digit number whose last digit is its Luhn check digit. */
export function isGiftcardNumber(value: string): boolean {
  return /^\d{16}$/.test(value) && luhnCheckDigit(value.slice(0, 15)) === Number(value[15]);
}

/** Shown to anyone without viewGiftcard (receipts, the POS): only the last four. */
export function maskGiftcardNumber(value: string): string {
  return value.length <= 4 ? value : `${'•'.repeat(Math.min(12, value.length - 4))}${value.slice(-4)}`;
}

/** 1234 5678 9012 3456 for reading aloud; imported numbers as they are. */
export function groupGiftcardNumber(value: string): string {
  return /^\d{16}$/.test(value) ? value.replace(/(\d{4})(?=\d)/g, '$1 ') : value;
}

export const ZAmountCents = z
  .number({ error: en('giftcards.amountPositive') })
  .int(en('giftcards.amountPositive'))
  .min(1, en('giftcards.amountPositive'))
  .max(GIFTCARD_MAX_CENTS, en('giftcards.amountTooLarge'));

const ZReason = zText({ error: en('giftcards.reasonRequired') })
  .trim()
  .min(1, en('giftcards.reasonRequired'))
  .max(GIFTCARD_REASON_MAX_LENGTH, en('giftcards.reasonTooLong'));
const ZOptionalReason = zText().trim().max(GIFTCARD_REASON_MAX_LENGTH, en('giftcards.reasonTooLong')).default('');
const ZOrderRef = zText({ error: en('giftcards.orderRequired') })
  .trim()
  .min(1, en('giftcards.orderRequired'))
  .max(80);

/** POST /api/api/giftcard: a physical card or an e-gift (emailed), active at once when given an amount. */
export const ZIssueGiftcardRequest = z
  .object({
    kind: z.enum(['physical', 'egift']).default('physical'),
    /** The first load; absent leaves the card pending until activated. */
    amountCents: ZAmountCents.optional(),
    holderName: zText().trim().max(80, en('giftcards.holderTooLong')).default(''),
    holderEmail: zText().trim().max(120).default(''),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'egift' && body.holderEmail === '')
      ctx.addIssue({ code: 'custom', path: ['holderEmail'], message: en('giftcards.emailRequired') });
    if (body.holderEmail !== '' && !EMAIL.test(body.holderEmail))
      ctx.addIssue({ code: 'custom', path: ['holderEmail'], message: en('giftcards.emailFormat') });
  });
export type TIssueGiftcardRequest = z.input<typeof ZIssueGiftcardRequest>;

/** POST /api/api/giftcard/import: a card sold elsewhere keeps its own number and balance. */
export const ZImportGiftcardRequest = z.object({
  number: zText({ error: en('giftcards.importNumberFormat') })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]{6,18}[A-Za-z0-9]$/, en('giftcards.importNumberFormat'))
    .max(20, en('giftcards.importNumberFormat')),
  balanceCents: ZAmountCents,
  holderName: zText().trim().max(80, en('giftcards.holderTooLong')).default(''),
});
export type TImportGiftcardRequest = z.input<typeof ZImportGiftcardRequest>;

/** POST /api/api/giftcard/:id/activity: one movement or state change. */
export const ZGiftcardActivityRequest = z.discriminatedUnion('type', [
  z.object({ type: z.literal('activate'), amountCents: ZAmountCents }),
  z.object({ type: z.literal('load'), amountCents: ZAmountCents }),
  z.object({ type: z.literal('redeem'), amountCents: ZAmountCents, orderRef: ZOrderRef }),
  z.object({ type: z.literal('refund'), amountCents: ZAmountCents, orderRef: ZOrderRef }),
  z.object({ type: z.literal('clear'), reason: ZOptionalReason }),
  z.object({ type: z.literal('adjustUp'), amountCents: ZAmountCents, reason: ZReason }),
  z.object({ type: z.literal('adjustDown'), amountCents: ZAmountCents, reason: ZReason }),
  z.object({ type: z.literal('block'), reason: ZOptionalReason }),
  z.object({ type: z.literal('unblock'), reason: ZOptionalReason }),
  z.object({ type: z.literal('deactivate'), reason: ZOptionalReason }),
]);
export type TGiftcardActivityRequest = z.input<typeof ZGiftcardActivityRequest>;

export const ZGiftcard = z.object({
  id: z.number().int(),
  /** Full to viewGiftcard holders, masked on the POS calls. */
  number: z.string(),
  kind: z.enum(GIFTCARD_KINDS),
  state: z.enum(GIFTCARD_STATES),
  balanceCents: z.number().int(),
  holderName: z.string(),
  holderEmail: z.string(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
});
export type TGiftcard = z.infer<typeof ZGiftcard>;

export const ZLedgerEntry = z.object({
  id: z.number().int(),
  type: z.enum(GIFTCARD_ACTIVITIES),
  /** Signed: money onto the card is positive. 0 for state changes. */
  amountCents: z.number().int(),
  balanceAfterCents: z.number().int(),
  stateAfter: z.enum(GIFTCARD_STATES),
  reason: z.string(),
  orderRef: z.string(),
  actor: z.string(),
  createdAt: z.string(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

export const ZGiftcardDetail = ZGiftcard.extend({ ledger: z.array(ZLedgerEntry) });
export type TGiftcardDetail = z.infer<typeof ZGiftcardDetail>;

export const ZGiftcardListQuery = z.object({
  q: zText().trim().max(80).optional(),
  state: z.enum(GIFTCARD_STATES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TGiftcardListQuery = z.output<typeof ZGiftcardListQuery>;
export const ZGiftcardListResponse = z.object({ items: z.array(ZGiftcard), total: z.number().int() });
export type TGiftcardListResponse = z.infer<typeof ZGiftcardListResponse>;

export const ZLiabilityQuery = z.object({ at: zIsoDay() });
export const ZLiability = z.object({
  at: z.string(),
  /** The sum of every ledger row up to the end of that business day. */
  outstandingCents: z.number().int(),
  cardsWithBalance: z.number().int(),
  soldCents: z.number().int(),
  redeemedCents: z.number().int(),
});
export type TLiability = z.infer<typeof ZLiability>;

export const ZBreakageQuery = z.object({
  months: z.coerce
    .number({ error: en('giftcards.monthsRange') })
    .int(en('giftcards.monthsRange'))
    .min(1, en('giftcards.monthsRange'))
    .max(120, en('giftcards.monthsRange'))
    .default(12),
});
export const ZBreakage = z.object({
  months: z.number().int(),
  since: z.string(),
  totalCents: z.number().int(),
  cards: z.array(ZGiftcard),
});
export type TBreakage = z.infer<typeof ZBreakage>;

// --- POS calls (canOrder): masked numbers --------------------------------------------------------

export const ZPosCardRequest = z.object({ number: zText().trim().min(1).max(20) });
export const ZPosRedeemRequest = ZPosCardRequest.extend({ amountCents: ZAmountCents, orderRef: ZOrderRef });
export const ZPosCard = z.object({
  number: z.string(),
  state: z.enum(GIFTCARD_STATES),
  balanceCents: z.number().int(),
});
export type TPosCard = z.infer<typeof ZPosCard>;
