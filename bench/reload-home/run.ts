/**
 * The signed-in home page reloaded on issue 21's phone (`npm run build && npm run bench:reload-home`).
 *
 * Starts the product on a fresh embedded database, signs in as the owner in a fresh tab, then reloads
 * /dashboard under the phone's throttling (4x slower CPU, 562 ms round trip, 1.3 Mbps down), with the
 * scripts in the browser's cache (a returning owner) and without (BENCH_CACHE=0). For each reload it
 * prints, on the page's own clock from the start of the navigation: when the restaurant info (getrest)
 * and today's figures were asked for and answered, and the frame in which today's comparison line (the
 * page's largest text) was first on screen. BENCH_RUNS reloads (default 6); WEB_DIST_DIR serves
 * another build, for a comparison in one sitting. BENCH_TAB=new opens /dashboard in a new tab instead
 * (a bookmark or a link): the session cookie, but no session the last page saved in the tab (SPEC 3).
 */
import { chromium } from 'playwright-core';
import { PHONE, throttleLikePhone } from '../support/phone.ts';
import { startServer, CHROMIUM, CHROMIUM_FLAGS } from '../support/server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 6);
const CACHED = process.env.BENCH_CACHE !== '0';
/** BENCH_CPU=1: the phone's network with this machine's CPU. */
const CPU = Number(process.env.BENCH_CPU ?? PHONE.cpu);
const NEW_TAB = process.env.BENCH_TAB === 'new';

/**
 * Run in the page as it starts: notes the first frame with today's comparison line in it. A string,
 * so that the bench's compiler adds nothing to it.
 */
const WATCH_COMPARISON = `(() => {
  const seen = () => document.querySelector('[data-testid="dashboard-comparison"]');
  const watch = () => {
    if (seen()) { requestAnimationFrame(() => { window.__comparisonShown = performance.now(); }); return; }
    requestAnimationFrame(watch);
  };
  watch();
})()`;

/** The page's own account of the reload (see the file's comment). */
const READ = `(() => {
  const entry = (part) => performance.getEntriesByType('resource').find((e) => e.name.includes(part));
  const span = (e) => (e ? [Math.round(e.startTime), Math.round(e.responseEnd)] : null);
  return { getrest: span(entry('/getrest')), today: span(entry('/dashboard/today')), shown: Math.round(window.__comparisonShown ?? -1) };
})()`;

interface TReload {
  getrest: [number, number] | null;
  today: [number, number] | null;
  shown: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const reloads: TReload[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.locator('input[name="email"]').fill('owner@demo.test');
    await page.locator('input[name="password"]').fill('demo1234');
    await page.locator('form button[type="submit"]').click();
    await page.locator('[data-chart="dashboard-14-days"] g[data-day]').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const opened = NEW_TAB ? await context.newPage() : page;
    const cdp = await context.newCDPSession(opened);
    await throttleLikePhone(cdp, CPU);
    if (!CACHED) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await opened.addInitScript(WATCH_COMPARISON);
    if (NEW_TAB) await opened.goto(`${server.baseUrl}/dashboard`);
    else await opened.reload();
    await opened.locator('[data-testid="dashboard-comparison"]').waitFor({ timeout: 120_000 });
    // the frame it was drawn in is noted at that frame's start (the page's policy allows no string
    // evaluated inside it, so this asks from outside until it is there)
    let reload = (await opened.evaluate(READ)) as TReload;
    while (reload.shown < 0) {
      await opened.waitForTimeout(50);
      reload = (await opened.evaluate(READ)) as TReload;
    }
    reloads.push(reload);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

console.log(
  `/dashboard ${NEW_TAB ? 'opened in a new tab' : 'reloaded'} on the phone, scripts ${CACHED ? 'cached' : 'not cached'} (ms from navigation start)`,
);
for (const r of reloads) {
  console.log(
    `  getrest ${r.getrest?.join('–')}  today's figures ${r.today?.join('–')}  comparison line on screen ${r.shown}`,
  );
}
console.log(
  `  median: figures answered ${median(reloads.map((r) => r.today?.[1] ?? NaN))}, line on screen ${median(reloads.map((r) => r.shown))}`,
);
