import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, clockNow, launchBrowser, newPage, shot, signInTo } from '../support/browser.ts';

/**
 * Live today (issue 24): the dashboard's "Today so far" changes when the POS pushes an order, over the
 * server-sent events stream, without a reload and without polling. The order is pushed through the POS
 * API as the manager signed in on a POS would, a few minutes before the suite's pinned instant.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A POS's token: the manager signs in through the account API, as the POS app does. */
async function posToken(): Promise<string> {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body),
    });
    expect(res.ok, `${path}: ${res.status}`).toBe(true);
    return (await res.json()) as { token: string };
  };
  const first = await post('/api/account/signin', {
    email: 'manager@demo.test',
    password: 'demo1234',
    cid: -1,
    emailVerificationCodeNumber: '',
  });
  return (await post('/api/account/acquireToken', { oldjwtToken: first.token }, first.token)).token;
}

const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

async function netSales(page: Page): Promise<number> {
  const net = page.locator('[data-figure="netSalesCents"]');
  await expect.poll(() => net.innerText(), { timeout: 30_000 }).toMatch(/\$[\d,]+\.\d{2}/);
  return cents(await net.innerText());
}

describe('live today', () => {
  it("moves the dashboard's today-so-far when the POS pushes an order, with no reload and no polling", async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    const dataRequests: string[] = [];
    let streams = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/api/dashboard/today')) dataRequests.push(r.url());
      if (r.url().includes('/api/api/live/sales')) streams += 1;
    });
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await signInTo(page, 'owner@demo.test');
    const before = await netSales(page);
    // The stream is open: the page asked for the server-sent events once.
    await expect.poll(() => streams).toBe(1);
    const navigationsBefore = navigations;
    const requestsBefore = dataRequests.length;

    const token = await posToken();
    const at = (minutesAgo: number) => new Date(clockNow().getTime() - minutesAgo * 60_000).toISOString();
    const posOrderId = `LIVE-E2E-${clockNow().getTime()}`;
    const pushed = await fetch(`${baseUrl()}/api/api/pos/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({
        posOrderId,
        orderNumber: '9901',
        channel: 'dineIn',
        partySize: 2,
        status: 'closed',
        openedAt: at(40),
        closedAt: at(10),
        items: [{ posItemId: 'B-FISH', name: 'Fish and chips', category: 'Mains', quantity: 2, unitPriceCents: 2400 }],
        taxCents: 0,
        tipCents: 0,
        payments: [{ posPaymentId: `${posOrderId}-p`, method: 'cash', amountCents: 4800, tipCents: 0, paidAt: at(10) }],
      }),
    });
    expect(pushed.status, await pushed.clone().text()).toBe(201);

    // The figure moves by exactly the order, on the page as it is.
    await expect.poll(() => netSales(page), { timeout: 15_000 }).toBe(before + 4800);
    expect(navigations).toBe(navigationsBefore);
    // One refetch of today's figures answers the event; nothing asks on a timer.
    expect(dataRequests.length - requestsBefore).toBeGreaterThan(0);
    const settled = dataRequests.length;
    await page.waitForTimeout(3_000);
    expect(dataRequests.length).toBe(settled);
    await shot(page, 'live-dashboard-after-order-en');
    await context.close();
  });
});
