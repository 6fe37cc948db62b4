import type { TLang } from '../errors.ts';
import type { TOperationAuthority } from '../permissions.ts';
import type { TIngestOrderRequest } from './orders.schemas.ts';

/**
 * What a replacement push changes in a stored order, in the terms of the POS permissions (SPEC 3
 * "operationAuthority"): on a business day that has ended, each kind of change needs its flag, so a
 * push cannot quietly rewrite past sales (docs/decisions.md "Past business days").
 *
 * - `void`: the order or a line is voided or un-voided (or its void details change): canVoid.
 * - `delete`: something recorded disappears: a payment or refund is dropped, or a closed order is
 *   reopened (its sale leaves the reports): delOrder.
 * - `tip`: a tip changes (the order's or a payment's, with the payment amount moving by the same
 *   amount): updateTip, the usual after-close tip adjustment.
 * - `adjust`: anything else about what was sold or charged: lines, prices, quantities, options, line
 *   and check discounts, comps, taxes, service charge, the other payment and refund details, and the
 *   order's own fields (times, channel, table, server, party size): adjDish.
 *
 * Finishing an order is not a change of the past: closing an open order (with its tax, discounts and
 * tip settling), adding payments or refunds, and ringing up more lines on an order that was still
 * open need no flag beyond placing orders. Changing lines it already had still does.
 */
export const ORDER_CHANGE_KINDS = ['void', 'delete', 'tip', 'adjust'] as const;
export type TOrderChangeKind = (typeof ORDER_CHANGE_KINDS)[number];

export const ORDER_CHANGE_AUTHORITY: Readonly<Record<TOrderChangeKind, TOperationAuthority>> = {
  void: 'canVoid',
  delete: 'delOrder',
  tip: 'updateTip',
  adjust: 'adjDish',
};

/** The role-flag names the team pages show (locales team.json "flag.*"), for refusals. */
const AUTHORITY_LABELS: Readonly<Record<TOrderChangeKind, Readonly<Record<TLang, string>>>> = {
  void: { en: 'Void orders', zh: '作废订单' },
  delete: { en: 'Delete orders', zh: '删除订单' },
  tip: { en: 'Update tip', zh: '修改小费' },
  adjust: { en: 'Adjust price', zh: '调整价格' },
};

/** A future-dated push is refused beyond this much clock difference between the POS and the server. */
export const ORDER_CLOCK_SKEW_MS = 5 * 60_000;

export const ORDER_CHANGE_MESSAGES = {
  'orders.pastDayChangeRefused': {
    en: 'Business day {day} has ended: this change to order {posOrderId} needs the {permissions} permission',
    zh: '营业日 {day} 已结束：修改订单 {posOrderId} 需要“{permissions}”权限',
  },
  'orders.inFuture': {
    en: 'This time is more than 5 minutes after the server’s clock',
    zh: '该时间比服务器时间晚了 5 分钟以上',
  },
} as const satisfies Record<string, Readonly<Record<TLang, string>>>;

/** The refusal for a past-day change missing `kinds`' flags, in `lang`. */
export function pastDayChangeMessage(
  lang: TLang,
  values: { day: string; posOrderId: string; kinds: readonly TOrderChangeKind[] },
): string {
  const permissions = values.kinds.map((k) => AUTHORITY_LABELS[k][lang]).join(lang === 'zh' ? '”、“' : ', ');
  return ORDER_CHANGE_MESSAGES['orders.pastDayChangeRefused'][lang]
    .replace('{day}', values.day)
    .replace('{posOrderId}', values.posOrderId)
    .replace('{permissions}', permissions);
}

