import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, shot, signInTo } from '../support/browser.ts';

/**
 * The server's Content-Security-Policy (no inline script, no eval, nothing from other origins) must not
 * break what the browser runs: the sign-in page, the dashboard, the ECharts pages and the OpenAPI
 * viewer. Every violation is caught twice: the page's securitypolicyviolation event and the console.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Watch {
  violations: () => Promise<string[]>;
  consoleErrors: string[];
}

async function watchCsp(page: Page): Promise<Watch> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  return {
    consoleErrors,
    violations: () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations ?? []),
  };
}

async function expectNoViolations(page: Page, watch: Watch, where: string): Promise<void> {
  // Let lazy chunks, styles and charts finish loading: a violation would come from them.
  await page.waitForLoadState('networkidle');
  expect(await watch.violations(), where).toEqual([]);
  expect(watch.consoleErrors, where).toEqual([]);
}

describe('Content-Security-Policy in the browser', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`leaves sign-in, the dashboard and the analytic center's charts working (${lang})`, async () => {
      const { context, page } = await newPage(browser, {
        width: 1440,
        height: 900,
        locale: lang === 'zh' ? 'zh-CN' : 'en-US',
      });
      const watch = await watchCsp(page);
      const response = await page.goto(`${baseUrl()}/login`);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.locator('input[name="email"]').waitFor();
      await expectNoViolations(page, watch, '/login');

      await signInTo(page, 'owner@demo.test');
      await page.locator('.ra-sidebar__menu').first().waitFor({ timeout: 30_000 });
      await expect.poll(() => page.locator('main').innerText(), { timeout: 30_000 }).toContain('Harbor Bistro');
      await expectNoViolations(page, watch, '/dashboard');
      await shot(page, `csp-dashboard-${lang}`);

      await page.goto(`${baseUrl()}/analyticCenter/index`);
      // ECharts draws into a canvas (or SVG) inside the page; at least one chart must have drawn.
      await expect
        .poll(() => page.locator('main canvas, main .echarts-for-react svg').count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
      await expectNoViolations(page, watch, '/analyticCenter/index');
      await shot(page, `csp-analytic-center-${lang}`);
      await context.close();
    });
  }

  it('leaves the OpenAPI viewer at /api/docs working', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    const watch = await watchCsp(page);
    await page.goto(`${baseUrl()}/api/docs`);
    await expect
      .poll(() => page.locator('.swagger-ui .info .title').innerText())
      .toContain('Restaurant Admin System API');
    // the viewer draws operations as they scroll into view (243 of them): scroll, then count
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 5_000);
          return page.locator('.swagger-ui .opblock').count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(10);
    await expectNoViolations(page, watch, '/api/docs');
    await shot(page, 'csp-api-docs');
    await context.close();
  });
});
