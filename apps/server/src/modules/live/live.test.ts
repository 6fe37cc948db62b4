import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { rowsOf } from '../../db/sql-util.ts';
import type { App } from '../../app.ts';
import { as, createTestContext, TEST_NOW, tokenFor, type TestContext } from '../../../test/helper.ts';
import { seedDemoOrders } from '../../demo/demo-orders.ts';
import { harbor } from '../team/team.test-support.ts';

let ctx: TestContext;
let other: App;
let ownerToken: string;
let staffToken: string;
let harborId: number;
const base: Record<'a' | 'b', string> = { a: '', b: '' };

interface TEvent {
  id: string | null;
  event: string;
  data: string;
}

/** An SSE client on a real socket: `next()` answers the next event (comments skipped), in order. */
function openStream(url: string, headers: Record<string, string>) {
  const events: TEvent[] = [];
  const waiters: Array<(e: TEvent) => void> = [];
  let status = 0;
  let contentType = '';
  let body = '';
  let close: () => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      status = res.statusCode ?? 0;
      contentType = String(res.headers['content-type'] ?? '');
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        body += chunk;
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const e: TEvent = { id: null, event: 'message', data: '' };
          let fields = 0;
          for (const line of block.split('\n')) {
            const m = /^(id|event|data): ?(.*)$/.exec(line);
            if (!m) continue;
            fields++;
            if (m[1] === 'id') e.id = m[2]!;
            else if (m[1] === 'event') e.event = m[2]!;
            else e.data = m[2]!;
          }
          if (fields === 0) continue;
          const waiter = waiters.shift();
          if (waiter) waiter(e);
          else events.push(e);
        }
      });
      // A refusal is read to its end; a stream is ready as soon as its head arrived.
      if (status === 200) resolve();
      else res.on('end', () => resolve());
    });
    req.on('error', reject);
    close = () => req.destroy();
  });
  return {
    ready,
    get status() {
      return status;
    },
    get contentType() {
      return contentType;
    },
    get body() {
      return body;
    },
    next: () =>
      new Promise<TEvent>((resolve) => {
        const e = events.shift();
        if (e) resolve(e);
        else waiters.push(resolve);
      }),
    /** Events already received and not read. */
    queued: () => events.length,
    close: () => close(),
  };
}

async function stream(server: 'a' | 'b', token: string | null, extra: Record<string, string> = {}) {
  const s = openStream(`${base[server]}/api/api/live/sales`, {
    accept: 'text/event-stream',
    ...(token ? { authorization: token } : {}),
    ...extra,
  });
  await s.ready;
  return s;
}

let voids = 0;
/** A write the POS path makes: today's order voided (again: each call writes the row). */
async function voidAnOrder(): Promise<void> {
  voids++;
  await ctx.db.execute(
    sql`update orders set status = 'voided', voided_at = opened_at, voided_reason = ${`test ${voids}`}
         where restaurant_id = ${harborId} and pos_order_id = 'LIVE-1'`,
  );
}

