import { businessDayBounds, businessDayOf, zonedParts } from '@ra/shared/business-day/business-day';
import { addDays, formatIsoDay, weekdayOf } from '@ra/shared/business-day/calendar-day';
import { cartSubtotalCents, evaluateCoupon, whyNotValid } from '@ra/shared/coupons/coupon-engine';
import type { TCart, TCouponChannel, TCouponType } from '@ra/shared/coupons/coupons.schemas';
import {
  ZIngestOrderRequest,
  type TCardBrand,
  type TIngestOrderInput,
  type TOrderChannel,
  type TPaymentMethod,
} from '@ra/shared/orders/orders.schemas';
import { allocateCents } from '@ra/shared/reports/report-math';
import { taxCentsOf } from '@ra/shared/business/tax-rate';
import type { Database } from '../db/client.ts';
import {
  demoCouponCatalogue,
  recordDemoCouponUses,
  type TDemoCoupon,
  type TDemoCouponCatalogue,
  type TDemoCouponUse,
} from './coupons.seed.ts';
import { DEMO_MENUS, menuKindFor, type TDemoItem, type TDemoMenu, type TMenuKind } from './demo-menus.ts';
import { buildPayoutRow, type TPayoutRow, type TRestaurantClock } from '../modules/orders/order-rows.ts';
import { OrdersRepository } from '../modules/orders/orders.repository.ts';
import { OrdersService } from '../modules/orders/orders.service.ts';

/**
 * Demo orders (SPEC 1 "Sales reports"): deterministic (seeded PRNG), realistic orders for the demo
 * restaurants, filed through the same ingestion path as the POS API (validation, rows, rollups), many
 * orders per transaction. Lunch and dinner peaks (breakfast at the diner), busier weekends, a real
 * menu mix with modifiers, mixed and split payments with tips, and the exceptions reports are for:
 * voided lines, comps, coupons and discounts, refunds, voided orders, late orders after midnight,
 * cash payouts and the card processor's daily deposits. Coupon discounts are the restaurant's own
 * coupons (the coupons module's demo ones), worked out by their rules, each with its consumed
 * redemption, so the coupon performance figures add up to the coupon lines of the discounts report.
 */

/** SPEC 9 "Sample tax rate 10.1%", in thousandths of a percent (shared business/tax-rate.ts). */
export const TAX_RATE_MILLI_PERCENT = 10_100;

