import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { businessDayOf } from '@ra/shared/business-day/business-day';
import { ZIngestOrderRequest, type TIngestOrderRequest } from '@ra/shared/orders/orders.schemas';
import { lineGrossCents, orderTotals } from '@ra/shared/orders/order-totals';
import { centsToDecimal } from '@ra/shared/reports/csv';
import { fileNameOf } from '@ra/shared/reports/export-file';
import { splitCents } from '@ra/shared/refunds/refund-math';
import {
  REPORT_PATHS,
  ZCompsVoidsResponse,
  ZItemSalesResponse,
  ZPaymentMethodsResponse,
  ZPayoutsResponse,
  ZSalesSummaryResponse,
  type TCompVoidRow,
} from '@ra/shared/reports/reports.schemas';
import { users } from '../../db/schema/users.ts';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { as, createTestContext, TEST_NOW, tokenFor, type TestContext } from '../../../test/helper.ts';
import type { ManualClock } from '../../lib/clock.ts';
import { DemoOrderGenerator } from '../../demo/demo-orders.ts';
import { OrdersRepository } from '../orders/orders.repository.ts';
import { OrdersService } from '../orders/orders.service.ts';
import { rowsOf } from '../../db/sql-util.ts';
import { ReportsRepository } from './reports.repository.ts';

let ctx: TestContext;
let owner: ReturnType<typeof as>;
let manager: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
let harborId: number;
let dragonId: number;
const generated: TIngestOrderRequest[] = [];

const CLOCK = { timeZone: 'America/New_York', hourOffsetEndOfDay: 3 };
const DAYS = ['2026-05-04', '2026-05-05', '2026-05-06', '2026-05-07', '2026-05-08'];
/** Wide enough for refunds made a few days after the sale. */
const RANGE = 'from=2026-05-04&to=2026-05-14';
const inRange = (day: string) => day >= '2026-05-04' && day <= '2026-05-14';

/** A week after the test data: the POS feed takes its orders and payouts as being in the past. */
const AFTER_THE_DATA = '2026-05-15T12:00:00-04:00';

/** Runs `fn` with the server's clock at `at` (sessions started inside are valid there), then back at the pin. */
async function atClock<T>(at: string, fn: () => Promise<T>): Promise<T> {
  const clock = ctx.config.clock as ManualClock;
  clock.set(at);
  try {
    return await fn();
  } finally {
    clock.set(TEST_NOW);
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  const [row] = await ctx.db.select({ id: users.restaurantId }).from(users).where(eq(users.email, DEMO_EMAILS.owner));
  harborId = row!.id!;
  const restaurants = await new OrdersRepository(ctx.db).listRestaurantsForDemo();
  const harbor = restaurants.find((r) => r.id === harborId)!;
  dragonId = restaurants.find((r) => r.name.includes('Dragon'))!.id;

  // About 300 random orders through the POS API; the last day is cut at 20:00 local so some checks
  // are still open. Rollups built push by push must then agree with figures computed here.
  const generator = new DemoOrderGenerator(
    { id: harborId, name: harbor.name, clock: CLOCK, weekly: harbor.weekly, menu: 'bistro', ordersPerDay: 60 },
    4242,
    'rt',
  );
  for (const day of DAYS) {
    const until = day === '2026-05-08' ? Date.parse('2026-05-09T00:00:00Z') : undefined;
    for (const o of generator.generateDay(day, 60, until).orders) generated.push(ZIngestOrderRequest.parse(o));
  }
  // The POS refuses times ahead of the server's clock: push as the week after, then back to the pin.
  await atClock(AFTER_THE_DATA, async () => {
    const pos = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
    for (const [i, o] of generated.entries()) {
      const res = await pos({ method: 'POST', url: '/api/api/pos/orders', payload: o });
      if (res.statusCode !== 201) throw new Error(`push ${o.posOrderId}: ${res.statusCode} ${res.body}`);
      // Every tenth order is pushed twice, as a POS retrying after a timeout does.
      if (i % 10 === 0) await pos({ method: 'POST', url: '/api/api/pos/orders', payload: o });
    }
    // Another restaurant's sales in the same tables must never show up in Harbor's reports.
    await new OrdersService(new OrdersRepository(ctx.db)).ingestOrdersFor(dragonId, generated.slice(0, 20), CLOCK);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/api/pos/payouts',
      headers: { authorization: await tokenFor(ctx.app, DEMO_EMAILS.manager) },
      payload: {
        posPayoutId: 'PO-r1',
        amountCents: 4500,
        reason: 'Ice delivery',
        by: 'Marcus Lee',
        at: '2026-05-05T15:00:00Z',
      },
    });
  });
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  manager = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.manager));
  staff = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.staff));
}, 180_000);

afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, who = owner) => who({ method: 'GET', url });
const dayOf = (at: string) => businessDayOf(new Date(at), CLOCK.timeZone, CLOCK.hourOffsetEndOfDay);

/** An XLSX read back as a spreadsheet program reads it (exceljs): its one sheet's name and cells. */
async function readXlsx(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  const sheet = workbook.worksheets[0]!;
  const texts: string[] = [];
  const numbers: number[] = [];
  sheet.eachRow((row) =>
    row.eachCell((cell) => {
      if (typeof cell.value === 'string') texts.push(cell.value);
      if (typeof cell.value === 'number') numbers.push(cell.value);
    }),
  );
  return { name: sheet.name, sheet, texts, numbers, frozen: sheet.views[0]?.state === 'frozen' };
}

/**
 * Records of an RFC 4180 CSV as a spreadsheet reads them: quoted fields may hold commas, CRLF and
 * doubled quotes. Throws on a stray quote, so a file that does not parse fails the test.
 */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') field += text[++i];
      else quoted = false;
    } else if (c === '"') {
      if (field !== '') throw new Error(`stray quote at ${i}`);
      quoted = true;
    } else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  if (quoted) throw new Error('unterminated quote');
  if (field !== '' || record.length > 0) throw new Error('the last record does not end with CRLF');
  return records;
}

