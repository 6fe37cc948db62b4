import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, ne, sql } from 'drizzle-orm';
import { GIFTCARDS_MESSAGES } from '@ra/shared/giftcards/giftcards.messages';
import { isGiftcardNumber } from '@ra/shared/giftcards/giftcards.schemas';
import { giftcardLedger, giftcards } from '../../db/schema/giftcards.ts';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { as, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { harbor } from '../team/team.test-support.ts';
import { giftcardsModule } from './giftcards.module.ts';
import { pairMatrixDevice } from '../../../test/matrix/devices.ts';
import type { TMatrixEnv } from '../../../test/matrix/types.ts';

const en = (key: keyof typeof GIFTCARDS_MESSAGES) => GIFTCARDS_MESSAGES[key].en;

let ctx: TestContext;
let owner: ReturnType<typeof as>;
let manager: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
let harborId: number;

type TCard = {
  id: number;
  number: string;
  state: string;
  balanceCents: number;
  ledger: { type: string; amountCents: number; balanceAfterCents: number }[];
};

async function issue(amountCents?: number, extra: Record<string, unknown> = {}): Promise<TCard> {
  const res = await owner({
    method: 'POST',
    url: '/api/api/giftcard',
    payload: { kind: 'physical', amountCents, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const act = (id: number, payload: Record<string, unknown>) =>
  owner({ method: 'POST', url: `/api/api/giftcard/${id}/activity`, payload });

async function ledgerSum(cardId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ sum: sql<string>`coalesce(sum(${giftcardLedger.amountCents}), 0)` })
    .from(giftcardLedger)
    .where(and(eq(giftcardLedger.restaurantId, harborId), eq(giftcardLedger.cardId, cardId)));
  return Number(row?.sum ?? 0);
}
async function balance(cardId: number): Promise<number> {
  const [row] = await ctx.db.select({ b: giftcards.balanceCents }).from(giftcards).where(eq(giftcards.id, cardId));
  return row?.b ?? -1;
}

beforeAll(async () => {
  ctx = await createTestContext();
  harborId = (await harbor(ctx.db)).id;
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  manager = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.manager));
  staff = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.staff));
});

afterAll(async () => {
  await ctx?.close();
});

