import type { BrowserContext, Page } from 'playwright-core';

/**
 * Bytes on the wire of one page load, measured the same way by the budget test
 * (e2e/tests/page-weight.e2e.test.ts) and the bench (bench/page-weight/run.ts): Chrome's own network
 * log (CDP), each response's encoded length with its headers, the cache off, everything the page
 * fetches until the network has been idle.
 */
export interface TPageWeight {
  jsBytes: number;
  jsRequests: number;
  allBytes: number;
  requests: number;
  /** every script the page fetched, path and bytes: a failing budget names what grew */
  scripts: { path: string; bytes: number }[];
  /** the address (path and query) of every request that finished, in order: none should be asked twice */
  addresses: string[];
}

export async function measurePageWeight(page: Page, go: () => Promise<void>): Promise<TPageWeight> {
  const w: TPageWeight = { jsBytes: 0, jsRequests: 0, allBytes: 0, requests: 0, scripts: [], addresses: [] };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses = new Map<string, { type: string; url: string }>();
  cdp.on('Network.responseReceived', (e) => responses.set(e.requestId, { type: e.type, url: e.response.url }));
  cdp.on('Network.loadingFinished', (e) => {
    w.requests += 1;
    w.allBytes += e.encodedDataLength;
    const response = responses.get(e.requestId);
    if (response) {
      const { pathname, search } = new URL(response.url);
      w.addresses.push(pathname + search);
    }
    if (response?.type === 'Script') {
      w.jsRequests += 1;
      w.jsBytes += e.encodedDataLength;
      w.scripts.push({ path: new URL(response.url).pathname, bytes: e.encodedDataLength });
    }
  });
  await go();
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  w.scripts.sort((a, b) => b.bytes - a.bytes);
  return w;
}

/**
 * Budgets per page; the test fails above budget + 5%. Issue 21's goals are /login <= 120 KB JS and
 * /dashboard <= 300 KB JS in <= 30 script requests. Each budget is what the page weighed when it was
 * last made lighter (docs/performance.md), so it cannot grow back unnoticed: /dashboard meets its goal
 * with room (9 scripts: its sales panel and chart ride in the signed-in chunk, the guard's and the
 * route loaders' requests in a chunk of their own so they do not wait for that chunk; 241.4 KB since
 * it loads only the frame's translations, 4 KB instead of 29 KB, and since that loaders' chunk holds
 * the sales summary's too); /login meets its goal (119.9 KB: the route table and React Router's unused
 * components out of its entry); the sales summary has no goal in bytes (31 scripts, one of them its
 * own translations, 2.6 KB instead of every namespace's 27 KB, one its own modules; 383.1 KB; its 45
 * to 47 requests count the antd kits' stylesheets, one per kit, and two more before the day's first
 * sale).
 */
export const PAGE_BUDGETS = {
  '/login': { jsBytes: 120 * 1024, jsRequests: 7, allBytes: 126 * 1024, requests: 11 },
  '/dashboard': { jsBytes: 242 * 1024, jsRequests: 9, allBytes: 266 * 1024, requests: 17 },
  '/salesReport/salesSummary': { jsBytes: 384 * 1024, jsRequests: 31, allBytes: 439 * 1024, requests: 47 },
} as const;

export type TBudgetPage = keyof typeof PAGE_BUDGETS;

/** A fresh tab of `context` (whose cookies sign it in, or not) opened on `path`, weighed. */
export async function weighPage(
  context: BrowserContext,
  baseUrl: string,
  path: string,
  /** what the page shows once it has rendered: a page that failed would weigh less */
  shown?: string,
): Promise<TPageWeight> {
  const page = await context.newPage();
  try {
    return await measurePageWeight(page, async () => {
      await page.goto(`${baseUrl}${path}`);
      if (shown) await page.locator(shown).first().waitFor({ timeout: 60_000 });
    });
  } finally {
    await page.close();
  }
}

export const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
