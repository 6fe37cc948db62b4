import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, shot, signIn } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The last mail the server's local email adapter sent to `to`, read from the server log (the adapter
 * logs every message: ARCHITECTURE.md "email ... default writes to the server log and an outbox table").
 * No test-only endpoint: the browser suite reads what a developer would read.
 */
async function lastMailTo(to: string, after: number): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const lines = readFileSync(inject('serverLogFile'), 'utf8').slice(after).split('\n');
        for (const line of lines) {
          if (!line.includes('email (outbox)')) continue;
          const entry = JSON.parse(line) as { email?: { to?: string }; msg?: string };
          if (entry.email?.to === to && entry.msg) found = entry.msg;
        }
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

const logSize = () => readFileSync(inject('serverLogFile'), 'utf8').length;

/**
 * Sets `email`'s password back through the reset endpoints (what the page does), so the suite's other
 * files, which share this server, still sign in with the demo password.
 */
async function restorePassword(email: string, password = 'demo1234'): Promise<void> {
  const before = logSize();
  const asked = await fetch(`${baseUrl()}/api/account/forgotPassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(asked.status).toBe(200);
  const token = /resetPassword\?token=([A-Za-z0-9_-]+)/.exec(await lastMailTo(email, before))?.[1];
  const reset = await fetch(`${baseUrl()}/api/account/resetPassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, newPassword: password, confirmPassword: password }),
  });
  expect(reset.status).toBe(200);
}

async function chooseLanguage(page: Page, lang: 'English' | '中文'): Promise<void> {
  await page.getByRole('button', { name: lang, exact: true }).click();
  await page.waitForLoadState('load');
}

describe('the sign-in page paints at once (issue 21)', () => {
  it('paints the form from the HTML before any of the app is asked for, and the app hydrates it without a later largest paint', async () => {
    // not newPage: its pinned clock replaces `performance`, whose paint and resource timings are read here
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await context.newPage();
    // the form the server sent, as the HTML parser made it (before any of the app has run)
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as { servedForm?: Element | null }).servedForm = document.querySelector('form');
      });
    });
    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    page.on('pageerror', (e) => void errors.push(e.message));
    try {
      await page.goto(`${baseUrl()}/login`);
      // the app has taken the form over: its button works
      await page.locator('form button[type="submit"]:enabled').waitFor();
      // hydrated in place: the same form, not one drawn over it, and React reported no mismatch
      expect(
        await page.evaluate(() => document.querySelector('form') === (window as { servedForm?: Element }).servedForm),
      ).toBe(true);
      expect(errors).toEqual([]);
      const seen = await page.evaluate(async () => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
        const lcp = await new Promise<number[]>((resolve) => {
          new PerformanceObserver((list, o) => {
            o.disconnect();
            resolve(list.getEntries().map((e) => e.startTime));
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        });
        const scripts = performance
          .getEntriesByType('resource')
          .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime }))
          .filter((e) => e.path.endsWith('.js'));
        return { fcp, lcp, scripts };
      });
      // nothing but the boot script (which may also arrive later) is asked for before the first
      // paint; the entry and its imports after it
      const boot = /^\/assets\/login-boot-(en|zh)-[0-9a-f]{8}\.js$/;
      expect(seen.scripts.filter((s) => s.start < seen.fcp && !boot.test(s.path))).toEqual([]);
      expect(seen.scripts.map((s) => s.path)).toContainEqual(expect.stringMatching(boot));
      expect(seen.scripts.filter((s) => s.start >= seen.fcp).map((s) => s.path)).toContainEqual(
        expect.stringMatching(/^\/assets\/index-/),
      );
      // the first paint is the largest: the app hydrated the same form, nothing larger later
      expect(seen.lcp.length).toBeGreaterThan(0);
      expect(Math.max(...seen.lcp)).toBeLessThanOrEqual(seen.fcp);
    } finally {
      await context.close();
    }
  });
});