describe('gift cards', () => {
  it('issues a 16-digit Luhn-checked card, loads, redeems and keeps its history', async () => {
    const card = await issue(5000, { holderName: 'Test Holder' });
    expect(isGiftcardNumber(card.number)).toBe(true);
    expect(card).toMatchObject({ state: 'active', balanceCents: 5000 });
    await act(card.id, { type: 'load', amountCents: 2500 });
    const after = (await act(card.id, { type: 'redeem', amountCents: 1234, orderRef: 'T-1' })).json() as TCard;
    expect(after.balanceCents).toBe(6266);
    expect(after.ledger.map((l) => [l.type, l.amountCents, l.balanceAfterCents])).toEqual([
      ['redeem', -1234, 6266],
      ['load', 2500, 7500],
      ['activate', 5000, 5000],
    ]);
  });

  it('a card without an amount is pending until activated; only a pending card activates', async () => {
    const card = await issue();
    expect(card.state).toBe('pending');
    const load = await act(card.id, { type: 'load', amountCents: 100 });
    expect(load.statusCode).toBe(409);
    expect((await act(card.id, { type: 'activate', amountCents: 1000 })).json().state).toBe('active');
    expect((await act(card.id, { type: 'activate', amountCents: 1000 })).json().message).toBe(
      en('giftcards.notPending'),
    );
  });

  it('never goes negative; a zero-balance card cannot be used; a refund restores the balance up to what the order took', async () => {
    const card = await issue(1000);
    const over = await act(card.id, { type: 'redeem', amountCents: 1001, orderRef: 'N-1' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Not enough balance on this card (balance $10.00)');
    await act(card.id, { type: 'redeem', amountCents: 1000, orderRef: 'N-1' });
    const zero = await act(card.id, { type: 'redeem', amountCents: 1, orderRef: 'N-2' });
    expect(zero.json().message).toBe(en('giftcards.zeroBalance'));
    const tooMuch = await act(card.id, { type: 'refund', amountCents: 1001, orderRef: 'N-1' });
    expect(tooMuch.statusCode).toBe(409);
    expect((await act(card.id, { type: 'refund', amountCents: 400, orderRef: 'N-1' })).json().balanceCents).toBe(400);
  });

  it('clearing records the amount cleared; adjustments need a reason; block, unblock and deactivate', async () => {
    const card = await issue(3000);
    const noReason = await act(card.id, { type: 'adjustDown', amountCents: 100, reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toBe(en('giftcards.reasonRequired'));
    await act(card.id, { type: 'adjustUp', amountCents: 500, reason: 'Goodwill' });
    await act(card.id, { type: 'block', reason: 'Lost' });
    const blocked = await act(card.id, { type: 'redeem', amountCents: 1, orderRef: 'B-1' });
    expect(blocked.json().message).toBe(en('giftcards.blocked'));
    await act(card.id, { type: 'unblock' });
    const cleared = (await act(card.id, { type: 'clear', reason: 'Guest asked' })).json() as TCard;
    expect(cleared.ledger[0]).toMatchObject({ type: 'clear', amountCents: -3500, balanceAfterCents: 0 });
    const gone = (await act(card.id, { type: 'deactivate' })).json() as TCard;
    expect(gone.state).toBe('deactivated');
    expect((await act(card.id, { type: 'unblock' })).statusCode).toBe(409);
  });

  it('imports a card under its own number and refuses a duplicate', async () => {
    const ok = await owner({
      method: 'POST',
      url: '/api/api/giftcard/import',
      payload: { number: 'ext-00001234', balanceCents: 900 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ number: 'EXT-00001234', kind: 'imported', balanceCents: 900 });
    const dup = await owner({
      method: 'POST',
      url: '/api/api/giftcard/import',
      payload: { number: 'EXT-00001234', balanceCents: 900 },
    });
    expect(dup.statusCode).toBe(400);
  });

  it('sends an e-gift card through the email adapter', async () => {
    const res = await owner({
      method: 'POST',
      url: '/api/api/giftcard',
      payload: { kind: 'egift', amountCents: 2000, holderEmail: 'guest@example.com', holderName: 'Guest' },
    });
    expect(res.json()).toMatchObject({ kind: 'egift', emailSent: true });
    const outbox = await ctx.db.execute(sql`select subject, body from email_outbox where "to" = 'guest@example.com'`);
    const rows = (outbox as unknown as { rows: { subject: string; body: string }[] }).rows;
    expect(rows[0]?.body).toContain(res.json().number.slice(-4));
  });

  it('searches by number, holder and state', async () => {
    const byHolder = await owner({ method: 'GET', url: '/api/api/giftcard', query: { q: 'olivia' } });
    expect(byHolder.json().items.map((c: { holderName: string }) => c.holderName)).toEqual(['Olivia Harbourne']);
    const blocked = await owner({ method: 'GET', url: '/api/api/giftcard', query: { state: 'blocked' } });
    expect(blocked.json().items.every((c: { state: string }) => c.state === 'blocked')).toBe(true);
  });

  it('the POS sees masked numbers; people without viewGiftcard cannot open the pages', async () => {
    const card = await issue(700);
    const pos = await staff({ method: 'POST', url: '/api/api/giftcard/pos/balance', payload: { number: card.number } });
    expect(pos.json()).toEqual({ number: `••••••••••••${card.number.slice(-4)}`, state: 'active', balanceCents: 700 });
    expect(pos.body).not.toContain(card.number);
    expect((await manager({ method: 'GET', url: '/api/api/giftcard' })).statusCode).toBe(403);
    expect((await staff({ method: 'GET', url: `/api/api/giftcard/${card.id}` })).statusCode).toBe(403);
  });
});

describe('POS devices', () => {
  it('a paired device checks, redeems and refunds at its own restaurant; the ledger names the device', async () => {
    const env = { app: ctx.app, tokenFor: (email: string) => tokenFor(ctx.app, email) } as unknown as TMatrixEnv;
    const device = as(ctx.app, (await pairMatrixDevice(env, 'Gift card till')).token);
    const card = await issue(2000);
    const check = await device({
      method: 'POST',
      url: '/api/api/giftcard/pos/balance',
      payload: { number: card.number },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ balanceCents: 2000, state: 'active' });
    const pay = { number: card.number, amountCents: 1500, orderRef: 'DEV-1' };
    const redeem = await device({ method: 'POST', url: '/api/api/giftcard/pos/redeem', payload: pay });
    expect(redeem.statusCode, redeem.body).toBe(200);
    expect(redeem.json().balanceCents).toBe(500);
    const refund = await device({
      method: 'POST',
      url: '/api/api/giftcard/pos/refund',
      payload: { ...pay, amountCents: 1000 },
    });
    expect(refund.json().balanceCents).toBe(1500);
    const rows = await ctx.db
      .select()
      .from(giftcardLedger)
      .where(and(eq(giftcardLedger.cardId, card.id), eq(giftcardLedger.orderRef, 'DEV-1')));
    expect(rows.map((r) => [r.type, r.actorName, r.actorUserId])).toEqual([
      ['redeem', 'Gift card till', null],
      ['refund', 'Gift card till', null],
    ]);
    // Another restaurant's card does not exist for a Harbor device; the card pages stay closed to it.
    const [other] = await ctx.db.select().from(giftcards).where(ne(giftcards.restaurantId, harborId)).limit(1);
    expect(other).toBeDefined();
    const foreign = await device({
      method: 'POST',
      url: '/api/api/giftcard/pos/redeem',
      payload: { number: other!.number, amountCents: 100, orderRef: 'DEV-2' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(en('giftcards.notFound'));
    expect((await device({ method: 'GET', url: '/api/api/giftcard' })).statusCode).toBe(403);
  });
});

describe('concurrency', () => {
  it('60 concurrent $1 redemptions of a $50 card succeed exactly 50 times and leave $0.00', async () => {
    const card = await issue(5000);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        staff({
          method: 'POST',
          url: '/api/api/giftcard/pos/redeem',
          payload: { number: card.number, amountCents: 100, orderRef: `CC-${i}` },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(50);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(10);
    expect(await balance(card.id)).toBe(0);
    expect(await ledgerSum(card.id)).toBe(0);
  });
});

describe('reports', () => {
  it('liability at a past date equals the sum of the ledger to that date', async () => {
    // Demo ledger (giftcards.seed.ts), Harbor, as of 2026-01-01: the Olivia card (activated 60 days
    // before 2026-03-14 = 2026-01-13) had not started; Priya's card (480 days before) held $15.00;
    // Sam's card was activated 30 days before; Martha's imported card 90 days before (2025-12-14): $42.00.
    const res = await owner({ method: 'GET', url: '/api/api/giftcard/liability', query: { at: '2026-01-01' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ at: '2026-01-01', outstandingCents: 1500 + 4200, cardsWithBalance: 2 });
  });

  it("the module's api reads the sales report's gift card sales: activations and loads, not redemptions", async () => {
    const { sales } = giftcardsModule({
      db: ctx.db,
      clock: ctx.config.clock,
      email: { send: async () => undefined },
    }).api;
    const now = ctx.config.clock.now();
    const start = new Date(now.getTime() - 60_000);
    const end = new Date(now.getTime() + 60_000);
    const before = await sales(harborId, start, end);
    const card = await issue(3000);
    await act(card.id, { type: 'load', amountCents: 700 });
    await act(card.id, { type: 'redeem', amountCents: 500, orderRef: 'T-sales' });
    expect(await sales(harborId, start, end)).toEqual({
      amountCents: before.amountCents + 3700,
      count: before.count + 2,
    });
  });

  it('breakage lists balances untouched for N months', async () => {
    const res = await owner({ method: 'GET', url: '/api/api/giftcard/breakage', query: { months: '12' } });
    expect(res.json().cards.map((c: { holderName: string }) => c.holderName)).toEqual(['Priya Natarajan']);
    expect(res.json().totalCents).toBe(1500);
  });
});

describe('ledger property', () => {
  it('the ledger sums to the balance after any sequence of activities', async () => {
    const step = fc.oneof(
      fc.record({ type: fc.constant('load'), amountCents: fc.integer({ min: 1, max: 5000 }) }),
      fc.record({
        type: fc.constant('redeem'),
        amountCents: fc.integer({ min: 1, max: 5000 }),
        orderRef: fc.constantFrom('P-1', 'P-2'),
      }),
      fc.record({
        type: fc.constant('refund'),
        amountCents: fc.integer({ min: 1, max: 3000 }),
        orderRef: fc.constantFrom('P-1', 'P-2'),
      }),
      fc.record({
        type: fc.constant('adjustUp'),
        amountCents: fc.integer({ min: 1, max: 2000 }),
        reason: fc.constant('r'),
      }),
      fc.record({
        type: fc.constant('adjustDown'),
        amountCents: fc.integer({ min: 1, max: 2000 }),
        reason: fc.constant('r'),
      }),
      fc.record({ type: fc.constant('clear'), reason: fc.constant('') }),
      fc.record({ type: fc.constantFrom('block', 'unblock') }),
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 10_000 }), fc.array(step, { maxLength: 8 }), async (start, steps) => {
        const card = await issue(start > 0 ? start : undefined);
        if (card.state === 'pending') await act(card.id, { type: 'activate', amountCents: 1 });
        for (const s of steps) {
          const res = await act(card.id, s);
          expect([200, 409]).toContain(res.statusCode);
        }
        const b = await balance(card.id);
        expect(b).toBeGreaterThanOrEqual(0);
        expect(await ledgerSum(card.id)).toBe(b);
        const detail = (await owner({ method: 'GET', url: `/api/api/giftcard/${card.id}` })).json() as TCard;
        expect(detail.ledger[0]?.balanceAfterCents ?? 0).toBe(b);
      }),
      { numRuns: 12 },
    );
  });
});
