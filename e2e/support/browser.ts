import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';

export const screenshotDir = resolve(import.meta.dirname, '..', 'output', 'screenshots');
mkdirSync(screenshotDir, { recursive: true });

export const baseUrl = (): string => inject('baseUrl');

/** Debian's Chromium; the flags keep it off the network this machine does not have. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
}

export async function newPage(
  browser: Browser,
  opts: { width?: number; height?: number; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1366, height: opts.height ?? 860 },
    locale: opts.locale ?? 'en-US',
  });
  const page = await context.newPage();
  return { context, page };
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: false });
}

export async function signIn(page: Page, email: string, password = 'demo1234'): Promise<void> {
  await page.goto(`${baseUrl()}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}
