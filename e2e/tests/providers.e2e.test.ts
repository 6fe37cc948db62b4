import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, shot, sidebarLabels, signIn, signInTo } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Platform staff sign in at the top of the tree and pick Harbor Bistro, as they do. */
async function signInAsStaff(page: Page): Promise<void> {
  await signIn(page, 'admin@demo.test');
  await page.waitForURL((u) => u.pathname === '/selectNodeAndRest', { timeout: 30_000 });
  await page.locator('.ant-tree-treenode', { hasText: 'Harbor Bistro' }).getByRole('button').click();
  await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 30_000 });
}

/**
 * The Providers page (issue 20 "One place to see it"): platform staff reach it from the sidebar, see
 * each adapter's provider with its live check and the webhook paths, in English and Chinese, at desktop
 * and phone width; an owner is refused it and has no sidebar entry. Reads only: no demo data changes.
 */
describe('the Providers page', () => {
  it('platform staff open it from the sidebar: every adapter with its provider and state, the webhooks, no secret', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signInAsStaff(page);
    await expect.poll(() => sidebarLabels(page), { timeout: 30_000 }).toContain('Providers');
    await page.locator('.ra-sidebar__menu').getByText('Providers', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/Settings/Providers', { timeout: 30_000 });
    const body = page.getByTestId('providers-page');
    await body.waitFor({ timeout: 30_000 });
    for (const key of ['sms', 'payments', 'bank', 'email', 'storage', 'ubereats', 'doordash', 'secrets'])
      await expect.poll(() => page.getByTestId(`provider-${key}`).count(), { timeout: 30_000 }).toBe(1);
    // The demo runs on the stand-ins, all answering.
    await expect.poll(() => page.getByTestId('provider-sms').innerText()).toContain('Local stand-in');
    await expect.poll(() => page.getByTestId('provider-sms').innerText()).toContain('Answering');
    await expect.poll(() => body.innerText()).toContain('Every provider answers.');
    await expect.poll(() => page.getByTestId('provider-secrets').innerText()).toMatch(/Key fingerprint [0-9a-f]{8}/);
    const text = await body.innerText();
    for (const path of [
      '/api/api/customers/sms/status',
      '/api/api/customers/sms/inbound',
      '/api/api/payments/stripe/webhook',
      '/api/api/delivery/webhooks/uber-eats',
      '/api/api/delivery/webhooks/doordash',
    ])
      expect(text).toContain(path);
    expect(text).not.toMatch(/sk_(live|test)_|whsec_/);
    // "Check again" asks the server again.
    const again = page.waitForResponse((r) => r.url().endsWith('/api/api/admin/providers') && r.status() === 200);
    await page.getByRole('button', { name: 'Check again' }).click();
    await again;
    await shot(page, 'providers-admin-en');
    await context.close();
  });

  it('in Chinese at phone width', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844, locale: 'zh-CN' });
    await signInAsStaff(page);
    await page.goto(`${baseUrl()}/Settings/Providers`);
    await page.getByTestId('providers-page').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('provider-bank').innerText(), { timeout: 30_000 }).toContain('本地替身');
    await expect.poll(() => page.getByTestId('providers-page').innerText()).toContain('所有服务商均有响应。');
    // Nothing wider than the phone: neither the page nor the top bar, which holds one more button
    // for platform staff (photo review) than for an owner.
    const overflow = await page.evaluate(() => {
      const main = document.querySelector('[data-testid="providers-page"]')!;
      const widest = Math.max(...[...main.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right));
      return widest - window.innerWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'providers-admin-zh-phone');
    await context.close();
  });

  it('is refused to an owner, who has no sidebar entry for it', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signInTo(page, 'owner@demo.test', '/dashboard');
    await expect.poll(() => sidebarLabels(page), { timeout: 30_000 }).not.toContain('Providers');
    await page.goto(`${baseUrl()}/Settings/Providers`);
    await page.waitForURL((u) => u.pathname === '/401', { timeout: 30_000 });
    await context.close();
  });
});
