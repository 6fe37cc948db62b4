/**
 * Promotions under load (issue 10 "Speed"; docs/performance.md "Coupons and gift cards").
 *
 * - Premium codes: 10,000 and then 100,000 codes for one coupon, timed; 100,000 must take at most 12x
 *   the time of 10,000 (uniqueness is one unique-index probe per code, not a comparison with the others).
 * - 200 concurrent redemptions of one coupon with limit 50: exactly 50 succeed.
 * - 200 concurrent $1 redemptions against one $50 gift card: exactly 50 succeed, balance $0.00, and the
 *   ledger sums to the balance.
 *
 *   npm run promotions -w @ra/bench                                  # PGlite in memory
 *   BENCH_DATABASE_URL=postgres://... npm run promotions -w @ra/bench  # PostgreSQL (schema bench_promotions)
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedDemoData } from '../../apps/server/src/demo/seed.ts';
import { couponCodeBatches } from '../../apps/server/src/db/schema/coupons.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import type { AuthContext } from '../../apps/server/src/lib/auth-context.ts';
import type { JobQueue } from '../../apps/server/src/lib/jobs/job-queue.ts';
import { CouponsRepository } from '../../apps/server/src/modules/coupons/coupons.repository.ts';
import { CouponsService } from '../../apps/server/src/modules/coupons/coupons.service.ts';
import { PremiumCodesService } from '../../apps/server/src/modules/coupons/premium-codes.service.ts';
import { GiftcardsRepository } from '../../apps/server/src/modules/giftcards/giftcards.repository.ts';
import { GiftcardsService } from '../../apps/server/src/modules/giftcards/giftcards.service.ts';

const url = process.env.BENCH_DATABASE_URL || undefined;
const handle = await openDatabase({
  databaseUrl: url,
  schema: url ? 'bench_promotions' : undefined,
  maxConnections: 10,
});
const kind = handle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
const log = (...args: unknown[]) => console.log(`[${kind}]`, ...args);
if (url)
  await handle.db.execute(sql.raw('drop schema if exists bench_promotions cascade; create schema bench_promotions'));
await handle.migrate();
await seedDemoData(handle.db);

const rows = (r: unknown) => (r as { rows: Array<Record<string, unknown>> }).rows;
const harbor = Number(
  rows(await handle.db.execute(sql`select id from restaurants where name = 'Harbor Bistro'`))[0]!.id,
);
const auth = {
  userId: 1,
  firstName: 'Bench',
  lastName: 'Runner',
  email: 'bench@demo.test',
  restaurantId: harbor,
} as unknown as AuthContext;

const noJobs: JobQueue = {
  work: async () => {},
  send: async () => null,
  cancel: async () => {},
  drain: async () => {},
};
const repo = new CouponsRepository(handle.db);
const coupons = new CouponsService(
  repo,
  systemClock,
  { missingIds: async () => ({ items: [], categories: [], toppings: [] }) },
  noJobs,
);
const premium = new PremiumCodesService(repo, systemClock, noJobs);
const cards = new GiftcardsService(new GiftcardsRepository(handle.db), systemClock, { send: async () => {} });

// --- premium codes ---------------------------------------------------------------------------------

async function generate(count: number, name: string): Promise<number> {
  const c = await coupons.create(
    auth,
    {
      name,
      type: 'spendMinus',
      code: '',
      overAmount: 100,
      minusAmount: 100,
      discount: 0,
      totalNum: null,
      anyItem: false,
      itemIds: '',
      categoryIds: '',
      toppingIds: '',
      startDate: null,
      endDate: null,
      channels: ['pos'],
      days: [0, 1, 2, 3, 4, 5, 6],
      hours: '',
      perCustomerLimit: null,
      stackable: false,
      active: true,
    },
    'bench',
  );
  const [batch] = await handle.db
    .insert(couponCodeBatches)
    .values({
      restaurantId: harbor,
      couponId: c.id,
      requested: count,
      length: 10,
      status: 'queued',
      createdAt: new Date(),
    })
    .returning({ id: couponCodeBatches.id });
  const start = performance.now();
  await premium.work(batch!.id);
  const ms = performance.now() - start;
  const done = await repo.countBatchCodes(harbor, batch!.id);
  if (done !== count) throw new Error(`batch of ${count} made ${done}`);
  return ms;
}

const t10 = await generate(10_000, 'Bench 10k');
const t100 = await generate(100_000, 'Bench 100k');
log(
  `premium codes: 10,000 in ${(t10 / 1000).toFixed(2)} s, 100,000 in ${(t100 / 1000).toFixed(2)} s, ratio ${(t100 / t10).toFixed(1)}x (limit 12x)`,
);

// --- coupon limit under concurrency ------------------------------------------------------------------

const limited = await coupons.create(
  auth,
  {
    name: 'Bench limit 50',
    type: 'spendMinus',
    code: 'BENCH50',
    overAmount: 100,
    minusAmount: 100,
    discount: 0,
    totalNum: 50,
    anyItem: false,
    itemIds: '',
    categoryIds: '',
    toppingIds: '',
    startDate: null,
    endDate: null,
    channels: ['pos'],
    days: [0, 1, 2, 3, 4, 5, 6],
    hours: '',
    perCustomerLimit: null,
    stackable: false,
    active: true,
  },
  'bench',
);
const cart = {
  channel: 'pos' as const,
  lines: [{ lineId: 'a', itemId: 1, categoryId: null, quantity: 1, unitPriceCents: 2000, toppings: [] }],
};
let start = performance.now();
const redemptions = await Promise.allSettled(
  Array.from({ length: 200 }, (_, i) =>
    coupons.redeem(auth, { ...cart, code: limited.code, orderRef: `bench-${i}`, mode: 'consume' }),
  ),
);
const couponOk = redemptions.filter((r) => r.status === 'fulfilled').length;
log(
  `coupon limit 50, 200 concurrent redemptions: ${couponOk} succeeded in ${(performance.now() - start).toFixed(0)} ms`,
);

// --- gift card never negative --------------------------------------------------------------------------

const card = await cards.issue(
  auth,
  { kind: 'physical', amountCents: 5000, holderName: 'Bench', holderEmail: '' },
  'bench',
);
start = performance.now();
const spends = await Promise.allSettled(
  Array.from({ length: 200 }, (_, i) =>
    cards.posMove(auth, { number: card.number, amountCents: 100, orderRef: `g-${i}` }, 'redeem', 'bench'),
  ),
);
const cardOk = spends.filter((r) => r.status === 'fulfilled').length;
const after = (await cards.detail(auth, card.id)).balanceCents;
const ledger = await cards.ledgerSum(harbor, card.id);
log(
  `$50 card, 200 concurrent $1 redemptions: ${cardOk} succeeded in ${(performance.now() - start).toFixed(0)} ms; balance ${after} cents, ledger sum ${ledger} cents`,
);

await handle.close();
const ok = t100 <= 12 * t10 && couponOk === 50 && cardOk === 50 && after === 0 && ledger === 0;
if (!ok) {
  console.error(`[${kind}] FAILED`);
  process.exit(1);
}
