/**
 * Menu speed at a big restaurant's scale (issue 8 "Speed"; docs/performance.md "Menu").
 *
 * Seeds Harbor Bistro (the demo owner's restaurant) with BENCH_ITEMS items (default 5,000) in 40
 * categories, 300 modifier groups and 20,000 modifier rows, half the items with Chinese names, and
 * Golden Dragon keeps its 50-item demo menu. Then times, via app.inject:
 * - the item library's first page, filtered and sorted, at 5,000 items and at the 50-item menu;
 * - a pinyin-initials search against a plain name search;
 * - the published POS menu warm, and its 304;
 * - exporting the 5,000-item XLSX and importing it back (preview + apply, one item changed).
 *
 *   npm run menu -w @ra/bench                                  # PGlite in memory
 *   BENCH_DATABASE_URL=postgres://... npm run menu -w @ra/bench  # PostgreSQL (schema bench_menu)
 */
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemoData } from '../../apps/server/src/demo/seed.ts';
import { menuItemModifierGroups, menuModifierGroups } from '../../apps/server/src/db/schema/menu.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { MenuRepository } from '../../apps/server/src/modules/menu/menu.repository.ts';
import { itemColumns } from '../../apps/server/src/modules/menu/item-snapshot.ts';
import { ZItemInput } from '@ra/shared/menu/menu.schemas';

const url = process.env.BENCH_DATABASE_URL || undefined;
const ITEMS = Number(process.env.BENCH_ITEMS ?? 5000);
const GROUPS = 300;
const MODIFIERS = 20_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 25);

const handle = await openDatabase({ databaseUrl: url, schema: url ? 'bench_menu' : undefined, maxConnections: 4 });
const kind = handle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
const log = (...args: unknown[]) => console.log(`[${kind}]`, ...args);
if (url) await handle.db.execute(sql.raw('drop schema if exists bench_menu cascade; create schema bench_menu'));
await handle.migrate();
await seedDemoData(handle.db);

const [{ id: harbor }] = (
  (await handle.db.execute(sql`select id from restaurants where name = 'Harbor Bistro'`)) as unknown as {
    rows: Array<{ id: number }>;
  }
).rows as [{ id: number }];
const [{ id: dragon }] = (
  (await handle.db.execute(sql`select id from restaurants where name like '%Golden Dragon%'`)) as unknown as {
    rows: Array<{ id: number }>;
  }
).rows as [{ id: number }];

// --- data ---------------------------------------------------------------------------------------

