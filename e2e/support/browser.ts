import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, inject } from 'vitest';

export const screenshotDir = resolve(import.meta.dirname, '..', 'output', 'screenshots');
mkdirSync(screenshotDir, { recursive: true });

export const baseUrl = (): string => inject('baseUrl');

/** The instant the suite's server clock started at; the page clock starts there too. */
export const clockNow = (): Date => new Date(inject('clockNow'));

let shared: Browser | undefined;

/**
 * Debian's Chromium, one for the whole suite: the files run one after another in one worker
 * (vitest.config.ts), and launching a browser for each cost about 0.7 s alone, twice that beside the
 * other lane. What a file gets is that browser with `close()` ending only what the file opened: its
 * contexts close (so no page, cookie or storage reaches the next file), the browser stays for the next
 * file, and it goes when the worker ends. A browser that crashed or was closed is launched again.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!shared?.isConnected()) {
    shared = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // the flags keep it off the network this machine does not have
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    });
    const browser = shared;
    browser.close = async () => {
      await Promise.all(browser.contexts().map((context) => context.close()));
    };
  }
  return shared;
}

/** The pages a test opened and has not closed: a failed test's report (failure-report.ts) shows them. */
export const openPages = new Set<Page>();

export async function newPage(
  browser: Browser,
  opts: {
    width?: number;
    height?: number;
    locale?: string;
    timezoneId?: string;
    /** 'reduce' unless a test is about motion itself */
    reducedMotion?: 'reduce' | 'no-preference';
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1366, height: opts.height ?? 860 },
    locale: opts.locale ?? 'en-US',
    // The browser's own zone (an IANA name): a person abroad looking after the restaurant.
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
    // The person asked for less motion, which the app honours by turning antd's animations off: no
    // test clicks an option or a button while its dropdown or dialog is still sliding or zooming in,
    // which on a busy 2-core machine missed now and then.
    reducedMotion: opts.reducedMotion ?? 'reduce',
  });
  // The page's Date starts at the server's pinned instant and runs on from there, so the browser and
  // the server agree on today's business day whatever the real time is.
  await context.clock.install({ time: clockNow() });
  const page = await context.newPage();
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  return { context, page };
}

export async function shot(page: Page, name: string): Promise<void> {
  // The picture shows what a person sees at rest. The pages run with reduced motion (newPage), so
  // antd's drawers and dialogs and the charts appear without animating; what CSS transitions remain
  // (a focus ring, a switch) are waited out, never an endless one (a spinner, the live dot).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 2_000, polling: 50 },
    )
    .catch(() => undefined);
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: false });
}

/**
 * Clicks a confirmation's button until the confirmation (`gone`) has left the page: it closes once
 * the action is done. A click that did not take (a busy machine) is tried again, at most 3 times, and
 * only when `gone` is still there `timeout` ms after the last click.
 */
export async function confirmUntilGone(button: Locator, gone: Locator, timeout = 10_000): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await button.click();
    try {
      await expect.poll(() => gone.count(), { timeout }).toBe(0);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Fills the login form the way a person does and submits with the button. */
export async function signIn(page: Page, email: string, password = 'demo1234'): Promise<void> {
  if (!page.url().includes('/login')) await page.goto(`${baseUrl()}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/**
 * Signs in through the API and opens `path` directly, as a returning user whose session cookies are
 * set: what the sign-in form leaves behind (the token, the account and the leaf flag), without
 * rendering the form and the dashboard first. Tests about signing in use `signIn` and the form.
 */
export async function signInTo(page: Page, email: string, path = '/dashboard'): Promise<void> {
  const api = page.context().request;
  const signin = await api.post(`${baseUrl()}/api/account/signin`, {
    data: { email, password: 'demo1234', cid: -1, emailVerificationCodeNumber: '' },
  });
  const first = (await signin.json()) as { token?: string };
  if (!signin.ok() || !first.token) throw new Error(`sign-in of ${email}: ${signin.status()} ${await signin.text()}`);
  const acquired = await api.post(`${baseUrl()}/api/account/acquireToken`, {
    data: { oldjwtToken: first.token },
    headers: { Authorization: first.token },
  });
  const { token } = (await acquired.json()) as { token?: string };
  if (!acquired.ok() || !token) throw new Error(`token for ${email}: ${acquired.status()}`);
  const info = await api.get(`${baseUrl()}/api/api/getUserInfo`, { headers: { Authorization: token } });
  const { isLeaf } = (await info.json()) as { isLeaf?: boolean };
  const url = new URL(baseUrl());
  const cookie = { domain: url.hostname, path: '/', sameSite: 'Strict' as const };
  await page.context().addCookies([
    { name: 'Admin-Token', value: token, ...cookie },
    { name: 'currentAccount', value: email, ...cookie },
    { name: 'isLeaf', value: String(isLeaf ?? true), ...cookie },
  ]);
  await page.goto(`${baseUrl()}${path}`);
  const pathname = new URL(path, baseUrl()).pathname;
  await page.waitForURL((u) => u.pathname === pathname, { timeout: 30_000 });
}

/** The visible sidebar menu entries, in order. */
export async function sidebarLabels(page: Page): Promise<string[]> {
  const menu = page.locator('.ra-sidebar__menu').first();
  await menu.waitFor();
  const items = menu.locator(':scope > li');
  return (await items.allInnerTexts()).map((s) => s.trim()).filter(Boolean);
}

/** HS256 token like the server's, signed with the test server's key, with any claims we like. */
export function signToken(claims: Record<string, unknown>): string {
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const body = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(claims)}`;
  const sig = createHmac('sha256', inject('jwtSecret')).update(body).digest('base64url');
  return `${body}.${sig}`;
}

export function decodeToken(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * A menu entry of the open antd dropdown, once its opening animation has finished: clicking during
 * the animation lands on whatever the popup is still sliding over.
 */
export async function openMenuItem(page: Page, name: string | RegExp) {
  const popup = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last();
  await popup.waitFor({ state: 'visible' });
  await page.waitForFunction(
    () => {
      const open = [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden)')];
      return open.length > 0 && open.every((el) => !/-(enter|appear|leave)/.test(el.className));
    },
    undefined,
    { timeout: 5_000 },
  );
  return popup.getByRole('menuitem', { name });
}