/** mulberry32: small, fast and good enough for demo data; the same seed gives the same orders. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type TRandom = () => number;

function pick<T>(random: TRandom, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function weighted<T>(random: TRandom, entries: ReadonlyArray<readonly [T, number]>): T {
  const total = entries.reduce((t, [, w]) => t + w, 0);
  let r = random() * total;
  for (const [value, w] of entries) {
    r -= w;
    if (r < 0) return value;
  }
  const last = entries[entries.length - 1];
  if (!last) throw new Error('weighted pick from an empty list');
  return last[0];
}

/** Box-Muller; good enough for arrival times around a peak. */
function normal(random: TRandom): number {
  const u = Math.max(random(), 1e-9);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Round half up, as the sample tax rule says (per order); exact for any rate in thousandths of a percent. */
export function taxOf(netCents: number, rateMilliPercent = TAX_RATE_MILLI_PERCENT): number {
  return taxCentsOf(netCents, rateMilliPercent);
}

export interface TDemoRestaurant {
  id: number;
  name: string;
  clock: TRestaurantClock;
  weekly: Array<{ day: number; closed: boolean; open: string; close: string }>;
  menu: TMenuKind;
  /** Average orders on a weekday (weekends are about 30% busier). */
  ordersPerDay: number;
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Weekday traffic relative to Monday-Thursday: Friday and Saturday +30%, Sunday +15% (brunch). */
const WEEKDAY_FACTOR = [1.15, 1, 1, 1, 1, 1.3, 1.3];
const AVERAGE_WEEK_FACTOR = WEEKDAY_FACTOR.reduce((t, f) => t + f, 0) / 7;

const CARD_BRANDS: ReadonlyArray<readonly [TCardBrand, number]> = [
  ['visa', 50],
  ['mastercard', 25],
  ['amex', 14],
  ['discover', 8],
  ['jcb', 1],
  ['unionPay', 2],
];
const DELIVERY_PLATFORMS: ReadonlyArray<readonly [string, number]> = [
  ['DoorDash', 55],
  ['Uber Eats', 30],
  ['Grubhub', 15],
];
const VOID_REASONS = ['Entered by mistake', 'Guest changed mind', 'Kitchen out of item', 'Duplicate entry'];
const COMP_REASONS = ['Long wait', 'Food quality', 'Birthday', 'Regular guest', 'Manager courtesy'];
const REFUND_REASONS = ['Wrong order', 'Food quality', 'Double charge', 'Missing item'];
const ORDER_VOID_REASONS = ['Guest walked out before ordering', 'Test order', 'Opened on the wrong table'];
const PAYOUT_REASONS: ReadonlyArray<readonly [string, number, number]> = [
  ['Produce delivery', 4000, 15000],
  ['Ice delivery', 2000, 4500],
  ['Cleaning supplies', 1500, 6000],
  ['Staff meal groceries', 2000, 8000],
  ['Petty cash', 2000, 10000],
];

interface TGeneratedDay {
  orders: TIngestOrderInput[];
  payouts: TPayoutRow[];
  /** The coupon redemptions of the paid orders among them. */
  couponUses: TDemoCouponUse[];
}

/** Coupons taken off lines (one line when the discount falls on one) rather than off the check. */
const ITEM_COUPON_TYPES: ReadonlySet<TCouponType> = new Set([
  'itemDiscount',
  'buyGive',
  'bogo',
  'piecesDiscount',
  'toppingDiscount',
]);

/** The coupon channel an order came in on. */
const COUPON_CHANNEL: Record<TOrderChannel, TCouponChannel> = {
  dineIn: 'pos',
  toGo: 'pos',
  kiosk: 'kiosk',
  delivery: 'online',
};

/**
 * The instant at local wall-clock `minute` (may exceed 1440: after midnight) of calendar date `day`,
 * exact across daylight-saving changes.
 */
function localInstant(day: string, minute: number, clock: TRestaurantClock, cache: Map<string, number>): number {
  const date = addDays(day, Math.floor(minute / 1440));
  const inDay = minute % 1440;
  const hour = Math.floor(inDay / 60);
  const key = `${date}@${hour}`;
  let start = cache.get(key);
  if (start === undefined) {
    start = businessDayBounds(date, clock.timeZone, hour).start.getTime();
    cache.set(key, start);
  }
  return start + (inDay % 60) * 60_000;
}

export class DemoOrderGenerator {
  private readonly random: TRandom;
  private readonly menu: TDemoMenu;
  private readonly itemWeights: ReadonlyArray<readonly [TDemoItem, number]>;
  /** Picks among the coupons that apply: a stream of its own, so the coupons never shift the orders' other draws. */
  private readonly couponRandom: TRandom;
  private readonly instants = new Map<string, number>();
  private readonly dayEnds = new Map<string, number>();
  private serial = 0;
  private couponUses: TDemoCouponUse[] = [];

  constructor(
    private readonly restaurant: TDemoRestaurant,
    seed: number,
    /** Prefix of posOrderId, so several runs can add orders side by side. */
    private readonly runId: string,
    /** The restaurant's coupons; without them no order has a coupon discount (there is none to redeem). */
    private readonly coupons: TDemoCouponCatalogue = { coupons: [], items: new Map(), toppings: new Map() },
  ) {
    this.random = seededRandom(seed ^ (restaurant.id * 7919));
    this.couponRandom = seededRandom((seed ^ (restaurant.id * 7919)) + 0x2c1b3c6d);
    this.menu = DEMO_MENUS[restaurant.menu];
    this.itemWeights = this.menu.items.map((item) => [item, item.weight] as const);
  }

  /** The orders of one business day; with `until`, only those opened before it (today so far). */
  generateDay(day: string, ordersTarget: number, until?: number): TGeneratedDay {
    const r = this.random;
    const { clock } = this.restaurant;
    const weekday = weekdayOf(day);
    const hours = this.restaurant.weekly.find((d) => d.day === weekday);
    if (!hours || hours.closed) return { orders: [], payouts: [], couponUses: [] };
    const open = minutesOf(hours.open);
    let close = minutesOf(hours.close);
    if (close <= open) close += 1440; // open past midnight: the late covers belong to this business day

    const count = Math.max(0, Math.round(ordersTarget * (WEEKDAY_FACTOR[weekday] ?? 1) * (0.85 + r() * 0.3)));
    const minutes: number[] = [];
    for (let i = 0; i < count; i += 1) minutes.push(this.arrivalMinute(open, close));
    minutes.sort((a, b) => a - b);

    const orders: TIngestOrderInput[] = [];
    this.couponUses = [];
    let ticket = 0;
    for (const minute of minutes) {
      const openedAt = localInstant(day, minute, clock, this.instants) + Math.floor(r() * 60_000);
      if (until !== undefined && openedAt >= until) break;
      ticket += 1;
      orders.push(this.order(day, ticket, openedAt, until));
    }
    return { orders, payouts: this.payouts(day, open, close, orders, until), couponUses: this.couponUses };
  }

  private arrivalMinute(open: number, close: number): number {
    const r = this.random;
    const peaks = this.menu.peaks;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const roll = r();
      let cumulative = 0;
      let minute: number | undefined;
      for (const peak of peaks) {
        cumulative += peak.share;
        if (roll < cumulative) {
          minute = peak.at + normal(r) * peak.spreadMinutes;
          break;
        }
      }
      // The rest arrive evenly over opening hours, which also fills the late hours after midnight.
      minute ??= open + r() * (close - open);
      if (minute >= open && minute < close - 10) return Math.floor(minute);
    }
    return open + Math.floor(r() * Math.max(1, close - open - 10));
  }

  private order(day: string, ticket: number, openedAtMs: number, until: number | undefined): TIngestOrderInput {
    const r = this.random;
    this.serial += 1;
    const channel = weighted<TOrderChannel>(r, [
      ['dineIn', 60],
      ['toGo', 20],
      ['kiosk', 10],
      ['delivery', 10],
    ]);
    const partySize =
      channel === 'dineIn'
        ? weighted(r, [
            [1, 12],
            [2, 40],
            [3, 16],
            [4, 20],
            [5, 5],
            [6, 4],
            [8, 2],
            [10, 1],
          ] as const)
        : channel === 'delivery'
          ? 0
          : 1;
    const server = pick(r, this.menu.servers);
    const serverId = `E${100 + this.menu.servers.indexOf(server)}`;

    // Dishes: about one main per guest plus shared plates and drinks.
    const lines = channel === 'dineIn' ? partySize + Math.floor(r() * (partySize + 2)) : 1 + Math.floor(r() * 3);
    const items: NonNullable<TIngestOrderInput['items']> = [];
    // About one line in a hundred brings an item coupon (one on specific items, SPEC 3 "Coupon").
    let itemCoupon = false;
    for (let i = 0; i < lines; i += 1) {
      const item = weighted(r, this.itemWeights);
      const options: Array<{ name: string; group: string; priceCents: number; quantity: number }> = [];
      for (const group of item.modifiers ?? []) {
        if (r() >= group.chance) continue;
        const chosen = new Set<string>();
        const max = group.max ?? 1;
        const howMany = 1 + Math.floor(r() * max);
        for (let k = 0; k < howMany; k += 1) {
          const option = pick(r, group.options);
          if (chosen.has(option.name)) continue;
          chosen.add(option.name);
          options.push({ name: option.name, group: group.group, priceCents: option.priceCents, quantity: 1 });
        }
      }
      const quantity = item.multiples && r() < 0.3 ? 2 + Math.floor(r() * 2) : 1;
      const at = new Date(openedAtMs + (5 + Math.floor(r() * 30)) * 60_000).toISOString();
      const roll = r();
      const line: (typeof items)[number] = {
        posItemId: item.id,
        name: item.name,
        category: item.category,
        quantity,
        unitPriceCents: item.priceCents,
        options,
        discounts: [],
      };
      if (roll < 0.02) line.voided = { by: server, reason: pick(r, VOID_REASONS), at };
      else if (roll < 0.035) line.comped = { by: 'Marcus Lee', reason: pick(r, COMP_REASONS), at };
      else if (roll < 0.045) itemCoupon = true;
      items.push(line);
    }

    const durationMinutes =
      channel === 'dineIn'
        ? 35 + Math.floor(r() * 40) + partySize * 4
        : channel === 'kiosk'
          ? 2 + Math.floor(r() * 6)
          : 10 + Math.floor(r() * 20);
    const closedAtMs = openedAtMs + durationMinutes * 60_000;
    const posOrderId = `${this.runId}-${this.restaurant.id}-${day}-${ticket}`;
    const base: TIngestOrderInput = {
      posOrderId,
      orderNumber: String(ticket),
      channel,
      ...(channel === 'delivery' ? { deliveryPlatform: weighted(r, DELIVERY_PLATFORMS) } : {}),
      ...(channel === 'dineIn' ? { tableName: `T${1 + Math.floor(r() * 28)}` } : {}),
      partySize,
      serverId,
      serverName: server,
      openedAt: new Date(openedAtMs).toISOString(),
      status: 'closed',
      items,
    };

    // Still at the table: the check is open, unpaid.
    if (until !== undefined && closedAtMs > until) return { ...base, status: 'open', items };

    // About one check in 200 is voided whole before anyone pays.
    if (r() < 0.005) {
      const at = new Date(openedAtMs + 3 * 60_000).toISOString();
      return {
        ...base,
        status: 'voided',
        closedAt: at,
        voided: { by: 'Marcus Lee', reason: pick(r, ORDER_VOID_REASONS), at },
        items: items.map((line) => ({ ...line, discounts: [], voided: undefined, comped: undefined })),
      };
    }

    const sold = items.filter((l) => !l.voided);
    const lineGross = (l: (typeof items)[number]) =>
      l.comped
        ? 0
        : (l.quantity ?? 1) *
          ((l.unitPriceCents ?? 0) +
            (l.options ?? []).reduce((s, o) => s + (o.priceCents ?? 0) * (o.quantity ?? 1), 0));
    const gross = sold.reduce((t, l) => t + lineGross(l), 0);
    const discounts: NonNullable<TIngestOrderInput['discounts']> = [];
    const discountRoll = r();
    // About one check in fifteen has a check discount: mostly a coupon, else staff meal or happy hour.
    const which =
      gross > 0 && discountRoll < 0.07
        ? weighted(r, [
            ['coupon', 65],
            ['staff', 15],
            ['happy', 20],
          ] as const)
        : undefined;
    // One coupon a check at most: the guest's, if any of the restaurant's applies to this check.
    const coupon =
      itemCoupon || which === 'coupon'
        ? this.redeemCoupon(itemCoupon ? 'item' : 'check', items, channel, posOrderId, openedAtMs, closedAtMs)
        : undefined;
    if (coupon?.onLine !== undefined) items[coupon.onLine]!.discounts = [coupon.discount];
    const grossLeft = gross - (coupon?.discount.amountCents ?? 0);
    if (grossLeft > 0 && which !== undefined) {
      if (which === 'staff')
        discounts.push({
          name: 'Staff meal 50%',
          kind: 'manual',
          amountCents: Math.floor(grossLeft / 2),
          appliedBy: 'Marcus Lee',
        });
      else if (which === 'happy')
        discounts.push({
          name: 'Happy hour',
          kind: 'promotion',
          amountCents: Math.min(grossLeft, 300 + Math.floor(r() * 400)),
        });
    }
    const net = grossLeft - discounts.reduce((t, d) => t + (d.amountCents ?? 0), 0);
    if (coupon && coupon.onLine === undefined) discounts.unshift(coupon.discount);
    const tax = taxOf(net);
    // Parties of six or more get an 18% service charge, as most full-service menus print.
    const serviceCharge = channel === 'dineIn' && partySize >= 6 ? Math.round(net * 0.18) : 0;
    const due = net + tax + serviceCharge;

    const payments: NonNullable<TIngestOrderInput['payments']> = [];
    const paidAtMs = closedAtMs - 60_000;
    if (due > 0) {
      let methods: TPaymentMethod[];
      if (channel === 'delivery') methods = ['thirdParty'];
      else {
        const splits =
          channel === 'dineIn' && partySize >= 2 && r() < 0.12 ? 2 + Math.floor(r() * Math.min(3, partySize - 1)) : 1;
        methods = [];
        for (let k = 0; k < splits; k += 1) {
          methods.push(
            weighted<TPaymentMethod>(r, [
              ['card', 70],
              ['cash', 20],
              ['giftCard', 5],
              ['other', 1],
            ]),
          );
        }
      }
      const parts = allocateCents(
        due,
        methods.map(() => 1),
      );
      methods.forEach((method, k) => {
        const part = parts[k] ?? 0;
        if (part <= 0) return;
        // Card tips on dine-in run 15-20%; counter and kiosk guests tip a little or nothing.
        const tipRate =
          method !== 'card'
            ? 0
            : channel === 'dineIn'
              ? serviceCharge > 0
                ? 0.02
                : 0.15 + r() * 0.05
              : r() < 0.5
                ? 0.1
                : 0;
        const tip = Math.round(((part - Math.round((part * tax) / Math.max(1, due))) * tipRate) / 5) * 5;
        payments.push({
          posPaymentId: `${posOrderId}-p${k + 1}`,
          method,
          ...(method === 'card'
            ? { cardBrand: weighted(r, CARD_BRANDS), cardLast4: String(1000 + Math.floor(r() * 9000)) }
            : {}),
          amountCents: part + tip,
          tipCents: tip,
          paidAt: new Date(paidAtMs).toISOString(),
        });
      });
    }
    const tipTotal = payments.reduce((t, p) => t + (p.tipCents ?? 0), 0);

    // About one check in a hundred is refunded, in part or whole, the same day or a few days later.
    const refunds: NonNullable<TIngestOrderInput['refunds']> = [];
    const refundable = payments.find((p) => p.method === 'card' || p.method === 'cash');
    if (refundable && r() < 0.01) {
      const full = r() < 0.3;
      const amount = full
        ? (refundable.amountCents ?? 0)
        : Math.max(
            100,
            Math.min(refundable.amountCents ?? 0, Math.round((refundable.amountCents ?? 0) * (0.2 + r() * 0.3))),
          );
      const laterMs = r() < 0.7 ? closedAtMs + 20 * 60_000 : closedAtMs + (1 + Math.floor(r() * 3)) * 86_400_000;
      if (until === undefined || laterMs < until) {
        refunds.push({
          posRefundId: `${posOrderId}-r1`,
          posPaymentId: refundable.posPaymentId,
          amountCents: amount,
          method: refundable.method ?? 'card',
          reason: pick(r, REFUND_REASONS),
          by: 'Marcus Lee',
          at: new Date(laterMs).toISOString(),
        });
      }
    }

    return {
      ...base,
      closedAt: new Date(closedAtMs).toISOString(),
      discounts,
      serviceChargeCents: serviceCharge,
      taxCents: tax,
      taxes:
        tax > 0
          ? [{ name: 'Sales tax', rateMilliPercent: TAX_RATE_MILLI_PERCENT, taxableCents: net, taxCents: tax }]
          : [],
      tipCents: tipTotal,
      payments,
      refunds,
    };
  }

  /**
   * The guest hands over a coupon: one of the restaurant's that is valid for the channel, weekday and
   * hour and gives something on this check by its rule (the shared coupon engine, as the redeem
   * endpoint computes it), preferring the kind asked for (an item coupon or one on the whole check).
   * Its use is filed as consumed at payment time (within the order's business day). An item coupon
   * whose discount falls on one line is that line's discount; any other is a check discount.
   */
  private redeemCoupon(
    kind: 'item' | 'check',
    items: NonNullable<TIngestOrderInput['items']>,
    orderChannel: TOrderChannel,
    posOrderId: string,
    openedAtMs: number,
    closedAtMs: number,
  ): { discount: NonNullable<TIngestOrderInput['discounts']>[number]; onLine?: number } | undefined {
    const catalogue = this.coupons;
    if (catalogue.coupons.length === 0) return undefined;
    const channel = COUPON_CHANNEL[orderChannel];
    const cart: TCart = { channel, lines: [] };
    items.forEach((line, index) => {
      if (line.voided || line.comped) return;
      const item = catalogue.items.get(line.posItemId ?? '');
      cart.lines.push({
        lineId: String(index + 1),
        itemId: item?.id ?? 0,
        categoryId: item?.categoryId ?? null,
        quantity: line.quantity ?? 1,
        unitPriceCents: line.unitPriceCents ?? 0,
        toppings: (line.options ?? []).map((o) => ({
          toppingId: catalogue.toppings.get(o.name) ?? 0,
          priceCents: o.priceCents ?? 0,
          quantity: o.quantity ?? 1,
        })),
      });
    });
    if (cart.lines.length === 0) return undefined;
    const { timeZone, hourOffsetEndOfDay } = this.restaurant.clock;
    const local = zonedParts(openedAtMs, timeZone);
    const moment = { day: formatIsoDay(local), weekday: local.weekday, minutes: local.hour * 60 + local.minute };
    const applies = (list: TDemoCoupon[]) =>
      list.flatMap((coupon) => {
        if (whyNotValid(coupon.rule, channel, moment)) return [];
        const evaluation = evaluateCoupon(coupon.rule, cart);
        return evaluation.ok && evaluation.discountCents > 0 ? [{ coupon, evaluation }] : [];
      });
    const preferred = catalogue.coupons.filter((c) => ITEM_COUPON_TYPES.has(c.rule.type) === (kind === 'item'));
    let usable = applies(preferred);
    if (usable.length === 0) usable = applies(catalogue.coupons.filter((c) => !preferred.includes(c)));
    if (usable.length === 0) return undefined;
    const { coupon, evaluation } = pick(this.couponRandom, usable);

    // Paid a minute before closing; an order closed after the end of its business day paid just before it.
    const day = businessDayOf(new Date(openedAtMs), timeZone, hourOffsetEndOfDay);
    let dayEnd = this.dayEnds.get(day);
    if (dayEnd === undefined) {
      dayEnd = businessDayBounds(day, timeZone, hourOffsetEndOfDay).end.getTime();
      this.dayEnds.set(day, dayEnd);
    }
    this.couponUses.push({
      couponId: coupon.rule.id,
      codeId: coupon.codeId,
      code: coupon.rule.code,
      orderRef: posOrderId,
      channel,
      discountCents: evaluation.discountCents,
      subtotalCents: cartSubtotalCents(cart),
      lines: evaluation.lines,
      createdAt: new Date(Math.min(closedAtMs - 60_000, dayEnd - 1)),
    });
    const discount = {
      name: coupon.rule.name,
      kind: 'coupon' as const,
      couponCode: coupon.rule.code,
      amountCents: evaluation.discountCents,
    };
    const discounted = evaluation.lines.filter((l) => l.discountCents > 0);
    const only = discounted.length === 1 ? discounted[0] : undefined;
    return ITEM_COUPON_TYPES.has(coupon.rule.type) && only
      ? { discount, onLine: Number(only.lineId) - 1 }
      : { discount };
  }

  /**
   * A few cash payouts a week from the drawer, and the processor's deposit of the previous day's
   * card takings (net of a 2.6% + 10¢ fee) each morning.
   */
  private payouts(
    day: string,
    open: number,
    close: number,
    orders: TIngestOrderInput[],
    until: number | undefined,
  ): TPayoutRow[] {
    const r = this.random;
    const { clock, id } = this.restaurant;
    const rows: TPayoutRow[] = [];
    if (r() < 0.45) {
      const [reason, min, max] = pick(r, PAYOUT_REASONS);
      const at = localInstant(day, open + Math.floor(r() * Math.max(1, close - open)), clock, this.instants);
      if (until === undefined || at < until) {
        rows.push(
          buildPayoutRow(
            {
              posPayoutId: `${this.runId}-${id}-${day}-cash`,
              amountCents: min + Math.round((r() * (max - min)) / 100) * 100,
              reason,
              by: 'Marcus Lee',
              at: new Date(at).toISOString(),
            },
            'cash',
            clock,
          ),
        );
      }
    }
    let cardCents = 0;
    let cardCount = 0;
    for (const order of orders) {
      for (const p of order.payments ?? []) {
        if (p.method !== 'card') continue;
        cardCents += p.amountCents ?? 0;
        cardCount += 1;
      }
    }
    if (cardCents > 0) {
      const at = localInstant(addDays(day, 1), 6 * 60 + 30, clock, this.instants);
      if (until === undefined || at < until) {
        const fee = Math.round(cardCents * 0.026) + cardCount * 10;
        rows.push(
          buildPayoutRow(
            {
              externalId: `${this.runId}-${id}-${day}-deposit`,
              amountCents: cardCents - fee,
              at: new Date(at).toISOString(),
            },
            'deposit',
            clock,
          ),
        );
      }
    }
    return rows;
  }
}

export interface TSeedOrdersOptions {
  /** Business days to cover, ending with today (default 90). */
  days?: number;
  /** Instead of per-restaurant daily volumes: about this many orders in total, spread over the days. */
  totalOrders?: number;
  /** Weekday orders per day for the busiest restaurant (default 120) and for the others (default 40). */
  busiestPerDay?: number;
  othersPerDay?: number;
  seed?: number;
  /** Distinguishes posOrderIds of separate runs; default derived from the seed. */
  runId?: string;
  now?: Date;
  /** Orders per transaction. */
  batchSize?: number;
  /** Only these restaurants (default: every restaurant with a time zone). */
  restaurantIds?: number[];
  onProgress?: (done: number, restaurant: string) => void;
}

export interface TSeedOrdersResult {
  orders: number;
  payouts: number;
  /** Coupon redemptions filed for the orders' coupon discounts. */
  couponUses: number;
  restaurants: Array<{ id: number; name: string; orders: number }>;
  skipped: string[];
}

/**
 * Adds demo orders for the restaurants (those without a time zone are skipped: no business day can
 * be computed for them, SPEC 4). The first restaurant by id is the busiest. Deterministic for a seed
 * and `now`.
 */
export async function seedDemoOrders(db: Database, options: TSeedOrdersOptions = {}): Promise<TSeedOrdersResult> {
  const repo = new OrdersRepository(db);
  const now = options.now ?? new Date();
  // The demo history is written as of `now` (the server clock or CLOCK_NOW), not the real time.
  const service = new OrdersService(repo, { now: () => now });
  const days = options.days ?? 90;
  const seed = options.seed ?? 20_260_101;
  const runId = options.runId ?? `demo${seed.toString(36)}`;
  const batchSize = options.batchSize ?? 400;
  const all = await repo.listRestaurantsForDemo();
  const chosen = options.restaurantIds ? all.filter((r) => options.restaurantIds?.includes(r.id)) : all;
  const skipped = chosen.filter((r) => !r.timeZone).map((r) => r.name);
  const restaurants = chosen.filter((r) => r.timeZone);

  let busiest = options.busiestPerDay ?? 120;
  let others = options.othersPerDay ?? 40;
  if (options.totalOrders !== undefined) {
    // Scale both volumes so the expected total over the days is about totalOrders.
    const share = busiest + others * Math.max(0, restaurants.length - 1);
    const perDayTotal = options.totalOrders / Math.max(1, days);
    busiest = (perDayTotal * busiest) / Math.max(1, share);
    others = (perDayTotal * others) / Math.max(1, share);
  }

  const result: TSeedOrdersResult = { orders: 0, payouts: 0, couponUses: 0, restaurants: [], skipped };
  for (const [index, row] of restaurants.entries()) {
    const clock = { timeZone: row.timeZone as string, hourOffsetEndOfDay: row.hourOffsetEndOfDay };
    const restaurant: TDemoRestaurant = {
      id: row.id,
      name: row.name,
      clock,
      weekly: row.weekly,
      menu: menuKindFor(row.name, index),
      // The weekday volume that gives this average over a whole week.
      ordersPerDay: (index === 0 ? busiest : others) / AVERAGE_WEEK_FACTOR,
    };
    const generator = new DemoOrderGenerator(restaurant, seed, runId, await demoCouponCatalogue(db, row.id));
    const today = businessDayOf(now, clock.timeZone, clock.hourOffsetEndOfDay);
    let pending: TIngestOrderInput[] = [];
    let pendingPayouts: TPayoutRow[] = [];
    // Filed once the restaurant's orders are in: one insert per thousand and one count per coupon table.
    const couponUses: TDemoCouponUse[] = [];
    let count = 0;
    const flush = async () => {
      if (pending.length > 0) {
        await service.ingestOrdersFor(
          row.id,
          pending.map((order) => ZIngestOrderRequest.parse(order)),
          clock,
        );
        count += pending.length;
        options.onProgress?.(count, row.name);
      }
      if (pendingPayouts.length > 0) await repo.upsertPayouts(row.id, pendingPayouts);
      result.payouts += pendingPayouts.length;
      pending = [];
      pendingPayouts = [];
    };
    for (let d = days - 1; d >= 0; d -= 1) {
      const day = addDays(today, -d);
      const generated = generator.generateDay(day, restaurant.ordersPerDay, d === 0 ? now.getTime() : undefined);
      pending.push(...generated.orders);
      pendingPayouts.push(...generated.payouts);
      couponUses.push(...generated.couponUses);
      if (pending.length >= batchSize) await flush();
    }
    await flush();
    result.couponUses += await recordDemoCouponUses(db, row.id, couponUses);
    result.orders += count;
    result.restaurants.push({ id: row.id, name: row.name, orders: count });
  }
  return result;
}
