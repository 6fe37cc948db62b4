import type { TFunction } from 'i18next';
import { formatCents, type TDisplayLanguage } from '@ra/shared/format/locale-format';
import type { TCoupon } from '@ra/shared/coupons/coupons.schemas';

/** One line that says what a coupon gives, in the user's language ("Spend $50.00, save $10.00"). */
export function couponRuleSummary(
  c: Pick<TCoupon, 'type' | 'overAmount' | 'minusAmount' | 'discount'>,
  t: TFunction,
  lang: TDisplayLanguage,
): string {
  const money = (cents: number) => formatCents(cents, lang);
  switch (c.type) {
    case 'spendMinus':
      return t('summary.spendMinus', { over: money(c.overAmount), minus: money(c.minusAmount) });
    case 'spendDiscount':
      return t('summary.spendDiscount', { over: money(c.overAmount), discount: c.discount });
    case 'buyGive':
      return t('summary.buyGive', { buy: c.overAmount, give: c.minusAmount });
    case 'bogo':
      return t('summary.bogo');
    case 'piecesDiscount':
      return t('summary.piecesDiscount', { pieces: c.overAmount, discount: c.discount });
    case 'itemDiscount':
      return t('summary.itemDiscount', { discount: c.discount });
    case 'toppingDiscount':
      return t('summary.toppingDiscount', { discount: c.discount });
    case 'customCode':
      return c.overAmount > 0
        ? t('summary.spendMinus', { over: money(c.overAmount), minus: money(c.minusAmount) })
        : t('summary.customCode', { minus: money(c.minusAmount) });
  }
}
