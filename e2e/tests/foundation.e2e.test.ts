import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  baseUrl,
  decodeToken,
  launchBrowser,
  newPage,
  shot,
  sidebarLabels,
  signIn,
  signInTo,
  signToken,
  clockNow,
  openMenuItem,
} from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('sign-in and navigation', () => {
  it('sends a visitor without a session to /login with the original path, then back to it after sign-in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl()}/`);
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toMatch(/^\/(dashboard)?$/);
    await shot(page, 'login-en');

    await signIn(page, 'owner@demo.test');
    await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 30_000 });
    await expect.poll(() => page.title()).toBe('Dashboard - Restaurant Admin System');
    await expect.poll(() => page.locator('main').innerText()).toContain('Harbor Bistro');
    await shot(page, 'dashboard-owner-en');
    await context.close();
  });

  it('refuses a wrong password with the exact message and stays on /login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'owner@demo.test', 'not-the-password');
    await expect
      .poll(() => page.locator('[role="alert"]').first().innerText())
      .toContain('The user name and password combination does not match our record.');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('switches the whole interface to Chinese and back', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, 'owner@demo.test');
    await page.getByRole('button', { name: 'Language' }).click();
    await (await openMenuItem(page, '中文')).click();
    await expect.poll(() => page.title(), { timeout: 15_000 }).toMatch(/ - 餐厅管理系统$/);
    await expect.poll(() => sidebarLabels(page)).toContain('工时');
    await shot(page, 'dashboard-owner-zh');

    await page.getByRole('button', { name: '语言' }).click();
    await (await openMenuItem(page, 'English')).click();
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('Dashboard - Restaurant Admin System');
    await context.close();
  });

  it('shows 404 for an unknown page and Back to Home returns to the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, 'owner@demo.test');
    await page.goto(`${baseUrl()}/no-such-page`);
    await page.waitForURL(/\/404$/);
    await shot(page, 'not-found');
    await page
      .getByRole('button', { name: 'Back to Home' })
      .or(page.getByRole('link', { name: 'Back to Home' }))
      .click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await context.close();
  });
});

describe('tags view', () => {
  it('keeps visited pages as tabs and closes one, the others, and all but the pinned dashboard', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, 'owner@demo.test');
    const tags = page.locator('.ra-tags [data-tag-path]');
    const opened = ['/workHours/index', '/giftcard/index', '/salesReport/salesSummary'];
    for (const [i, path] of opened.entries()) {
      await page.goto(`${baseUrl()}${path}`);
      await page.waitForURL((u) => u.pathname === path);
      // each visit adds a tab beside the pinned dashboard, and the tabs survive the full page load
      await expect.poll(() => tags.count()).toBe(i + 2);
    }
    await shot(page, 'tags-view');

    const tagOf = (path: string) => page.locator(`.ra-tags [data-tag-path="${path}"]`);
    await tagOf('/giftcard/index').click({ button: 'right' });
    await (await openMenuItem(page, /(^|\s)Close$/)).click();
    await expect.poll(() => tags.count()).toBe(3);

    await tagOf('/workHours/index').click({ button: 'right' });
    await (await openMenuItem(page, 'Close others')).click();
    await expect.poll(() => tags.count()).toBe(2);
    await page.waitForURL((u) => u.pathname === '/workHours/index');

    await tagOf('/workHours/index').click({ button: 'right' });
    await (await openMenuItem(page, 'Close all')).click();
    await expect.poll(() => tags.count()).toBe(1);
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await context.close();
  });
});

describe('permissions', () => {
  it('shows staff only the dashboard and work hours, and does not open the sales report for them', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, 'staff@demo.test');
    await expect.poll(() => sidebarLabels(page)).toEqual(['Dashboard', 'Work Hours']);
    await shot(page, 'staff-sidebar');
    await page.goto(`${baseUrl()}/salesReport/salesSummary`);
    await page.waitForURL((u) => u.pathname === '/401');
    await shot(page, 'staff-no-permission');
    await context.close();
  });

  it('lets an agent pick a restaurant after sign-in', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'agent@demo.test');
    await page.waitForURL((u) => u.pathname === '/selectNodeAndRest', { timeout: 30_000 });
    await expect.poll(() => page.locator('body').innerText()).toContain('Harbor Bistro');
    await shot(page, 'agent-select-restaurant');
    await context.close();
  });
});

describe('session expiry', () => {
  it('shows the non-dismissable re-login dialog when the token has expired, and its button returns to sign-in', async () => {
    const { context, page } = await newPage(browser);
    // through the form: the session the page keeps (not only the cookie) is what a reload restores
    await signIn(page, 'owner@demo.test');
    await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 30_000 });
    const cookie = (await context.cookies()).find((c) => c.name === 'Admin-Token');
    expect(cookie).toBeDefined();
    const claims = decodeToken(cookie!.value);
    const now = Math.floor(clockNow().getTime() / 1000);
    const expired = signToken({ ...claims, iat: now - 7200, exp: now - 3600 });
    await context.addCookies([{ ...cookie!, value: expired }]);
    await page.reload();

    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.innerText(), { timeout: 20_000 })
      .toContain('You have been logged out, please log in again');
    await shot(page, 'relogin-dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(true);

    await dialog.getByRole('button').last().click();
    await page.waitForURL(/\/login/, { timeout: 20_000 });
    expect((await context.cookies()).some((c) => c.name === 'Admin-Token' && c.value)).toBe(false);
    await context.close();
  });
});

describe('mobile layout', () => {
  it('closes the sidebar below 992px', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await signInTo(page, 'owner@demo.test');
    await expect.poll(() => page.locator('main').innerText()).toContain('Harbor Bistro');
    // closed: the menu is not on screen until the hamburger opens it as a drawer
    const menu = page.locator('.ra-sidebar__menu');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await shot(page, 'mobile-dashboard');
    await page.getByRole('button', { name: 'Expand menu' }).click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    await shot(page, 'mobile-menu-open');
    await context.close();
  });
});