/** The summary computed straight from the pushed payloads with the shared definitions. */
function expectedSummary() {
  const e = {
    gross: 0,
    discount: 0,
    comp: 0,
    void: 0,
    net: 0,
    tax: 0,
    service: 0,
    tip: 0,
    orders: 0,
    guests: 0,
    paid: 0,
    refunds: 0,
    refundNet: 0,
  };
  for (const o of generated) {
    if (inRange(dayOf(o.openedAt)) && o.status !== 'open') {
      const t = orderTotals(o);
      e.void += t.voidCents;
      if (o.status === 'closed') {
        e.gross += t.grossSalesCents;
        e.discount += t.discountCents;
        e.comp += t.compCents;
        e.net += t.netSalesCents;
        e.tax += t.taxCents;
        e.service += t.serviceChargeCents;
        e.tip += t.tipCents;
        e.orders += 1;
        e.guests += o.partySize;
      }
    }
    for (const p of o.payments) if (inRange(dayOf(p.paidAt))) e.paid += p.amountCents;
    for (const r of o.refunds) {
      if (!inRange(dayOf(r.at))) continue;
      e.refunds += r.amountCents;
      // a refund of a closed order takes its net sales and tax off its own day (issue 23)
      if (o.status !== 'closed') continue;
      const t = orderTotals(o);
      const [net = 0, , tax = 0] = splitCents(r.amountCents, [
        t.netSalesCents,
        t.serviceChargeCents,
        t.taxCents,
        t.tipCents,
      ]);
      e.net -= net;
      e.tax -= tax;
      e.refundNet += net;
    }
  }
  return e;
}

describe('sales summary', () => {
  it('equals the figures computed from the raw pushed orders (rollups vs raw rows)', async () => {
    const res = await get(`/api${REPORT_PATHS.salesSummary}?${RANGE}`);
    expect(res.statusCode).toBe(200);
    const body = ZSalesSummaryResponse.parse(res.json());
    const e = expectedSummary();
    expect(generated.length).toBeGreaterThan(250);
    expect(generated.some((o) => o.status === 'open')).toBe(true);
    expect(body.current).toMatchObject({
      grossSalesCents: e.gross,
      discountCents: e.discount,
      compCents: e.comp,
      voidCents: e.void,
      netSalesCents: e.net,
      taxCents: e.tax,
      serviceChargeCents: e.service,
      tipCents: e.tip,
      refundCents: e.refunds,
      totalCollectedCents: e.paid - e.refunds,
      orderCount: e.orders,
      guestCount: e.guests,
    });
    expect(e.refundNet).toBeGreaterThan(0);
    expect(body.current.averageCheckCents).toBe(Math.round(e.net / e.orders));
    expect(body.previousRange).toEqual({ from: '2026-04-23', to: '2026-05-03' });
  });

  it('matches the same summary computed by SQL from the raw order rows, channel by channel', async () => {
    const repo = new ReportsRepository(ctx.db);
    const range = { from: '2026-05-04', to: '2026-05-14' };
    const [rollup, raw] = await Promise.all([
      repo.salesByChannel(harborId, range),
      repo.rawSalesByChannel(harborId, range),
    ]);
    expect(Object.fromEntries(rollup)).toEqual(Object.fromEntries(raw));
  });

  it('adds up: channels, hours and days sum to net sales; items and categories (as sold) less refunds too', async () => {
    const summary = (await get(`/api${REPORT_PATHS.salesSummary}?${RANGE}`)).json();
    const net = summary.current.netSalesCents;
    const { refundNet } = expectedSummary();
    const sum = (xs: number[]) => xs.reduce((t, x) => t + x, 0);
    expect(sum(summary.byChannel.map((c: { current: { netSalesCents: number } }) => c.current.netSalesCents))).toBe(
      net,
    );
    expect(sum(summary.byChannel.map((c: { current: { orderCount: number } }) => c.current.orderCount))).toBe(
      summary.current.orderCount,
    );

    const items = ZItemSalesResponse.parse((await get(`/api${REPORT_PATHS.itemSales}?${RANGE}`)).json());
    expect(items.totals.netCents - refundNet).toBe(net);
    expect(sum(items.rows.map((r) => r.netCents)) - refundNet).toBe(net);
    expect(items.totals.compCents).toBe(summary.current.compCents);
    expect(items.totals.discountCents).toBe(summary.current.discountCents);
    expect(items.totals.grossCents).toBe(summary.current.grossSalesCents);

    const categories = (await get(`/api${REPORT_PATHS.categorySales}?${RANGE}`)).json();
    expect(sum(categories.rows.map((r: { netCents: number }) => r.netCents)) - refundNet).toBe(net);

    for (const granularity of ['hour', 'day', 'week', 'month']) {
      const trends = (await get(`/api${REPORT_PATHS.salesTrends}?${RANGE}&granularity=${granularity}`)).json();
      expect(sum(trends.points.map((p: { netSalesCents: number }) => p.netSalesCents)), granularity).toBe(net);
    }
    const hours = (await get(`/api${REPORT_PATHS.salesTrends}?${RANGE}&granularity=hour`)).json();
    expect(hours.points).toHaveLength(24);
    // The business day starts at the end-of-day hour (3), so the chart reads 03:00 ... 02:00.
    expect(hours.points[0].key).toBe('03');
  });

  it('adds up: payment methods minus refunds equal total collected; discounts, taxes, comps and voids match', async () => {
    const summary = (await get(`/api${REPORT_PATHS.salesSummary}?${RANGE}`)).json().current;
    const payments = (await get(`/api${REPORT_PATHS.paymentMethods}?${RANGE}`)).json();
    expect(payments.totals.netCents).toBe(summary.totalCollectedCents);
    expect(payments.totals.amountCents - payments.totals.refundCents).toBe(summary.totalCollectedCents);
    expect(payments.totals.refundCents).toBe(summary.refundCents);
    expect(
      payments.rows.find((r: { method: string; cardBrand: string }) => r.method === 'card' && r.cardBrand === 'visa'),
    ).toBeDefined();

    const discounts = (await get(`/api${REPORT_PATHS.discounts}?${RANGE}`)).json();
    expect(discounts.totals.amountCents).toBe(summary.discountCents);
    const taxes = (await get(`/api${REPORT_PATHS.taxes}?${RANGE}`)).json();
    expect(taxes.totals.taxCents).toBe(summary.taxCents);
    expect(taxes.rows[0]).toMatchObject({ name: 'Sales tax', rateMilliPercent: 10_100 });

    const compsVoids = (await get(`/api${REPORT_PATHS.compsVoids}?${RANGE}&pageSize=5`)).json();
    expect(compsVoids.totals.compCents).toBe(summary.compCents);
    expect(compsVoids.totals.voidCents).toBe(summary.voidCents);
    expect(compsVoids.totals.refundCents).toBe(summary.refundCents);
    expect(compsVoids.totals.refundCents).toBeGreaterThan(0);
    expect(compsVoids.rows.length).toBeLessThanOrEqual(5);
    expect(compsVoids.total).toBeGreaterThan(0);
    expect(compsVoids.rows[0].by).not.toBe('');
    expect(compsVoids.rows[0].reason).not.toBe('');
  });

  it('counts option sales as line quantity x option quantity on lines that were not voided', async () => {
    const expected = new Map<string, number>();
    for (const o of generated) {
      if (o.status !== 'closed' || !inRange(dayOf(o.openedAt))) continue;
      for (const line of o.items) {
        if (line.voided) continue;
        for (const op of line.options) {
          const key = `${op.group}/${op.name}`;
          expected.set(key, (expected.get(key) ?? 0) + line.quantity * op.quantity);
        }
      }
    }
    const options = (await get(`/api${REPORT_PATHS.optionSales}?${RANGE}`)).json();
    const actual = new Map(
      options.rows.map((r: { group: string; optionName: string; quantity: number }) => [
        `${r.group}/${r.optionName}`,
        r.quantity,
      ]),
    );
    expect(actual).toEqual(expected);
    expect(lineGrossCents({ quantity: 2, unitPriceCents: 100, options: [{ priceCents: 50, quantity: 1 }] })).toBe(300);
  });

  it('shows operation figures: open checks and voided orders counted apart from sales', async () => {
    const op = (await get(`/api${REPORT_PATHS.operation}?${RANGE}`)).json().current;
    expect(op.openOrderCount).toBe(generated.filter((o) => o.status === 'open').length);
    expect(op.voidedOrderCount).toBe(generated.filter((o) => o.status === 'voided').length);
    expect(op.averageTurnMinutes).toBeGreaterThan(30);
  });

  it('lists payouts with totals', async () => {
    const res = (await get(`/api${REPORT_PATHS.payout}?${RANGE}`)).json();
    expect(res.totals).toMatchObject({ cashCount: 1, cashCents: 4500 });
    expect(res.rows[0]).toMatchObject({ kind: 'cash', reason: 'Ice delivery', by: 'Marcus Lee' });
  });

  it('refuses a reversed or too long range with a field error', async () => {
    const res = await get(`/api${REPORT_PATHS.salesSummary}?from=2026-05-10&to=2026-05-01`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.to).toMatch(/end date/);
  });
});

