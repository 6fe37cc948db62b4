import type { TFunction } from 'i18next';
import { REFUND_REASONS } from '@ra/shared/refunds/refunds.schemas';

/**
 * A refund's reason on screen: a back-office refund stores its reason code (REFUND_REASONS), shown in
 * the reader's language; a POS refund's reason is what the POS typed, shown as it is.
 */
export function refundReasonText(reason: string, t: TFunction): string {
  return (REFUND_REASONS as readonly string[]).includes(reason) ? t(`reason.${reason}`, { ns: 'refunds' }) : reason;
}

/** "American Express ••1005": the brand's name (never the raw code) and the last digits when known. */
export function cardText(cardBrand: string | null | undefined, cardLast4: string | null | undefined, t: TFunction) {
  const brand = cardBrand ? t(`cardBrand.${cardBrand}`, { ns: 'transactions' }) : '';
  return [brand, cardLast4 ? `••${cardLast4}` : ''].filter(Boolean).join(' ');
}