const HAN = [
  '宫保鸡丁',
  '麻婆豆腐',
  '红烧肉',
  '鱼香肉丝',
  '糖醋里脊',
  '水煮鱼',
  '回锅肉',
  '酸菜鱼',
  '干锅花菜',
  '小炒黄牛肉',
];
const started = Date.now();
await handle.db.transaction(async (tx) => {
  const repo = new MenuRepository(tx);
  const now = new Date();
  const categoryIds: number[] = [];
  for (let c = 0; c < 40; c += 1)
    categoryIds.push(await repo.insertCategory(harbor, { name: `Bench category ${c}`, sort: 100 + c, updatedAt: now }));
  const groups = await tx
    .insert(menuModifierGroups)
    .values(
      Array.from({ length: GROUPS }, (_, g) => ({
        restaurantId: harbor,
        name: `Bench group ${g}`,
        sort: 100 + g,
        updatedAt: now,
      })),
    )
    .returning({ id: menuModifierGroups.id });
  await repo.insertModifiers(
    Array.from({ length: MODIFIERS }, (_, m) => ({
      restaurantId: harbor,
      groupId: groups[m % GROUPS]!.id,
      name: `Bench modifier ${m}`,
      priceCents: (m % 7) * 50,
      sort: Math.floor(m / GROUPS),
    })),
  );
  const inputs = Array.from({ length: ITEMS }, (_, i) =>
    ZItemInput.parse({
      itemId: `BX-${String(i).padStart(5, '0')}`,
      name: i % 2 ? `Bench dish ${i}` : `${HAN[i % HAN.length]}${i} Bench dish ${i}`,
      printName: `BENCH ${i}`,
      priceCents: 500 + ((i * 37) % 4000),
      categoryId: categoryIds[i % categoryIds.length],
      printers: ['Kitchen'],
      dishHours: i % 10 === 0 ? '11:00-15:00;1-5' : '',
    }),
  );
  const ids = await repo.insertItems(
    harbor,
    inputs.map((input, i) => ({
      ...itemColumns(input),
      sort: i,
      version: 1,
      updatedAt: now,
      soldOut: false,
      soldOutUntil: null,
    })),
  );
  const links = ids.flatMap((itemId, i) =>
    [0, 1].map((k) => ({ itemId, groupId: groups[(i + k * 7) % GROUPS]!.id, restaurantId: harbor, sort: k })),
  );
  for (let i = 0; i < links.length; i += 2000) await tx.insert(menuItemModifierGroups).values(links.slice(i, i + 2000));
  await repo.bumpRevision(harbor, now);
});
log(
  `seeded ${ITEMS} items, ${GROUPS} modifier groups, ${MODIFIERS} modifiers in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

// --- app ----------------------------------------------------------------------------------------

const app = await buildApp({
  db: handle.db,
  logger: false,
  config: {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: url,
    dataDir: '/tmp/ra-bench-menu',
    jwtSecret: 'bench-only-jwt-secret-0123456789abcdef0123456789',
    tokenTtlSeconds: 43_200,
    trustProxy: false,
    email: { smtpUrl: undefined, from: 'bench@restaurant-admin.local', fail: false },
    webDistDir: '/tmp/ra-no-web-dist',
    logLevel: 'silent',
    clock: systemClock,
  },
});
async function tokenOf(email: string, restaurantXid?: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/signin',
    payload: { email, password: DEMO_PASSWORD, cid: -1, emailVerificationCodeNumber: '' },
  });
  const token = (res.json() as { token: string }).token;
  if (restaurantXid) {
    await app.inject({
      method: 'POST',
      url: '/api/account/swtichRestByXid',
      headers: { authorization: token },
      payload: { xid: restaurantXid },
    });
  }
  return token;
}
const ownerToken = await tokenOf(DEMO_EMAILS.owner);
// Golden Dragon's 50-item menu, read by the admin after switching to it.
const [{ xid: dragonXid }] = (
  (await handle.db.execute(
    sql`select n.xid from restaurants r join nodes n on n.id = r.node_id where r.id = ${dragon}`,
  )) as unknown as {
    rows: Array<{ xid: string }>;
  }
).rows as [{ xid: string }];
const adminToken = await tokenOf(DEMO_EMAILS.admin, dragonXid);

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}
async function time(request: () => Promise<{ statusCode: number }>, expect = 200) {
  const first = await request();
  if (first.statusCode !== expect) throw new Error(`unexpected ${first.statusCode}`);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t = performance.now();
    await request();
    samples.push(performance.now() - t);
  }
  return stats(samples);
}
const get =
  (token: string, target: string, headers: Record<string, string> = {}) =>
  () =>
    app.inject({ method: 'GET', url: target, headers: { authorization: token, ...headers } });
const ms = (n: number) => `${n.toFixed(1)} ms`;

const libraryQuery =
  '/api/api/menu/items?sort=-price&minCents=1000&maxCents=3500&channel=pos&soldOut=false&pageSize=50';
const big = await time(get(ownerToken, libraryQuery));
const small = await time(get(adminToken, libraryQuery));
const byName = await time(get(ownerToken, '/api/api/menu/items?q=Bench%20dish%2012'));
const byInitials = await time(get(ownerToken, '/api/api/menu/items?q=gbjd'));
const published = await time(get(ownerToken, '/api/api/menu/published?channel=pos'));
// As a POS or browser asks: compressed (brotli, once per menu revision, then sent from the cache).
const publishedBr = await time(
  get(ownerToken, '/api/api/menu/published?channel=pos', { 'accept-encoding': 'gzip, br' }),
);
const publishedSize = (await get(ownerToken, '/api/api/menu/published?channel=pos')()).rawPayload.length;
const publishedBrSize = (
  await get(ownerToken, '/api/api/menu/published?channel=pos', { 'accept-encoding': 'gzip, br' })()
).rawPayload.length;
// The floor every signed-in request pays here (access check, session, routing): the 50-item menu's 304 path.
const floor = await time(get(adminToken, '/api/api/menu/printers'));
const etag = (await get(ownerToken, '/api/api/menu/published?channel=pos')()).headers.etag as string;
const notModified = await time(get(ownerToken, '/api/api/menu/published?channel=pos', { 'if-none-match': etag }), 304);

let t = performance.now();
const exported = await get(ownerToken, '/api/api/menu/export')();
const exportMs = performance.now() - t;
const book = new ExcelJS.Workbook();
await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
const sheet = book.getWorksheet('Items')!;
const priceCol = (sheet.getRow(1).values as string[]).indexOf('Price');
sheet.getRow(2).getCell(priceCol).value = 123.45;
const file = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
t = performance.now();
const preview = await app.inject({
  method: 'POST',
  url: '/api/api/menu/import/preview',
  headers: { authorization: ownerToken },
  payload: { file },
});
const previewMs = performance.now() - t;
t = performance.now();
const applied = await app.inject({
  method: 'POST',
  url: '/api/api/menu/import/apply',
  headers: { authorization: ownerToken },
  payload: { file },
});
const applyMs = performance.now() - t;
const changes = (applied.json() as { changes: unknown[] }).changes?.length;

console.log(`
### ${kind}, ${ITEMS} items, ${GROUPS} modifier groups, ${MODIFIERS} modifiers (${RUNS} runs each)

| measure | median | p95 | target |
| --- | --- | --- | --- |
| library first page, filtered + sorted, ${ITEMS} items | ${ms(big.median)} | ${ms(big.p95)} | ≤ 3x the 50-item menu |
| same, Golden Dragon's 50-item menu | ${ms(small.median)} | ${ms(small.p95)} | |
| ratio | ${(big.median / small.median).toFixed(2)}x | | ≤ 3x |
| search by name | ${ms(byName.median)} | ${ms(byName.p95)} | |
| search by pinyin initials (gbjd) | ${ms(byInitials.median)} | ${ms(byInitials.p95)} | ≤ 2x name search |
| ratio | ${(byInitials.median / byName.median).toFixed(2)}x | | ≤ 2x |
| published POS menu, warm (${(publishedSize / 1e6).toFixed(1)} MB) | ${ms(published.median)} | ${ms(published.p95)} | < 50 ms median |
| same, brotli as a POS asks (${(publishedBrSize / 1e3).toFixed(0)} KB) | ${ms(publishedBr.median)} | ${ms(publishedBr.p95)} | < 50 ms median |
| a tiny signed-in request (GET printers), for the machine's floor | ${ms(floor.median)} | ${ms(floor.p95)} | |
| published POS menu, 304 | ${ms(notModified.median)} | ${ms(notModified.p95)} | < 5 ms median |
| export XLSX | ${ms(exportMs)} | | |
| import preview (${preview.statusCode}) | ${ms(previewMs)} | | |
| import apply (${applied.statusCode}, ${changes} change) | ${ms(applyMs)} | | export + import < 60 s |
`);

await app.close();
await handle.close();
