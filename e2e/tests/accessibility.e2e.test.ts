import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, clockNow, launchBrowser, newPage, shot, signIn, signInTo } from '../support/browser.ts';
import { ADMIN_ONLY_PAGES, OWNER_PAGES } from '../support/route-pages.ts';

/**
 * WCAG 2.1 AA with axe-core on every page a person can open: the public pages, and every page of the
 * route table (read from apps/web/src/app/route-table.tsx when the suite runs, so a page added to the
 * table is checked without touching this file) in English and Chinese, as the person who may open it
 * (the owner; the admin for the admin-only pages; the agent for its own pages). Any serious or critical
 * violation fails, named by rule, page and element.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG21AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);

interface TFinding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** How long each page took to open and audit, in ms: the slowest are printed at the end. */
const timings: Array<[string, number]> = [];

/** Every finding of the run, whatever its impact, for the counts printed at the end. */
const allFindings: TFinding[] = [];

/** Waits until the page shows its content: no spinner or skeleton left, no request in flight, animations done. */
async function settle(page: Page): Promise<void> {
  // pages outside the app frame (restaurant picker, agent app) have no <main>: they settle below
  await page.locator('main, #root > *').first().waitFor({ timeout: 20_000 });
  await page
    .waitForFunction(
      () =>
        document.querySelector('main')?.textContent?.trim() &&
        !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .ra-boot'),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  // menu, tab and drawer transitions finished: axe measures the colours a person sees at rest
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
      undefined,
      { timeout: 2_000, polling: 100 },
    )
    .catch(() => undefined);
}

/** Runs axe over the whole document and keeps what it finds under the page's name. */
async function audit(page: Page, name: string): Promise<TFinding[]> {
  // evaluated through the debugging protocol, so the app's Content-Security-Policy does not apply
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    (tags) =>
      (
        window as unknown as {
          axe: {
            run: (
              ctx: { exclude: string[][] },
              opts: object,
            ) => Promise<{
              violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: unknown[] }> }>;
            }>;
          };
        }
      ).axe
        .run(
          // the whole document: antd's measuring row of a table too (global.css keeps its copies unfocusable)
          { exclude: [] },
          { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
        )
        .then((r) =>
          r.violations.map((v) => ({
            rule: v.id,
            impact: v.impact,
            help: v.help,
            // colour contrast says which colours on which background, so the token at fault can be found
            targets: v.nodes.map((n) => {
              const data = (
                n as { any?: Array<{ data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }> }
              ).any?.[0]?.data;
              const colours = data?.fgColor ? ` [${data.fgColor} on ${data.bgColor}, ${data.contrastRatio}:1]` : '';
              return n.target.map(String).join(' ') + colours;
            }),
          })),
        ),
    WCAG21AA,
  );
  const found = violations.map((v) => ({ page: name, ...v }));
  allFindings.push(...found);
  return found.filter((f) => FAILING.has(f.impact));
}

/** One line per rule and page, with the first few elements, so a failure says what to fix and where. */
function describeFindings(findings: TFinding[]): string {
  return findings
    .map(
      (f) =>
        `${f.impact} ${f.rule} on ${f.page} (${f.targets.length}): ${f.help}\n    ${f.targets.slice(0, 5).join('\n    ')}`,
    )
    .join('\n');
}

/**
 * Opens a page and audits it. Signed in, the page is opened inside the app (as the sidebar does, the
 * router reading the new address), which keeps the suite fast; otherwise it is loaded afresh.
 */
async function openAndAudit(
  page: Page,
  path: string,
  lang: string,
  { expectPath = path, inApp = false }: { expectPath?: string; inApp?: boolean } = {},
): Promise<TFinding[]> {
  const started = performance.now();
  if (inApp) {
    // mark the page on screen, so the audit waits for the next one to replace it
    const before = await page.evaluate((to) => {
      document.querySelector('main > *')?.setAttribute('data-a11y-left', '');
      const title = document.title;
      history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      return title;
    }, path);
    await page
      .waitForFunction((title) => document.title !== title || !document.querySelector('[data-a11y-left]'), before, {
        timeout: 10_000,
      })
      .catch(() => undefined);
  } else {
    await page.goto(`${baseUrl()}${path}`);
  }
  // polled rather than waitForURL: an in-app redirect (to /401) is a history change, not a page load
  // A page the restaurant has not switched on (the order-to-go-with-date page follows a config flag)
  // answers the no-permission page inside the frame: that page is audited instead.
  await expect.poll(() => [expectPath, '/401'].includes(new URL(page.url()).pathname), { timeout: 20_000 }).toBe(true);
  await settle(page);
  const found = await audit(page, `${path} (${lang})`);
  timings.push([`${path} (${lang})`, Math.round(performance.now() - started)]);
  return found;
}

/** Sign-in for the accounts that pick a restaurant at the login step (agent group): Harbor Bistro. */
async function signInPickingHarbor(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await page.waitForURL((u) => u.pathname === '/selectNodeAndRest', { timeout: 30_000 });
  await page.locator('.ant-tree-treenode', { hasText: 'Harbor Bistro' }).getByRole('button').click();
  await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 30_000 });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  const byImpact = new Map<string, number>();
  for (const f of allFindings) byImpact.set(f.impact, (byImpact.get(f.impact) ?? 0) + f.targets.length);
  console.log(
    `axe-core: ${allFindings.length} rule violations over ${new Set(allFindings.map((f) => f.page)).size} pages; ` +
      `elements by impact: ${JSON.stringify(Object.fromEntries(byImpact))}`,
  );
  if (allFindings.length) console.log(describeFindings(allFindings));
  const slowest = timings.sort((a, b) => b[1] - a[1]).slice(0, 5);
  console.log(`pages: ${timings.length}, slowest: ${slowest.map(([p, ms]) => `${p} ${ms} ms`).join(', ')}`);
  await browser?.close();
});

