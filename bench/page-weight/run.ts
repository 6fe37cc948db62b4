/**
 * Page weight of the two pages every user meets first: /login, and /dashboard once signed in.
 * Prints the JavaScript each needs (bytes on the wire, i.e. compressed as served) and its request
 * count, then Lighthouse 12's mobile performance score for /login (median of 3 runs).
 * Needs a built web app (`npm run build`). Run: npm run bench:page-weight
 */
import { chromium, type Page } from 'playwright-core';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startServer, CHROMIUM, CHROMIUM_FLAGS } from '../support/server.ts';

interface TWeight {
  jsBytes: number;
  jsRequests: number;
  allBytes: number;
  requests: number;
}

async function measure(page: Page, go: () => Promise<void>): Promise<TWeight> {
  const w: TWeight = { jsBytes: 0, jsRequests: 0, allBytes: 0, requests: 0 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const types = new Map<string, string>();
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    w.requests += 1;
    w.allBytes += e.encodedDataLength;
    if (types.get(e.requestId) === 'Script') {
      w.jsRequests += 1;
      w.jsBytes += e.encodedDataLength;
    }
  });
  await go();
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return w;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const server = await startServer();
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.slice(1) });
    const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip, deflate, br' } });
    const page = await context.newPage();
    const login = await measure(page, async () => {
      await page.goto(`${server.baseUrl}/login`);
    });
    await page.locator('input').first().waitFor();
    await page.locator('input[type="text"], input[type="email"]').first().fill('owner@demo.test');
    await page.locator('input[type="password"]').fill('demo1234');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard/, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    // A fresh tab on /dashboard with the session cookie: everything the dashboard needs, nothing cached.
    const dash = await context.newPage();
    const dashboard = await measure(dash, async () => {
      await dash.goto(`${server.baseUrl}/dashboard`);
    });
    await browser.close();

    const scores: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
      try {
        const result = await lighthouse(`${server.baseUrl}/login`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          formFactor: 'mobile',
        });
        scores.push(Math.round((result?.lhr.categories.performance?.score ?? 0) * 100));
      } finally {
        await chrome.kill();
      }
    }
    scores.sort((a, b) => a - b);

    console.log('page        JS (wire)   JS requests   all bytes   requests');
    for (const [name, w] of [
      ['/login', login],
      ['/dashboard', dashboard],
    ] as const) {
      console.log(
        `${name.padEnd(11)} ${kb(w.jsBytes).padStart(9)}   ${String(w.jsRequests).padStart(11)}   ${kb(w.allBytes).padStart(9)}   ${String(w.requests).padStart(8)}`,
      );
    }
    console.log(`Lighthouse mobile performance on /login: runs ${scores.join(', ')}; median ${scores[1]}`);
  } finally {
    await server.stop();
  }
}

await main();