/** Key order does not change a JSON value's meaning: equal values compare equal. */
function same(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const instant = (at: string | undefined) => (at === undefined ? undefined : Date.parse(at));

/** The void marks of an order: the order's own and each voided line (with what the line was). */
function voidsOf(order: TIngestOrderRequest) {
  return {
    order: order.status === 'voided' ? { ...order.voided, at: instant(order.voided?.at) } : null,
    lines: order.items
      .map((item, index) => ({ index, item }))
      .filter(({ item }) => item.voided !== undefined)
      .map(({ index, item }) => ({ index, posItemId: item.posItemId, ...item.voided, at: instant(item.voided?.at) })),
  };
}

/** A line as sold, without its void mark (voids are their own kind of change). */
function lineAsSold(item: TIngestOrderRequest['items'][number]) {
  const { voided: _voided, comped, ...rest } = item;
  return { ...rest, comped: comped ? { ...comped, at: instant(comped.at) } : undefined };
}

/** The order's own fields that say what happened. */
function orderFields(order: TIngestOrderRequest) {
  return {
    orderNumber: order.orderNumber,
    channel: order.channel,
    deliveryPlatform: order.deliveryPlatform,
    tableName: order.tableName,
    partySize: order.partySize,
    serverId: order.serverId,
    serverName: order.serverName,
    openedAt: instant(order.openedAt),
  };
}

/** What the check charges besides its lines; it moves with every line rung up on an open order. */
function checkCharges(order: TIngestOrderRequest) {
  return {
    discounts: order.discounts,
    serviceChargeCents: order.serviceChargeCents,
    taxCents: order.taxCents,
    taxes: order.taxes,
  };
}

/** Which kinds of change turn `before` (the stored push) into `after`; empty when nothing that matters changed. */
export function orderChanges(before: TIngestOrderRequest, after: TIngestOrderRequest): TOrderChangeKind[] {
  const kinds = new Set<TOrderChangeKind>();

  if (!same(voidsOf(before), voidsOf(after))) kinds.add('void');

  const paymentsAfter = new Map(after.payments.map((p) => [p.posPaymentId, p]));
  const refundsAfter = new Map(after.refunds.map((r) => [r.posRefundId, r]));
  const dropped =
    before.payments.some((p) => !paymentsAfter.has(p.posPaymentId)) ||
    before.refunds.some((r) => !refundsAfter.has(r.posRefundId));
  if (dropped || (before.status === 'closed' && after.status === 'open')) kinds.add('delete');

  // An order that was still open is being finished: its check charges and tip are not settled yet.
  const wasOpen = before.status === 'open';
  if (!wasOpen && before.tipCents !== after.tipCents) kinds.add('tip');
  for (const p of before.payments) {
    const q = paymentsAfter.get(p.posPaymentId);
    if (!q) continue;
    if (p.tipCents !== q.tipCents) kinds.add('tip');
    const { tipCents: _t1, amountCents: a1, paidAt: at1, ...rest1 } = p;
    const { tipCents: _t2, amountCents: a2, paidAt: at2, ...rest2 } = q;
    // The amount includes the tip: a tip adjustment moves both by the same number of cents.
    if (a1 - p.tipCents !== a2 - q.tipCents || instant(at1) !== instant(at2) || !same(rest1, rest2))
      kinds.add('adjust');
  }
  for (const r of before.refunds) {
    const s = refundsAfter.get(r.posRefundId);
    if (s && !same({ ...r, at: instant(r.at) }, { ...s, at: instant(s.at) })) kinds.add('adjust');
  }

  if (!same(orderFields(before), orderFields(after))) kinds.add('adjust');
  if (!wasOpen && !same(checkCharges(before), checkCharges(after))) kinds.add('adjust');
  // Closing time: setting it when the order closes is finishing it; moving an existing one is not.
  if (before.closedAt !== undefined && instant(before.closedAt) !== instant(after.closedAt)) kinds.add('adjust');

  const linesBefore = before.items.map(lineAsSold);
  const linesAfter = after.items.map(lineAsSold);
  // An order that was still open may get more lines rung up; every other line change is an adjustment.
  const kept = wasOpen ? linesAfter.slice(0, linesBefore.length) : linesAfter;
  if (!same(linesBefore, kept)) kinds.add('adjust');

  return ORDER_CHANGE_KINDS.filter((k) => kinds.has(k));
}

/**
 * The paths of the order's instants that lie more than `skewMs` after `now` (a POS clock far ahead,
 * or a mistyped year): such a push is refused rather than filed under a day that has not happened.
 */
export function futureDatedFields(
  order: TIngestOrderRequest,
  now: Date,
  skewMs: number = ORDER_CLOCK_SKEW_MS,
): string[] {
  const limit = now.getTime() + skewMs;
  const instants: Array<[string, string | undefined]> = [
    ['openedAt', order.openedAt],
    ['closedAt', order.closedAt],
    ['voided.at', order.voided?.at],
    ...order.items.flatMap((item, i): Array<[string, string | undefined]> => [
      [`items.${i}.voided.at`, item.voided?.at],
      [`items.${i}.comped.at`, item.comped?.at],
    ]),
    ...order.payments.map((p, i): [string, string] => [`payments.${i}.paidAt`, p.paidAt]),
    ...order.refunds.map((r, i): [string, string] => [`refunds.${i}.at`, r.at]),
  ];
  return instants.filter(([, at]) => at !== undefined && Date.parse(at) > limit).map(([path]) => path);
}