const LANGS = [
  ['en', 'en-US'],
  ['zh', 'zh-CN'],
] as const;

/**
 * Every page in both languages: a translation changes names and widths (antd spaces two Chinese
 * characters on a button, which once broke label-in-name on every Chinese "编辑").
 */

/** The agent area's tabs (AGENT_TABS): the applications and SMS reviews tabs are the platform staff's. */
const AGENT_TABS = ['portfolio', 'notifications', 'paychecks', 'team'];
const ADMIN_AGENT_TABS = [...AGENT_TABS, 'applications', 'smsReviews'];

/**
 * States a page shows only with some data on screen: the demo has them, a filter brings them onto the
 * first page (a refund's tag in Transactions).
 */
const OWNER_STATES = () => {
  // the seeded weeks before the pinned day: about one check in a hundred is refunded
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const to = clockNow();
  const from = new Date(to.getTime() - 20 * 86_400_000);
  return [[`/transactions/index?kind=refund&from=${day(from)}&to=${day(to)}`, 'main .ant-tag-volcano']] as const;
};

describe('accessibility (axe-core, WCAG 2.1 AA): no serious or critical violation', () => {
  it('reads the pages from the route table', () => {
    expect(OWNER_PAGES).toContain('/dashboard');
    expect(OWNER_PAGES).toContain('/salesReport/itemSales');
    expect(OWNER_PAGES).not.toContain('/Coupon/index');
    expect(ADMIN_ONLY_PAGES).toEqual(expect.arrayContaining(['/Coupon/index', '/Settings/SelforderPro']));
  });

  for (const [lang, locale] of LANGS) {
    it(`public pages: sign-in, its email-code step, forgot and reset password, not found (${lang})`, async () => {
      const { context, page } = await newPage(browser, { locale, width: 1440, height: 900 });
      const failing: TFinding[] = [];
      for (const path of ['/login', '/forgotPassword', '/resetPassword?token=not-a-real-token', '/404']) {
        failing.push(...(await openAndAudit(page, path, lang, { expectPath: path.split('?')[0] })));
      }
      // the sign-in form showing a refusal
      await page.goto(`${baseUrl()}/login`);
      await signIn(page, 'owner@demo.test', 'not-the-password');
      await page.locator('[role="alert"]').first().waitFor({ timeout: 20_000 });
      await settle(page);
      failing.push(...(await audit(page, `/login refused (${lang})`)));
      // the email-code step (verify@ signs in with a code sent by email)
      await signIn(page, 'verify@demo.test');
      await page.locator('input[name="code"]').first().waitFor({ timeout: 20_000 });
      await settle(page);
      failing.push(...(await audit(page, `/login email code (${lang})`)));
      if (lang === 'en') await shot(page, `a11y-login-code-${lang}`);
      await context.close();
      expect(failing, describeFindings(failing)).toEqual([]);
    });

    it(`every page of the route table as the owner, a refund in Transactions, and the no-permission page (${lang})`, async () => {
      const { context, page } = await newPage(browser, { locale, width: 1440, height: 900 });
      await signInTo(page, 'owner@demo.test');
      const failing: TFinding[] = [];
      for (const path of OWNER_PAGES) {
        failing.push(...(await openAndAudit(page, path, lang, { inApp: true })));
      }
      for (const [path, shown] of OWNER_STATES()) {
        failing.push(...(await openAndAudit(page, path, lang, { expectPath: path.split('?')[0], inApp: true })));
        // the state was on screen when axe looked, or this audit proved nothing
        expect(await page.locator(shown).count(), `${path} shows ${shown}`).toBeGreaterThan(0);
      }
      // the owner may not generate coupon codes (admin only): the 401 page inside the frame
      failing.push(...(await openAndAudit(page, ADMIN_ONLY_PAGES[0]!, lang, { expectPath: '/401', inApp: true })));
      await context.close();
      expect(failing, describeFindings(failing)).toEqual([]);
    }, 360_000);

    it(`the agent's and the admin's pages (${lang})`, async () => {
      const failing: TFinding[] = [];
      {
        const { context, page } = await newPage(browser, { locale, width: 1440, height: 900 });
        await signIn(page, 'agent@demo.test');
        await page.waitForURL((u) => u.pathname === '/selectNodeAndRest', { timeout: 30_000 });
        await settle(page);
        failing.push(...(await audit(page, `/selectNodeAndRest (${lang})`)));
        for (const tab of AGENT_TABS) {
          failing.push(...(await openAndAudit(page, `/AgentApp?tab=${tab}`, lang, { expectPath: '/AgentApp' })));
        }
        await context.close();
      }
      {
        const { context, page } = await newPage(browser, { locale, width: 1440, height: 900 });
        await signInPickingHarbor(page, 'admin@demo.test');
        for (const path of ADMIN_ONLY_PAGES) {
          failing.push(...(await openAndAudit(page, path, lang, { inApp: true })));
        }
        failing.push(...(await openAndAudit(page, '/AdminPanel', lang)));
        for (const tab of ADMIN_AGENT_TABS) {
          failing.push(...(await openAndAudit(page, `/AgentApp?tab=${tab}`, lang, { expectPath: '/AgentApp' })));
        }
        await context.close();
      }
      expect(failing, describeFindings(failing)).toEqual([]);
    }, 360_000);
  }
});