beforeAll(async () => {
  ctx = await createTestContext();
  ownerToken = await tokenFor(ctx.app, DEMO_EMAILS.owner);
  staffToken = await tokenFor(ctx.app, DEMO_EMAILS.staff);
  harborId = (await harbor(ctx.db)).id;
  await seedDemoOrders(ctx.db, { days: 2, now: new Date(TEST_NOW), restaurantIds: [harborId], busiestPerDay: 6 });
  other = await ctx.buildAnother();
  for (const [key, app] of [
    ['a', ctx.app],
    ['b', other],
  ] as const) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    base[key] = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('live sales stream', () => {
  it('is authorised per restaurant: a credential and the dashboard permission (viewSalesReport)', async () => {
    const anonymous = await stream('a', null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.contentType).toContain('application/json');
    const staff = await stream('a', staffToken);
    expect(staff.status).toBe(403);
    expect(staff.contentType).toContain('application/json');
    expect(JSON.parse(staff.body)).toHaveProperty('key');
    const owner = await stream('a', ownerToken);
    expect(owner.status).toBe(200);
    owner.close();
    const malformed = await as(ctx.app, ownerToken)({ method: 'GET', url: '/api/api/live/sales?since=abc' });
    expect(malformed.statusCode).toBe(400);
    // Without text/event-stream: the current version, once.
    const once = await as(ctx.app, ownerToken)({ method: 'GET', url: '/api/api/live/sales' });
    expect(once.statusCode).toBe(200);
    expect(once.json()).toEqual({ version: expect.any(Number) });
  });

  it('tells every server’s open dashboards of a POS order written through any server, then of a void', async () => {
    const onA = await stream('a', ownerToken);
    const onB = await stream('b', ownerToken);
    expect(onA.status).toBe(200);
    expect(onA.contentType).toContain('text/event-stream');
    const readyA = await onA.next();
    const readyB = await onB.next();
    expect(readyA.event).toBe('ready');
    expect(readyB.id).toBe(readyA.id);
    const start = Number(readyA.id);

    // A POS order pushed to server B reaches the stream on server A.
    const pushed = await as(
      other,
      await tokenFor(other, DEMO_EMAILS.manager),
    )({
      method: 'POST',
      url: '/api/api/pos/orders',
      payload: {
        posOrderId: 'LIVE-1',
        orderNumber: '901',
        channel: 'dineIn',
        partySize: 2,
        status: 'closed',
        openedAt: new Date(Date.parse(TEST_NOW) - 30 * 60_000).toISOString(),
        closedAt: new Date(Date.parse(TEST_NOW) - 5 * 60_000).toISOString(),
        items: [{ posItemId: 'X', name: 'Burger', category: 'Mains', quantity: 1, unitPriceCents: 1900 }],
        taxCents: 0,
        tipCents: 0,
        payments: [
          {
            posPaymentId: 'LIVE-1-p',
            method: 'cash',
            amountCents: 1900,
            tipCents: 0,
            paidAt: new Date(Date.parse(TEST_NOW) - 5 * 60_000).toISOString(),
          },
        ],
      },
    });
    expect(pushed.statusCode, pushed.body).toBe(201);
    const onOrderA = await onA.next();
    const onOrderB = await onB.next();
    expect(onOrderA.event).toBe('sales');
    expect(Number(onOrderA.id)).toBeGreaterThan(start);
    expect(onOrderB.id).toBe(onOrderA.id);
    expect(JSON.parse(onOrderA.data)).toEqual({ version: Number(onOrderA.id) });

    await voidAnOrder();
    const onVoid = await onA.next();
    expect(Number(onVoid.id)).toBeGreaterThan(Number(onOrderA.id));
    onA.close();
    onB.close();
  });

  it('catches up after a drop: a reconnect with Last-Event-ID hears at once what it missed, and only that', async () => {
    const first = await stream('a', ownerToken);
    const ready = await first.next();
    first.close();
    // Written while nobody listened on this restaurant.
    await voidAnOrder();
    const back = await stream('b', ownerToken, { 'last-event-id': String(ready.id) });
    const hello = await back.next();
    expect(hello.event).toBe('ready');
    expect(hello.id).toBe(ready.id);
    const missed = await back.next();
    expect(missed.event).toBe('sales');
    expect(Number(missed.id)).toBe(Number(ready.id) + 1);
    back.close();

    // Up to date: `ready` and nothing else until the next write.
    const upToDate = await stream('a', ownerToken, { 'last-event-id': String(missed.id) });
    expect((await upToDate.next()).event).toBe('ready');
    await voidAnOrder();
    const next = await upToDate.next();
    expect(Number(next.id)).toBe(Number(missed.id) + 1);
    upToDate.close();

    // ?since= for clients that cannot send the header.
    const bySince = await stream('a', ownerToken, {});
    bySince.close();
    const viaQuery = openStream(`${base.a}/api/api/live/sales?since=${ready.id}`, {
      authorization: ownerToken,
      accept: 'text/event-stream',
    });
    await viaQuery.ready;
    expect((await viaQuery.next()).event).toBe('ready');
    expect(Number((await viaQuery.next()).id)).toBe(Number(next.id));
    viaQuery.close();
  });

  it('bumps the version once per statement, however many rows it writes', async () => {
    const before = await rowsOf(ctx.db, sql`select version from live_sales_versions where restaurant_id = ${harborId}`);
    await ctx.db.execute(
      sql`update orders set server_name = server_name where restaurant_id = ${harborId} and business_day >= '2026-03-01'`,
    );
    const rows = await rowsOf(
      ctx.db,
      sql`select count(*)::int as n from orders where restaurant_id = ${harborId} and business_day >= '2026-03-01'`,
    );
    const after = await rowsOf(ctx.db, sql`select version from live_sales_versions where restaurant_id = ${harborId}`);
    expect(Number(rows[0]!.n)).toBeGreaterThan(1);
    expect(Number(after[0]!.version)).toBe(Number(before[0]!.version) + 1);
  });
});
