import { COUPONS_MESSAGES } from '@ra/shared/coupons/coupons.messages';
import {
  ZCouponInput,
  appliesToAnyItem,
  couponWarnings,
  formatIdList,
  type TCoupon,
  type TCouponInput,
  type TCouponType,
} from '@ra/shared/coupons/coupons.schemas';
import { numberProblem } from '../../components/number-input.tsx';
import { DAY_MAX, DAY_MIN, dayInBounds } from '../../components/date-input.tsx';
import { i18n } from '../../lib/i18n.ts';
import { translateCouponMessage } from './coupon-messages.ts';

/**
 * The coupon form's values: money in dollars as typed, the rest as the shared schema has it. The
 * form's rules are the shared schema (ZCouponInput) run on the converted values, so the browser says
 * exactly what the server would.
 */
export interface TCouponFormValues {
  name: string;
  type: TCouponType;
  code: string;
  /** Dollars for spend types; a count for buy N give N and N pieces. */
  overAmount: number | null;
  minusAmount: number | null;
  discount: number | null;
  totalNum: number | null;
  itemIds: string;
  categoryIds: string;
  /** Every item instead of listed ones (buy N give N, buy 1 get 1, N pieces). */
  anyItem: boolean;
  toppingIds: string;
  startDate: string;
  endDate: string;
  channels: string[];
  days: number[];
  hours: string;
  perCustomerLimit: number | null;
  stackable: boolean;
  active: boolean;
}

/** Which fields each type shows, and whether over/minus are money or counts. */
export const TYPE_FIELDS: Record<
  TCouponType,
  {
    over?: 'money' | 'count';
    minus?: 'money' | 'count';
    discount?: boolean;
    items?: boolean;
    /** May apply to any item instead of listed ones. */
    anyItem?: boolean;
    toppings?: boolean;
    code?: boolean;
  }
> = {
  buyGive: { over: 'count', minus: 'count', items: true, anyItem: true },
  bogo: { items: true, anyItem: true },
  spendMinus: { over: 'money', minus: 'money' },
  spendDiscount: { over: 'money', discount: true },
  piecesDiscount: { over: 'count', discount: true, items: true, anyItem: true },
  itemDiscount: { discount: true, items: true },
  toppingDiscount: { discount: true, toppings: true },
  customCode: { over: 'money', minus: 'money', code: true },
};

const toCents = (dollars: number | null) => (dollars === null ? 0 : Math.round(dollars * 100));

export function formToInput(v: TCouponFormValues): TCouponInput {
  const f = TYPE_FIELDS[v.type];
  const anyItem = Boolean(f.anyItem && v.anyItem);
  return {
    name: v.name ?? '',
    type: v.type,
    code: v.code ?? '',
    overAmount: f.over === 'money' ? toCents(v.overAmount) : (v.overAmount ?? 0),
    minusAmount: f.minus === 'money' ? toCents(v.minusAmount) : (v.minusAmount ?? 0),
    discount: f.discount ? (v.discount ?? 0) : 0,
    totalNum: v.totalNum ?? null,
    itemIds: f.items && !anyItem ? (v.itemIds ?? '') : '',
    categoryIds: f.items && !anyItem ? (v.categoryIds ?? '') : '',
    anyItem,
    toppingIds: f.toppings ? (v.toppingIds ?? '') : '',
    startDate: v.startDate || null,
    endDate: v.endDate || null,
    channels: v.channels as TCouponInput['channels'],
    days: v.days,
    hours: v.hours ?? '',
    perCustomerLimit: v.perCustomerLimit ?? null,
    stackable: v.stackable,
    active: v.active,
  };
}

export function couponToForm(c: TCoupon | null): TCouponFormValues {
  if (!c)
    return {
      name: '',
      type: 'spendMinus',
      code: '',
      overAmount: null,
      minusAmount: null,
      discount: null,
      totalNum: null,
      itemIds: '',
      categoryIds: '',
      anyItem: false,
      toppingIds: '',
      startDate: '',
      endDate: '',
      channels: ['pos', 'kiosk', 'online'],
      days: [0, 1, 2, 3, 4, 5, 6],
      hours: '',
      perCustomerLimit: null,
      stackable: false,
      active: true,
    };
  const f = TYPE_FIELDS[c.type];
  return {
    name: c.name,
    type: c.type,
    code: c.code,
    overAmount: f.over === 'money' ? c.overAmount / 100 : f.over ? c.overAmount : null,
    minusAmount: f.minus === 'money' ? c.minusAmount / 100 : f.minus ? c.minusAmount : null,
    discount: f.discount ? c.discount : null,
    totalNum: c.totalNum,
    itemIds: formatIdList(c.itemIds),
    categoryIds: formatIdList(c.categoryIds),
    anyItem: appliesToAnyItem(c),
    toppingIds: formatIdList(c.toppingIds),
    startDate: c.startDate ?? '',
    endDate: c.endDate ?? '',
    channels: c.channels,
    days: c.days,
    hours: c.hours,
    perCustomerLimit: c.perCustomerLimit,
    stackable: c.stackable,
    active: c.active,
  };
}

/** Field -> translated message, from the shared schema; empty when the form may be sent. */
export function couponFormErrors(v: TCouponFormValues): Record<string, string> {
  const out: Record<string, string> = {};
  // What the number fields hold is what was typed (components/number-input.tsx): dollars with more than
  // two decimals or a fractional count are refused here, never rounded into something else.
  const f = TYPE_FIELDS[v.type];
  const decimalsOf = (kind: 'money' | 'count' | undefined) => (kind === 'money' ? 2 : 0);
  const numbers: Array<[keyof TCouponFormValues, number | null, boolean]> = [
    ['overAmount', v.overAmount, Boolean(f.over)],
    ['minusAmount', v.minusAmount, Boolean(f.minus)],
    ['discount', v.discount, Boolean(f.discount)],
    ['totalNum', v.totalNum, true],
    ['perCustomerLimit', v.perCustomerLimit, true],
  ];
  for (const [field, value, shown] of numbers) {
    if (!shown) continue;
    const kind = field === 'overAmount' ? f.over : field === 'minusAmount' ? f.minus : undefined;
    const problem = numberProblem(value, { decimals: decimalsOf(kind) });
    if (problem) out[field] = problem;
  }
  for (const field of ['startDate', 'endDate'] as const)
    if (!dayInBounds(v[field])) out[field] = i18n.t('common:date.range', { min: DAY_MIN, max: DAY_MAX });
  const result = ZCouponInput.safeParse(formToInput(v));
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'name');
    if (!(field in out)) out[field] = translateCouponMessage(issue.message);
  }
  return out;
}

export function couponFormWarnings(v: TCouponFormValues): string[] {
  return couponWarnings({ type: v.type, itemIds: TYPE_FIELDS[v.type].items && !v.anyItem ? v.itemIds : '' }).map((k) =>
    translateCouponMessage(COUPONS_MESSAGES[k].en),
  );
}
