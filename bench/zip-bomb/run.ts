/**
 * The zip bomb in the menu import (docs/decisions.md "Uploaded workbooks and zip bombs"): an XLSX
 * of a few hundred KB whose one sheet unpacks to BENCH_BOMB_MB (default 300) MB of zeros. Times the
 * import preview through the app (in process, PGlite) and samples the process's resident memory while
 * it runs, for a bomb that declares its size and one whose directory claims 1 KB.
 * BENCH_UNGUARDED=1 also times exceljs loading the same bomb directly, i.e. without the guard (slow,
 * and gigabytes of memory: what the import did before).
 *
 *   npm run zip-bomb -w @ra/bench
 */
import ExcelJS from 'exceljs';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemoData } from '../../apps/server/src/demo/seed.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { xlsxBomb } from '../../apps/server/src/lib/zip-bomb.test-support.ts';

const MB = 1024 * 1024;
const BOMB_MB = Number(process.env.BENCH_BOMB_MB ?? 300);
const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

const handle = await openDatabase({ databaseUrl: undefined, maxConnections: 4 });
await handle.migrate();
await seedDemoData(handle.db);
const app = await buildApp({
  db: handle.db,
  logger: false,
  config: {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: '/tmp/ra-bench-zip-bomb',
    jwtSecret: 'bench-only-jwt-secret-0123456789abcdef0123456789',
    tokenTtlSeconds: 43_200,
    trustProxy: false,
    email: { smtpUrl: undefined, from: 'bench@restaurant-admin.local', fail: false },
    webDistDir: '/tmp/ra-no-web-dist',
    logLevel: 'silent',
    clock: systemClock,
  },
});
const signin = await app.inject({
  method: 'POST',
  url: '/api/account/signin',
  payload: { email: DEMO_EMAILS.owner, password: DEMO_PASSWORD, cid: -1, emailVerificationCodeNumber: '' },
});
const token = (signin.json() as { token: string }).token;

/** Runs `work`, sampling RSS every 5 ms; answers the time and the highest RSS seen. */
async function measure(work: () => Promise<string>): Promise<string> {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  const outcome = await work();
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return `${ms.toFixed(0)} ms, RSS ${mb(before)} -> peak ${mb(peak)} (+${mb(peak - before)}): ${outcome}`;
}

for (const lie of [false, true]) {
  const bomb = await xlsxBomb(BOMB_MB * MB, { lie });
  const file = bomb.toString('base64');
  const label = `${(bomb.length / 1024).toFixed(0)} KB file holding ${BOMB_MB} MB, ${lie ? 'directory claiming 1 KB' : 'sizes declared'}`;
  const result = await measure(async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/api/menu/import/preview',
      headers: { authorization: token },
      payload: { file },
    });
    return `${res.statusCode} ${res.body}`;
  });
  console.log(`import preview, ${label}: ${result}`);
  if (process.env.BENCH_UNGUARDED === '1') {
    const raw = await measure(async () => {
      try {
        await new ExcelJS.Workbook().xlsx.load(bomb as unknown as ArrayBuffer);
        return 'loaded';
      } catch (error) {
        return `failed: ${(error as Error).message.slice(0, 80)}`;
      }
    });
    console.log(`exceljs without the guard, ${label}: ${raw}`);
  }
}
await app.close();
await handle.close();