describe('forgot password', () => {
  it('emails a link that sets a new password once, and the new password signs in (English, phone width)', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${baseUrl()}/login`);
    // the app has taken the form over (its button works); the click before that is the next test's
    await page.locator('form button[type="submit"]:enabled').waitFor();
    await page.locator('input[name="email"]').fill('manager@demo.test');
    await shot(page, 'sign-in-forgot-link-phone-en');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((u) => u.pathname === '/forgotPassword');
    // the email typed on the sign-in page comes along
    expect(await page.locator('input[name="email"]').inputValue()).toBe('manager@demo.test');
    await shot(page, 'forgot-password-phone-en');

    const before = logSize();
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await expect
      .poll(() => page.getByRole('status').innerText())
      .toContain('If an account uses this email, we have sent it a link');
    await shot(page, 'forgot-password-sent-phone-en');

    const mail = await lastMailTo('manager@demo.test', before);
    const link = /https?:\/\/\S+\/resetPassword\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
    expect(link).toBeDefined();
    expect(new URL(link!).origin).toBe(new URL(baseUrl()).origin);

    await page.goto(link!);
    await page.locator('input[name="newPassword"]').fill('short');
    await page.locator('input[name="confirmPassword"]').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => page.locator('[role="alert"]').first().innerText()).toContain('at least 8');
    // the cursor goes back to the field to fix
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('newPassword');
    await shot(page, 'reset-password-rule-phone-en');

    await page.locator('input[name="newPassword"]').fill('manager-new-1');
    await page.locator('input[name="confirmPassword"]').fill('manager-new-1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    try {
      await expect.poll(() => page.getByRole('status').innerText()).toContain('Your password has been reset');
      await shot(page, 'reset-password-done-phone-en');

      // the link works once
      await page.goto(link!);
      await page.locator('input[name="newPassword"]').fill('manager-new-2');
      await page.locator('input[name="confirmPassword"]').fill('manager-new-2');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect
        .poll(() => page.locator('[role="alert"]').first().innerText())
        .toContain('This reset link is invalid, has expired or was already used.');

      await signIn(page, 'manager@demo.test', 'manager-new-1');
      await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 30_000 });
    } finally {
      await restorePassword('manager@demo.test');
    }
    await context.close();
  });

  it('brings the typed email along when "Forgot password?" is clicked before the app has taken the form over', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    // the app's entry is held back until the click has been followed: the page is the server's form alone
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const entryAsked = new Promise<void>((resolve) => (asked = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      asked();
      await held;
      await route.continue().catch(() => undefined); // the sign-in page's request is gone by then
    });
    try {
      // not until "load": the held entry, once asked for, holds the page's load event too
      await page.goto(`${baseUrl()}/login`, { waitUntil: 'domcontentloaded' });
      // the boot script has run (it asks for the entry after the form's first paint), so its click
      // handler is in place, and the app is not
      await entryAsked;
      await page.locator('input[name="email"]').fill('manager@demo.test');
      // still the server's form: its button waits for the app
      expect(await page.locator('form button[type="submit"]').isEnabled()).toBe(false);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      // a plain navigation, whose page cannot finish loading while the entry is held
      await page.waitForURL((u) => u.pathname === '/forgotPassword', { waitUntil: 'commit' });
      expect(new URL(page.url()).searchParams.get('email')).toBe('manager@demo.test');
      release();
      await expect.poll(() => page.locator('input[name="email"]').inputValue()).toBe('manager@demo.test');
    } finally {
      release();
      await context.close();
    }
  });

  it('shows the request and the reset page in Chinese', async () => {
    const { context, page } = await newPage(browser, { locale: 'zh-CN' });
    await page.goto(`${baseUrl()}/login`);
    await expect.poll(() => page.getByRole('link', { name: '忘记密码？' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: '忘记密码？' }).click();
    await page.waitForURL((u) => u.pathname === '/forgotPassword');
    await page.locator('input[name="email"]').fill('nobody-at-all@demo.test');
    await page.getByRole('button', { name: '发送重置链接' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toContain('如果该邮箱有对应的账号');
    await shot(page, 'forgot-password-sent-zh');
    await page.goto(`${baseUrl()}/resetPassword?token=${'x'.repeat(43)}`);
    await shot(page, 'reset-password-zh');
    await page.locator('input[name="newPassword"]').fill('long enough 1');
    await page.locator('input[name="confirmPassword"]').fill('long enough 1');
    await page.getByRole('button', { name: '设置新密码' }).click();
    await expect.poll(() => page.locator('[role="alert"]').first().innerText()).toContain('此重置链接无效');
    await shot(page, 'reset-password-dead-link-zh');
    await context.close();
  });
});

describe('email-code step', () => {
  it('shows the masked address, signs in with the emailed code, and offers another account', async () => {
    const { context, page } = await newPage(browser);
    const before = logSize();
    await signIn(page, 'verify@demo.test');
    await expect
      .poll(() => page.getByRole('status').innerText())
      .toBe('We emailed a 6-digit code to v***@demo.test. Enter it to sign in.');
    const resend = page.locator('button[name="resend"]');
    expect(await resend.isDisabled()).toBe(true);
    expect(await resend.innerText()).toMatch(/Email a new code in \d+ s/);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('code');
    await shot(page, 'sign-in-code-step-en');

    const code = /\b(\d{6})\b/.exec(await lastMailTo('verify@demo.test', before))?.[1];
    expect(code).toBeDefined();
    await page.locator('input[name="code"]').fill(code!);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 30_000 });
    await context.close();
  });

  it('goes back to an empty form with "use a different account" (Chinese, phone width)', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844, locale: 'zh-CN' });
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'verify@demo.test');
    await expect.poll(() => page.getByRole('status').innerText()).toContain('v***@demo.test');
    await shot(page, 'sign-in-code-step-phone-zh');
    await page.getByRole('button', { name: '使用其他账号' }).click();
    expect(await page.locator('input[name="email"]').inputValue()).toBe('');
    expect(await page.locator('input[name="code"]').count()).toBe(0);
    await context.close();
  });
});

describe('sign-in page', () => {
  it('keeps the sign-in error through a language switch, translated', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'staff@demo.test', 'not-the-password');
    await expect
      .poll(() => page.locator('[role="alert"]').first().innerText())
      .toBe('The user name and password combination does not match our record.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    await chooseLanguage(page, '中文');
    await expect.poll(() => page.locator('[role="alert"]').first().innerText()).toBe('用户名和密码不匹配。');
    expect(await page.locator('input[name="email"]').inputValue()).toBe('staff@demo.test');
    await shot(page, 'sign-in-error-after-language-switch-zh');
    await chooseLanguage(page, 'English');
    await context.close();
  });

  it.each(['/\t/evil.example', '//evil.example', 'https://evil.example', '/%2F%2Fevil.example'])(
    'stays on this site when the redirect query is %j',
    async (redirect) => {
      const { context, page } = await newPage(browser);
      await page.goto(`${baseUrl()}/login?redirect=${encodeURIComponent(redirect)}`);
      await signIn(page, 'owner@demo.test');
      await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 30_000 });
      expect(new URL(page.url()).origin).toBe(new URL(baseUrl()).origin);
      const cookie = (await context.cookies()).find((c) => c.name === 'Admin-Token');
      expect(cookie?.sameSite).toBe('Strict');
      await context.close();
    },
  );
});

describe('time-zone step', () => {
  it('suggests the zone of the restaurant’s state, finds it by city and common name, and leads back', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'agent@demo.test');
    await page.waitForURL((u) => u.pathname === '/selectNodeAndRest', { timeout: 30_000 });
    // Sakura Ramen sits in the agent's East Team group
    const team = page.locator('.ant-tree-treenode', { hasText: 'East Team' });
    await team.waitFor({ timeout: 30_000 });
    await team.locator('.ant-tree-switcher').click();
    const sakura = page.locator('.ant-tree-treenode', { hasText: 'Sakura Ramen' });
    await sakura.waitFor({ timeout: 30_000 });
    await sakura.getByRole('button').click();
    await page.waitForURL((u) => u.pathname === '/selectTimeZone', { timeout: 30_000 });
    // Sakura Ramen is in Philadelphia, PA; the agent's browser is somewhere else entirely
    await expect.poll(() => page.locator('.ant-select').innerText()).toContain('America/New York');
    await expect.poll(() => page.locator('main').innerText()).toContain('(PA)');
    await shot(page, 'time-zone-suggested-en');

    for (const query of ['Phila', 'Eastern Time', '美东时间']) {
      await page.locator('.ant-select').click();
      await page.keyboard.type(query);
      await expect
        .poll(() =>
          page
            .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
            .first()
            .innerText(),
        )
        .toContain('America/New York');
      if (query === 'Phila') await shot(page, 'time-zone-search-en');
      await page.keyboard.press('Escape');
    }

    await page.getByRole('button', { name: 'Back to restaurants' }).click();
    await page.waitForURL((u) => u.pathname === '/selectNodeAndRest');
    await context.close();
  });
});