describe('a day in progress', () => {
  // 12:30 on 2026-05-08 (9.5 hours into the business day that began at 03:00): "today" is compared
  // with 2026-05-07 up to 12:30, not with all of it.
  const NOW = '2026-05-08T12:30:00-04:00';
  const UNTIL = Date.parse('2026-05-07T12:30:00-04:00');
  /** GET as the owner with a session started at the clock's current time. */
  const getNow = async (url: string) => as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner))({ method: 'GET', url });

  it('compares today so far with the same time yesterday, and says up to when', async () => {
    await atClock(NOW, async () => {
      const res = ZSalesSummaryResponse.parse(
        (await getNow(`/api${REPORT_PATHS.salesSummary}?from=2026-05-08&to=2026-05-08&preset=today`)).json(),
      );
      expect(res.previousRange).toEqual({ from: '2026-05-07', to: '2026-05-07' });
      expect(res.sameTime).toEqual({
        asOf: new Date(NOW).toISOString(),
        previousUntil: new Date(UNTIL).toISOString(),
      });
      let net = 0;
      let orders = 0;
      let wholeDayNet = 0;
      for (const o of generated) {
        if (dayOf(o.openedAt) !== '2026-05-07' || o.status !== 'closed') continue;
        wholeDayNet += orderTotals(o).netSalesCents;
        if (Date.parse(o.openedAt) < UNTIL && Date.parse(o.closedAt!) < UNTIL) {
          net += orderTotals(o).netSalesCents;
          orders += 1;
        }
      }
      const paid = generated
        .flatMap((o) => o.payments)
        .filter((p) => dayOf(p.paidAt) === '2026-05-07' && Date.parse(p.paidAt) < UNTIL)
        .reduce((t, p) => t + p.amountCents, 0);
      expect(orders).toBeGreaterThan(0);
      expect(net).toBeLessThan(wholeDayNet);
      expect(res.previous?.netSalesCents).toBe(net);
      expect(res.previous?.orderCount).toBe(orders);
      expect((res.previous?.totalCollectedCents ?? 0) + (res.previous?.refundCents ?? 0)).toBe(paid);
      expect(res.byChannel.reduce((t, c) => t + (c.previous?.netSalesCents ?? 0), 0)).toBe(net);

      // a week in progress: the earlier days whole, the last one up to the same time
      const week = ZSalesSummaryResponse.parse(
        (await getNow(`/api${REPORT_PATHS.salesSummary}?from=2026-05-04&to=2026-05-08&preset=thisWeek`)).json(),
      );
      expect(week.sameTime?.previousUntil).toBe(new Date('2026-05-01T12:30:00-04:00').toISOString());
    });
  });

  it('compares a day that is over with the whole comparison day', async () => {
    await atClock(NOW, async () => {
      const res = ZSalesSummaryResponse.parse(
        (await getNow(`/api${REPORT_PATHS.salesSummary}?from=2026-05-07&to=2026-05-07&preset=yesterday`)).json(),
      );
      expect(res.sameTime).toBeNull();
      const operation = (
        await getNow(`/api${REPORT_PATHS.operation}?from=2026-05-08&to=2026-05-08&preset=today`)
      ).json();
      expect(operation.sameTime.previousUntil).toBe(new Date(UNTIL).toISOString());
    });
  });

  it('compares every other section up to the same time too: items, options, payments, discounts, taxes, comps and voids, trends, payouts', async () => {
    await atClock(NOW, async () => {
      const today = 'from=2026-05-08&to=2026-05-08&preset=today';
      const summary = ZSalesSummaryResponse.parse((await getNow(`/api${REPORT_PATHS.salesSummary}?${today}`)).json());
      const previous = summary.previous!;
      const section = async (path: string, extra = '') => {
        const res = await getNow(`/api${path}?${today}${extra}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body.sameTime, path).toEqual(summary.sameTime);
        return body;
      };
      /** The same section for all of 2026-05-07, a day that is over (compared whole). */
      const wholeDay = async (path: string) => {
        const body = (await getNow(`/api${path}?from=2026-05-07&to=2026-05-07&preset=yesterday`)).json();
        expect(body.sameTime, path).toBeNull();
        return body;
      };
      const sum = (xs: number[]) => xs.reduce((t, x) => t + x, 0);

      const items = await section(REPORT_PATHS.itemSales);
      expect(items.previousTotals).toMatchObject({
        grossCents: previous.grossSalesCents,
        discountCents: previous.discountCents,
        compCents: previous.compCents,
        netCents: previous.netSalesCents,
      });
      expect(items.previousTotals.netCents).toBeLessThan((await wholeDay(REPORT_PATHS.itemSales)).totals.netCents);
      expect((await section(REPORT_PATHS.categorySales)).previousTotals).toEqual(items.previousTotals);

      let optionQuantity = 0;
      for (const o of generated) {
        if (dayOf(o.openedAt) !== '2026-05-07' || o.status !== 'closed' || Date.parse(o.closedAt!) >= UNTIL) continue;
        for (const line of o.items) {
          if (!line.voided) for (const op of line.options) optionQuantity += line.quantity * op.quantity;
        }
      }
      const options = await section(REPORT_PATHS.optionSales);
      expect(options.previousTotals.quantity).toBe(optionQuantity);
      expect(optionQuantity).toBeLessThan((await wholeDay(REPORT_PATHS.optionSales)).totals.quantity);

      const payments = await section(REPORT_PATHS.paymentMethods);
      expect(payments.previousTotals.netCents).toBe(previous.totalCollectedCents);
      expect(payments.previousTotals.refundCents).toBe(previous.refundCents);
      expect(payments.previousTotals.amountCents).toBeLessThan(
        (await wholeDay(REPORT_PATHS.paymentMethods)).totals.amountCents,
      );

      expect((await section(REPORT_PATHS.discounts)).previousTotals.amountCents).toBe(previous.discountCents);
      expect((await section(REPORT_PATHS.taxes)).previousTotals.taxCents).toBe(previous.taxCents);
      const compsVoids = await section(REPORT_PATHS.compsVoids);
      expect(compsVoids.previousTotals).toMatchObject({ compCents: previous.compCents, voidCents: previous.voidCents });

      for (const granularity of ['hour', 'day']) {
        const trends = await section(REPORT_PATHS.salesTrends, `&granularity=${granularity}`);
        const net = sum(trends.previousPoints.map((p: { netSalesCents: number }) => p.netSalesCents));
        expect(net, granularity).toBe(previous.netSalesCents);
      }
      await section(REPORT_PATHS.payout);
    });
  });

  it('counts a payout of a cut comparison day only if it was paid by the cut', async () => {
    // 'Ice delivery' was paid at 15:00 UTC on 2026-05-05
    const repo = new ReportsRepository(ctx.db);
    const day = { from: '2026-05-04', to: '2026-05-05' };
    expect(await repo.payoutTotals(harborId, day, new Date('2026-05-05T14:00:00Z'))).toMatchObject({ cashCount: 0 });
    expect(await repo.payoutTotals(harborId, day, new Date('2026-05-05T16:00:00Z'))).toMatchObject({
      cashCount: 1,
      cashCents: 4500,
    });
    expect(await repo.payoutTotals(harborId, day)).toMatchObject({ cashCount: 1 });
  });
});

describe('before the day’s first sale', () => {
  // 08:00 on Monday 2026-05-11: the test data ends on Friday 2026-05-08, no order yet today.
  const EIGHT_AM = '2026-05-11T08:00:00-04:00';
  const getNow = async (url: string) => as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner))({ method: 'GET', url });

  it('the summary and the transactions of an empty today name the last business day with sales', async () => {
    await atClock(EIGHT_AM, async () => {
      const summary = ZSalesSummaryResponse.parse(
        (await getNow(`/api${REPORT_PATHS.salesSummary}?from=2026-05-11&to=2026-05-11&preset=today`)).json(),
      );
      expect(summary.current.orderCount).toBe(0);
      expect(summary.lastSalesDay).toBe('2026-05-08');
      const transactions = (await getNow('/api/api/transactions?from=2026-05-11&to=2026-05-11')).json();
      expect(transactions.total).toBe(0);
      expect(transactions.lastSalesDay).toBe('2026-05-08');
    });
  });

  it('a day with sales names itself, a day before any sale names none', async () => {
    const withSales = (await get(`/api${REPORT_PATHS.salesSummary}?from=2026-05-05&to=2026-05-07`)).json();
    expect(withSales.lastSalesDay).toBe('2026-05-07');
    const beforeAll = (await get(`/api${REPORT_PATHS.salesSummary}?from=2020-01-01&to=2020-01-01`)).json();
    expect(beforeAll.lastSalesDay).toBeNull();
  });
});

describe('exports', () => {
  it('writes the item sales CSV with a BOM, the header, a known row and the totals row', async () => {
    const res = await get(`/api${REPORT_PATHS.itemSales}/export?${RANGE}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    // named after the restaurant and the table, days in ISO
    expect(fileNameOf(res.headers['content-disposition'] as string)).toBe(
      'Harbor Bistro - Item sales - 2026-05-04_2026-05-14.csv',
    );
    const text = res.body;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split('\r\n');
    // In the screen's words (reports.json), so the file reads like the table.
    expect(lines[0]).toBe(
      'Item id,Item,Category,Qty,Gross sales,Discounts,Comps,Net sales,Share (%),Prev. qty,Prev. net sales',
    );
    const json = (await get(`/api${REPORT_PATHS.itemSales}?${RANGE}`)).json();
    const top = json.rows[0];
    const cents = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
    expect(lines[1]).toBe(
      [
        top.itemId,
        top.itemName,
        top.category,
        top.quantity,
        cents(top.grossCents),
        cents(top.discountCents),
        cents(top.compCents),
        cents(top.netCents),
        (top.share * 100).toFixed(2),
        0,
        '0.00',
      ].join(','),
    );
    const totals = lines.find((l) => l.startsWith('Total,'));
    expect(totals).toBe(
      `Total,,,${json.totals.quantity},${cents(json.totals.grossCents)},${cents(json.totals.discountCents)},${cents(json.totals.compCents)},${cents(json.totals.netCents)},100.00,0,0.00`,
    );
    expect(lines.at(-1)).toBe('');
  });

  it('exports every section as CSV', async () => {
    for (const [section, path] of Object.entries(REPORT_PATHS)) {
      const res = await get(`/api${path}/export?${RANGE}`);
      expect(res.statusCode, section).toBe(200);
      expect(res.body.split('\r\n').length, section).toBeGreaterThan(2);
    }
  });

  it('writes a valid XLSX: a zip whose sheet XML holds the header and the rows', async () => {
    const res = await get(`/api${REPORT_PATHS.paymentMethods}/export?${RANGE}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(fileNameOf(res.headers['content-disposition'] as string)).toBe(
      'Harbor Bistro - Payment Methods - 2026-05-04_2026-05-14.xlsx',
    );
    const zip = res.rawPayload;
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    const book = await readXlsx(zip);
    expect(book.frozen).toBe(true);
    expect(book.sheet.getRow(1).getCell(1).value).toBe('Payment method');
    expect(book.texts).toEqual(expect.arrayContaining(['Card', 'Visa', 'Total']));
    const payments = (await get(`/api${REPORT_PATHS.paymentMethods}?${RANGE}`)).json();
    // money is a number (the sheet can sum it) shown as currency through the money format
    const money: ExcelJS.Cell[] = [];
    book.sheet.getColumn(4).eachCell((cell) => {
      if (cell.value === payments.totals.amountCents / 100) money.push(cell);
    });
    expect(money.length).toBeGreaterThan(0);
    expect(money[0]!.numFmt).toMatch(/^"\$"#,##0\.00/);
    // the count column stays a plain number
    const counts: ExcelJS.Cell[] = [];
    book.sheet.getColumn(3).eachCell((cell) => {
      if (cell.value === payments.totals.count) counts.push(cell);
    });
    expect(counts.length).toBeGreaterThan(0);
    expect(counts[0]!.numFmt ?? 'General').toBe('General');
  });

  it('shows the order number people see in the comps and voids file, not the POS id', async () => {
    const res = await get(`/api${REPORT_PATHS.compsVoids}/export?${RANGE}`);
    const records = parseCsv(res.body.slice(1));
    expect(records[0]!.slice(0, 3)).toEqual(['Type', 'Order', 'Item']);
    const list = ZCompsVoidsResponse.parse((await get(`/api${REPORT_PATHS.compsVoids}?${RANGE}&pageSize=200`)).json());
    const numbered = list.rows.find((r) => r.orderNumber !== null)!;
    expect(numbered.orderNumber).not.toBe(numbered.posOrderId);
    const orderColumn = records.slice(1).map((r) => r[1]);
    expect(orderColumn).toContain(numbered.orderNumber);
    expect(orderColumn).not.toContain(numbered.posOrderId);
  });

  it('writes tips in the restaurant’s own words in the file, as on screen', async () => {
    await ctx.db.execute(
      sql`update restaurants set config = config || '{"tipWord":"Gratuity","tipWordZh":"赏金"}'::jsonb where id = ${harborId}`,
    );
    try {
      const en = parseCsv((await get(`/api${REPORT_PATHS.salesSummary}/export?${RANGE}`)).body.slice(1));
      expect(en[0]).toContain('Gratuities');
      expect(en[0]).not.toContain('Tips');
      const zh = parseCsv((await get(`/api${REPORT_PATHS.salesSummary}/export?${RANGE}&lang=zh`)).body.slice(1));
      expect(zh[0]).toContain('赏金');
      expect(zh[0]).toContain('附加费');
    } finally {
      await ctx.db.execute(
        sql`update restaurants set config = config - 'tipWord' - 'tipWordZh' where id = ${harborId}`,
      );
    }
    // SPEC 1: without a word of its own, tips are the service-charge word; service fees stay 附加费
    const plain = parseCsv((await get(`/api${REPORT_PATHS.salesSummary}/export?${RANGE}&lang=zh`)).body.slice(1));
    expect(plain[0]).toContain('服务费');
    expect(plain[0]).toContain('附加费');
    expect(plain[0]).not.toContain('小费');
  });
});

describe('exports in Chinese', () => {
  it('writes a zh CSV with Chinese headers, channel names and the 合计 row, still BOM-led and parseable', async () => {
    const res = await get(`/api${REPORT_PATHS.salesSummary}/export?${RANGE}&lang=zh`);
    expect(res.statusCode).toBe(200);
    // named in the file's language; the ASCII fallback name is for old clients only
    expect(fileNameOf(res.headers['content-disposition'] as string)).toBe(
      'Harbor Bistro - 销售汇总 - 2026-05-04_2026-05-14.csv',
    );
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const records = parseCsv(res.body.slice(1));
    expect(records[0]).toEqual([
      '渠道',
      '销售总额',
      '折扣',
      '赠送',
      '作废',
      '净销售额',
      '税费',
      '附加费',
      '服务费',
      '退款',
      '实收总额',
      '订单数',
      '客人数',
      '单均消费',
      '人均消费',
      '礼品卡销售（负债，不计入净销售额）',
    ]);
    expect(records.map((r) => r[0])).toEqual([
      '渠道',
      '堂食',
      '外带',
      '自助点餐机',
      '外卖',
      '合计',
      '合计（上一周期）',
    ]);
    for (const record of records) expect(record).toHaveLength(records[0]!.length);
    const json = ZSalesSummaryResponse.parse((await get(`/api${REPORT_PATHS.salesSummary}?${RANGE}`)).json());
    expect(records[5]![5]).toBe(centsToDecimal(json.current.netSalesCents));
  });

  it('writes the zh item sales header in the words of the screen', async () => {
    const res = await get(`/api${REPORT_PATHS.itemSales}/export?${RANGE}&lang=zh`);
    const records = parseCsv(res.body.slice(1));
    expect(records[0]!.join(',')).toBe(
      '菜品编号,菜品,分类,数量,销售总额,折扣,赠送,净销售额,占比 (%),上期数量,上期净销售额',
    );
    expect(records.at(-1)![0]).toBe('合计');
  });

  it('writes a zh XLSX whose sheet holds the Chinese header, method names and totals label', async () => {
    const res = await get(`/api${REPORT_PATHS.paymentMethods}/export?${RANGE}&format=xlsx&lang=zh`);
    expect(res.statusCode).toBe(200);
    expect(fileNameOf(res.headers['content-disposition'] as string)).toBe(
      'Harbor Bistro - 支付方式 - 2026-05-04_2026-05-14.xlsx',
    );
    const book = await readXlsx(res.rawPayload);
    // the sheet is named in Chinese too
    expect(book.name).toBe('支付方式');
    for (const text of ['支付方式', '卡组织', '笔数', '金额', '净收款', '银行卡', '现金', '合计']) {
      expect(book.texts, text).toContain(text);
    }
    expect(book.texts).not.toContain('Payment method');
    const payments = ZPaymentMethodsResponse.parse((await get(`/api${REPORT_PATHS.paymentMethods}?${RANGE}`)).json());
    expect(book.numbers).toContain(payments.totals.amountCents / 100);
  });

  it('refuses a language other than en or zh with a field error', async () => {
    const res = await get(`/api${REPORT_PATHS.itemSales}/export?${RANGE}&lang=fr`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.lang).toBeDefined();
  });
});

describe('sorted event lists', () => {
  // Four more cash payouts beside 'Ice delivery' (45.00): two tie on amount, one reason needs quoting.
  const PAYOUTS = [
    { posPayoutId: 'PO-s1', amountCents: 1200, reason: '冰块, "加急"', by: '王师傅', at: '2026-05-06T16:00:00Z' },
    { posPayoutId: 'PO-s2', amountCents: 9900, reason: 'Produce', by: 'Marcus Lee', at: '2026-05-07T14:00:00Z' },
    { posPayoutId: 'PO-s3', amountCents: 1200, reason: 'Tip out', by: 'Marcus Lee', at: '2026-05-08T20:00:00Z' },
    { posPayoutId: 'PO-s4', amountCents: 300, reason: 'Stamps', by: 'Marcus Lee', at: '2026-05-09T15:00:00Z' },
  ];

  beforeAll(async () => {
    await atClock(AFTER_THE_DATA, async () => {
      const pos = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.manager));
      for (const payload of PAYOUTS) {
        const res = await pos({ method: 'POST', url: '/api/api/pos/payouts', payload });
        if (res.statusCode !== 201) throw new Error(`payout ${payload.posPayoutId}: ${res.statusCode} ${res.body}`);
      }
    });
  });

  const compsVoidsPage = async (query: string) =>
    ZCompsVoidsResponse.parse((await get(`/api${REPORT_PATHS.compsVoids}?${RANGE}&${query}`)).json());
  const payoutsPage = async (query: string) =>
    ZPayoutsResponse.parse((await get(`/api${REPORT_PATHS.payout}?${RANGE}&${query}`)).json());
  const lineKey = (r: TCompVoidRow) => `${r.posOrderId}/${r.itemName}/${r.kind}/${r.at}`;

  it('sorts comps and voids by amount, largest first, across pages and without repeats', async () => {
    const pages = [];
    for (const page of [1, 2, 3])
      pages.push(await compsVoidsPage(`sort=amountCents&order=desc&pageSize=7&page=${page}`));
    expect(pages[0]!.total).toBeGreaterThan(14);
    const rows = pages.flatMap((p) => p.rows);
    const amounts = rows.map((r) => r.amountCents);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    // The largest line of the whole range leads page 1, not just the largest of the newest seven.
    const all = await compsVoidsPage('pageSize=200');
    expect(amounts[0]).toBe(Math.max(...all.rows.map((r) => r.amountCents)));
    // Ties keep one order (the line's key breaks them), so pages neither repeat nor skip a line.
    const onePage = await compsVoidsPage(`sort=amountCents&order=desc&pageSize=${rows.length}`);
    expect(rows.map(lineKey)).toEqual(onePage.rows.map(lineKey));
    expect(new Set(rows.map(lineKey)).size).toBe(rows.length);
  });

  it('sorts comps and voids by item name on request and lists them newest first by default', async () => {
    const names = (await compsVoidsPage('sort=itemName&order=asc&pageSize=200')).rows.map((r) =>
      r.itemName.toLowerCase(),
    );
    expect(names).toEqual([...names].sort());
    const times = (await compsVoidsPage('pageSize=200')).rows.map((r) => r.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('sorts payouts by amount, smallest first, with equal amounts in a stable order across pages', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await payoutsPage(`sort=amountCents&order=asc&pageSize=2&page=${page}`));
    expect(pages.map((p) => p.rows.length)).toEqual([2, 2, 1]);
    const rows = pages.flatMap((p) => p.rows);
    expect(rows.map((r) => r.amountCents)).toEqual([300, 1200, 1200, 4500, 9900]);
    // The two 12.00 payouts tie; the one recorded first comes first, on every request.
    expect(rows.map((r) => r.reason)).toEqual(['Stamps', '冰块, "加急"', 'Tip out', 'Ice delivery', 'Produce']);
  });

  it('lists payouts newest first unless asked otherwise', async () => {
    const newest = (await payoutsPage('pageSize=10')).rows.map((r) => r.reason);
    expect(newest).toEqual(['Stamps', 'Tip out', 'Produce', '冰块, "加急"', 'Ice delivery']);
    const oldest = (await payoutsPage('sort=at&order=asc&pageSize=10')).rows.map((r) => r.reason);
    expect(oldest).toEqual([...newest].reverse());
    expect((await payoutsPage('sort=kind&order=asc')).rows).toHaveLength(5);
  });

  it('refuses a sort key outside the section’s list, or an unknown order, with a field error', async () => {
    for (const url of [
      `/api${REPORT_PATHS.compsVoids}?${RANGE}&sort=reason`,
      `/api${REPORT_PATHS.compsVoids}?${RANGE}&sort=${encodeURIComponent('gross_cents; drop table orders')}`,
      `/api${REPORT_PATHS.payout}?${RANGE}&sort=itemName`,
      `/api${REPORT_PATHS.payout}/export?${RANGE}&sort=paid_by`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.sort, url).toBeDefined();
    }
    const res = await get(`/api${REPORT_PATHS.compsVoids}?${RANGE}&sort=at&order=sideways`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.order).toBeDefined();
  });

  it('exports the list in the asked order', async () => {
    const res = await get(`/api${REPORT_PATHS.payout}/export?${RANGE}&sort=amountCents&order=desc`);
    const records = parseCsv(res.body.slice(1));
    expect(records.slice(1, 6).map((r) => r[2])).toEqual(['99.00', '45.00', '12.00', '12.00', '3.00']);
  });

  it('writes a zh payout CSV that quotes a reason with a comma and quotes, with Chinese kinds and totals', async () => {
    const res = await get(`/api${REPORT_PATHS.payout}/export?${RANGE}&lang=zh`);
    expect(res.statusCode).toBe(200);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    expect(res.body).toContain('"冰块, ""加急"""');
    const records = parseCsv(res.body.slice(1));
    expect(records[0]).toEqual(['类型', '时间', '金额', '原因', '操作人']);
    const iced = records.find((r) => r[3] === '冰块, "加急"');
    expect(iced).toEqual(['现金支出', '2026-05-06 12:00', '12.00', '冰块, "加急"', '王师傅']);
    expect(records.at(-2)).toEqual(['现金支出合计', '', '171.00', '5 笔支出', '']);
    expect(records.at(-1)).toEqual(['入账合计', '', '0.00', '0 笔入账', '']);
  });
});

describe('permissions', () => {
  it('refuses staff the reports, transactions and analytics', async () => {
    for (const url of [
      `/api${REPORT_PATHS.salesSummary}?${RANGE}`,
      `/api${REPORT_PATHS.itemSales}/export?${RANGE}`,
      `/api/api/transactions?${RANGE}`,
      `/api/api/analytics/overview?${RANGE}`,
      '/api/api/dashboard/today',
      '/api/api/order-calendar?month=2026-05',
    ]) {
      const res = await get(url, staff);
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('gives the manager the reports but not transactions or analytics', async () => {
    expect((await get(`/api${REPORT_PATHS.salesSummary}?${RANGE}`, manager)).statusCode).toBe(200);
    expect((await get(`/api/api/transactions?${RANGE}`, manager)).statusCode).toBe(403);
    expect((await get(`/api/api/analytics/overview?${RANGE}`, manager)).statusCode).toBe(403);
  });
});

describe('transactions', () => {
  it('pages payments and refunds newest first, with totals over every match', async () => {
    const page1 = (await get(`/api/api/transactions?${RANGE}&pageSize=20`)).json();
    const page2 = (await get(`/api/api/transactions?${RANGE}&pageSize=20&page=2`)).json();
    const paid = generated.flatMap((o) => o.payments).filter((p) => inRange(dayOf(p.paidAt)));
    const refunded = generated.flatMap((o) => o.refunds).filter((r) => inRange(dayOf(r.at)));
    expect(page1.total).toBe(paid.length + refunded.length);
    expect(page1.totals.paymentCents).toBe(paid.reduce((t, p) => t + p.amountCents, 0));
    expect(page1.rows).toHaveLength(20);
    expect(page1.rows[0].at >= page1.rows[19].at).toBe(true);
    expect(page1.rows[19].at >= page2.rows[0].at).toBe(true);
    const keys = new Set([...page1.rows, ...page2.rows].map((r: { key: string }) => r.key));
    expect(keys.size).toBe(40);
  });

  it('filters by method, kind, amount and search text', async () => {
    const cash = (await get(`/api/api/transactions?${RANGE}&method=cash&pageSize=200`)).json();
    expect(cash.rows.length).toBeGreaterThan(0);
    expect(cash.rows.every((r: { method: string }) => r.method === 'cash')).toBe(true);

    const refunds = (await get(`/api/api/transactions?${RANGE}&kind=refund`)).json();
    expect(refunds.total).toBe(generated.flatMap((o) => o.refunds).filter((r) => inRange(dayOf(r.at))).length);
    expect(refunds.rows.every((r: { kind: string; reason: string }) => r.kind === 'refund' && r.reason)).toBe(true);

    const big = (await get(`/api/api/transactions?${RANGE}&minCents=10000&maxCents=20000&pageSize=200`)).json();
    expect(big.rows.every((r: { amountCents: number }) => r.amountCents >= 10000 && r.amountCents <= 20000)).toBe(true);

    const target = generated.find((o) => o.payments.length > 0 && inRange(dayOf(o.payments[0]!.paidAt)))!;
    const found = (await get(`/api/api/transactions?${RANGE}&q=${encodeURIComponent(target.posOrderId)}`)).json();
    expect(found.rows.map((r: { posOrderId: string }) => r.posOrderId)).toContain(target.posOrderId);
    expect(found.rows.every((r: { posOrderId: string }) => r.posOrderId.startsWith(target.posOrderId))).toBe(true);

    const bad = await get(`/api/api/transactions?${RANGE}&minCents=500&maxCents=100`);
    expect(bad.statusCode).toBe(400);
  });

  it('shows the order behind a transaction, and 404 for another restaurant’s order', async () => {
    const list = (await get(`/api/api/transactions?${RANGE}&pageSize=1`)).json();
    const detail = await get(`/api/api/transactions/order/${list.rows[0].orderId}`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    const listed = list.rows[0].kind === 'payment' ? body.payments : body.refunds;
    expect(listed.map((p: { id: number }) => p.id)).toContain(list.rows[0].id);
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.totals.paidCents).toBeGreaterThan(0);

    const rows = await rowsOf(ctx.db, sql`select id from orders where restaurant_id = ${dragonId} limit 1`);
    const dragonOrder = Number(rows[0]!.id);
    expect((await get(`/api/api/transactions/order/${dragonOrder}`)).statusCode).toBe(404);
    expect((await get('/api/api/transactions/order/999999999')).statusCode).toBe(404);
  });
});

describe('transactions export', () => {
  it('writes every row the list’s filters match, with the order number, negative refunds and totals', async () => {
    const list = (await get(`/api/api/transactions?${RANGE}&method=card`)).json();
    const res = await get(`/api/api/transactions/export?${RANGE}&method=card`);
    expect(res.statusCode).toBe(200);
    expect(fileNameOf(res.headers['content-disposition'] as string)).toBe(
      'Harbor Bistro - Transactions - 2026-05-04_2026-05-14.csv',
    );
    const records = parseCsv(res.body.slice(1));
    expect(records[0]).toEqual([
      'Time',
      'Business day',
      'Type',
      'Order',
      'Channel',
      'Method',
      'Card brand',
      'Card last 4',
      'Server',
      'Amount',
      'Tip',
      'Status',
      'Reason',
      'By',
    ]);
    const rows = records.slice(1, -2);
    // every page of the filtered list, not one
    expect(rows).toHaveLength(list.total);
    expect(list.total).toBeGreaterThan(list.pageSize);
    expect(rows.every((r) => r[5] === 'Card')).toBe(true);
    const first = list.rows[0];
    expect(rows[0]![3]).toBe(first.orderNumber ?? first.posOrderId);
    expect(rows[0]![0]).toMatch(/^2026-05-\d\d \d\d:\d\d$/);
    const refund = rows.find((r) => r[2] === 'Refund');
    if (refund) expect(refund[9]!.startsWith('-')).toBe(true);
    expect(records.at(-2)![0]).toBe(`Total payments (${list.totals.paymentCount})`);
    expect(records.at(-2)![9]).toBe(centsToDecimal(list.totals.paymentCents));
    expect(records.at(-1)![0]).toBe(`Total refunds (${list.totals.refundCount})`);
  });

  it('writes the list in Chinese as XLSX with money cells and a Chinese sheet and file name', async () => {
    const res = await get(`/api/api/transactions/export?${RANGE}&kind=refund&format=xlsx&lang=zh`);
    expect(res.statusCode).toBe(200);
    expect(fileNameOf(res.headers['content-disposition'] as string)).toBe(
      'Harbor Bistro - 交易记录 - 2026-05-04_2026-05-14.xlsx',
    );
    const book = await readXlsx(res.rawPayload);
    expect(book.name).toBe('交易记录');
    for (const text of ['时间', '营业日', '订单', '金额', '服务费', '退款']) {
      expect(book.texts, text).toContain(text);
    }
    // a refund's amount: a negative number in a currency cell
    const amount = book.sheet.getCell('J2');
    expect(typeof amount.value === 'number' && amount.value < 0, String(amount.value)).toBe(true);
    expect(amount.numFmt).toMatch(/^"\$"#,##0\.00/);
  });

  it('refuses a bad filter like the list does, and staff', async () => {
    expect((await get(`/api/api/transactions/export?${RANGE}&minCents=500&maxCents=100`)).statusCode).toBe(400);
    expect((await get(`/api/api/transactions/export?${RANGE}&format=pdf`)).statusCode).toBe(400);
    expect((await get(`/api/api/transactions/export?${RANGE}`, staff)).statusCode).toBe(403);
  });
});

describe('order calendar, dashboard and analytics', () => {
  it('gives each day of the month its orders and parties, with the time-zone label', async () => {
    const res = await get('/api/api/order-calendar?month=2026-05');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.timeZone).toBe('America/New_York');
    expect(body.GMT).toMatch(/^GMT-0[45]:00$/);
    expect(body.days).toHaveLength(31);
    const may4 = body.days.find((d: { day: string }) => d.day === '2026-05-04');
    const closed = generated.filter((o) => o.status === 'closed' && dayOf(o.openedAt) === '2026-05-04');
    expect(may4.orders).toBe(closed.length);
    expect(may4.parties).toBe(closed.filter((o) => o.partySize > 0).length);
  });

  it('answers the dashboard with 14 days and the latest orders', async () => {
    const body = (await get('/api/api/dashboard/today')).json();
    expect(body.last14Days).toHaveLength(14);
    expect(body.latestOrders.length).toBe(10);
    expect(body.today.businessDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers the analytic center: comparisons, a full heat map, top and bottom items', async () => {
    const res = await get('/api/api/analytics/overview?from=2026-05-04&to=2026-05-10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.heatmap).toHaveLength(7 * 24);
    const summary = (await get(`/api${REPORT_PATHS.salesSummary}?from=2026-05-04&to=2026-05-10`)).json().current;
    expect(body.heatmap.reduce((t: number, c: { netSalesCents: number }) => t + c.netSalesCents, 0)).toBe(
      summary.netSalesCents,
    );
    expect(body.weekOverWeek.current.netSalesCents).toBe(summary.netSalesCents);
    expect(body.topItems).toHaveLength(10);
    expect(body.topItems[0].netCents).toBeGreaterThanOrEqual(body.topItems[9].netCents);
    expect(body.bottomItems[0].netCents).toBeLessThanOrEqual(body.bottomItems[9].netCents);
  });
});

describe('gift card sales on the summary', () => {
  const DAY = 'from=2026-05-06&to=2026-05-06&preset=custom&compare=true';
  const summary = async () =>
    ZSalesSummaryResponse.parse((await get(`/api${REPORT_PATHS.salesSummary}?${DAY}`)).json());

  /** Gift card movements made at `at` by the owner, each asserted to succeed. */
  async function atTheTill(at: string, work: (owner: ReturnType<typeof as>) => Promise<void>) {
    await atClock(at, async () => work(as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner))));
  }
  const ok = async (res: Promise<{ statusCode: number; body: string; json: () => { id: number } }>) => {
    const done = await res;
    expect(done.statusCode, done.body).toBe(200);
    return done.json();
  };
  const issue = (who: ReturnType<typeof as>, amountCents?: number) =>
    ok(who({ method: 'POST', url: '/api/api/giftcard', payload: { kind: 'physical', amountCents } }));
  const move = (who: ReturnType<typeof as>, id: number, payload: Record<string, unknown>) =>
    ok(who({ method: 'POST', url: `/api/api/giftcard/${id}/activity`, payload }));

  let before: Awaited<ReturnType<typeof summary>>;
  let after: Awaited<ReturnType<typeof summary>>;

  beforeAll(async () => {
    before = await summary();
    // the comparison day: one card sold
    await atTheTill('2026-05-05T12:00:00-04:00', async (who) => void (await issue(who, 400)));
    await atTheTill('2026-05-06T13:00:00-04:00', async (who) => {
      const card = await issue(who, 5000); // activated as it is issued
      await move(who, card.id, { type: 'load', amountCents: 2500 });
      const pending = await issue(who);
      await move(who, pending.id, { type: 'activate', amountCents: 3000 });
      // spending a card is a payment, giving back to it a refund, an adjustment a correction: not sales
      await move(who, card.id, { type: 'redeem', amountCents: 1000, orderRef: 'GC-SALE-1' });
      await move(who, card.id, { type: 'refund', amountCents: 1000, orderRef: 'GC-SALE-1' });
      await move(who, card.id, { type: 'adjustUp', amountCents: 700, reason: 'Goodwill' });
      // a card sold before this system came in with its balance: sold on another day, elsewhere
      await ok(
        who({
          method: 'POST',
          url: '/api/api/giftcard/import',
          payload: { number: 'OLD-GC-0001', balanceCents: 9000 },
        }),
      );
    });
    // 02:00 is still May 6's business day (it ends at 03:00); 04:00 is May 7's
    await atTheTill('2026-05-07T02:00:00-04:00', async (who) => void (await issue(who, 1000)));
    await atTheTill('2026-05-07T04:00:00-04:00', async (who) => void (await issue(who, 8000)));
    after = await summary();
  });

  it('counts the money loaded onto cards (activations and reloads) in the range’s business days', () => {
    expect(after.giftCardSales.current.amountCents - before.giftCardSales.current.amountCents).toBe(
      5000 + 2500 + 3000 + 1000,
    );
    expect(after.giftCardSales.current.count - before.giftCardSales.current.count).toBe(4);
    expect(after.giftCardSales.previous!.amountCents - before.giftCardSales.previous!.amountCents).toBe(400);
  });

  it('keeps gift card sales out of gross sales, net sales and every channel: a liability, not revenue', () => {
    expect(after.current).toEqual(before.current);
    expect(after.previous).toEqual(before.previous);
    expect(after.byChannel).toEqual(before.byChannel);
  });

  it('writes the line in the summary file apart from the channels, in both languages', async () => {
    const en = parseCsv((await get(`/api${REPORT_PATHS.salesSummary}/export?${DAY}`)).body.slice(1));
    expect(en[0]!.at(-1)).toBe('Gift card sales (liability, not in net sales)');
    const total = en.find((r) => r[0] === 'Total')!;
    expect(total.at(-1)).toBe(centsToDecimal(after.giftCardSales.current.amountCents));
    expect(total[5]).toBe(centsToDecimal(after.current.netSalesCents));
    expect(en.find((r) => r[0] === 'Total (previous period)')!.at(-1)).toBe(
      centsToDecimal(after.giftCardSales.previous!.amountCents),
    );
    expect(en.find((r) => r[0] === 'Dine-in')!.at(-1)).toBe('');
    const zh = parseCsv((await get(`/api${REPORT_PATHS.salesSummary}/export?${DAY}&lang=zh`)).body.slice(1));
    expect(zh[0]!.at(-1)).toBe('礼品卡销售（负债，不计入净销售额）');
  });
});
