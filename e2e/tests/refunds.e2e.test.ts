import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, Locator, Page } from 'playwright-core';
import { baseUrl, confirmUntilGone, launchBrowser, newPage, shot, signInTo } from '../support/browser.ts';

/**
 * Refunds from the back office (issue 23): a manager refunds two lines of an order from Transactions
 * and the sales summary of the day the refund was made moves by exactly the refunded amounts.
 *
 * The demo's Manager role may void but not see transactions, and other suites check the demo's roles,
 * so the owner makes a role of this suite's own ("Refund desk": void orders, transactions, sales
 * report) and an employee in it. The orders refunded are card orders of a business day no other
 * browser suite reads (2026-02-26, inside the tips suite's pay period, but a line refund carries no
 * tip), and the refund lands on today, whose figures this suite reads before and after.
 */
const ORDER_DAY = '2026-02-26';
const MANAGER = { email: 'rhea.refunds@demo.test', firstName: 'Rhea', lastName: 'Lund' };
const ROLE = 'Refund desk';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const tokenOf = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const request: APIRequestContext = page.context().request;
  const headers = { Authorization: await tokenOf(page) };
  const res =
    method === 'GET'
      ? await request.get(`${baseUrl()}${path}`, { headers })
      : await request.post(`${baseUrl()}${path}`, { headers, data: data as Record<string, unknown> });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** The owner makes the suite's refunding role and its employee, once (the demo server is shared). */
let managerReady: Promise<void> | undefined;
function ensureManager(): Promise<void> {
  managerReady ??= (async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInTo(page, 'owner@demo.test');
      const role = await api<{ id: number }>(page, 'POST', '/api/api/updaterestperm', {
        name: ROLE,
        flags: { voidOrders: true, viewTransactions: true, viewSalesReport: true },
      });
      await api(page, 'POST', '/api/api/user', {
        ...MANAGER,
        employeeNumber: 'E-RFND1',
        roleIds: [role.id],
        pin: '6093',
        password: 'demo1234',
        status: 'active',
      });
    } finally {
      await context.close();
    }
  })();
  return managerReady;
}

type TOrderRefunds = {
  status: string;
  paidCents: number;
  refundedCents: number;
  lines: Array<{ lineNo: number; name: string; quantity: number; refundedQuantity: number; netCents: number }>;
  cardPayments: Array<{ paymentId: number; remainingCents: number; amountCents: number }>;
  refunds: unknown[];
};

/**
 * Card orders of ORDER_DAY with nothing refunded and at least two lines of different names, in the
 * list's order: the first for the desktop test, the second for the phone one.
 */
async function refundableOrders(
  page: Page,
): Promise<Array<{ orderId: number; posOrderId: string; orderNumber: string; lines: string[] }>> {
  const list = await api<{
    rows: Array<{ orderId: number; posOrderId: string; orderNumber: string | null; status: string }>;
  }>(
    page,
    'GET',
    `/api/api/transactions?from=${ORDER_DAY}&to=${ORDER_DAY}&method=card&kind=payment&status=completed&sort=at&pageSize=50`,
  );
  const found: Array<{ orderId: number; posOrderId: string; orderNumber: string; lines: string[] }> = [];
  const seen = new Set<number>();
  for (const row of list.rows) {
    if (seen.has(row.orderId) || !row.orderNumber) continue;
    seen.add(row.orderId);
    const state = await api<TOrderRefunds>(page, 'GET', `/api/api/refunds/order/${row.orderId}`);
    const lines = state.lines.filter((l) => l.netCents > 0 && l.refundedQuantity === 0);
    const names = [...new Set(lines.map((l) => l.name))];
    const unique = names.filter((n) => lines.filter((l) => l.name === n).length === 1);
    if (state.status === 'closed' && state.refundedCents === 0 && state.refunds.length === 0 && unique.length >= 2) {
      found.push({
        orderId: row.orderId,
        posOrderId: row.posOrderId,
        orderNumber: row.orderNumber,
        lines: unique.slice(0, 2),
      });
    }
    if (found.length === 2) break;
  }
  expect(found.length, `two refundable card orders on ${ORDER_DAY}`).toBe(2);
  return found;
}

/** "$1,234.56" or "-$12.00" → cents. */
const cents = (text: string): number => {
  const m = text.replace(/,/g, '').match(/(-?)\$(\d+)\.(\d{2})/);
  if (!m) throw new Error(`no money in "${text}"`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
};

const FIGURES = ['refundCents', 'netSalesCents', 'taxCents', 'grossSalesCents'] as const;

/** Today's sales summary as the page shows it (the refund is filed on the day it was made). */
async function todaysFigures(page: Page): Promise<Record<(typeof FIGURES)[number], number>> {
  await page.goto(`${baseUrl()}/salesReport/salesSummary?preset=today`);
  const value = (key: string) => page.locator(`[data-figure="${key}"] .ra-report-card__value`);
  await value('netSalesCents').waitFor({ timeout: 30_000 });
  const out = {} as Record<(typeof FIGURES)[number], number>;
  for (const key of FIGURES) out[key] = cents(await value(key).innerText());
  return out;
}

async function openOrder(page: Page, order: { posOrderId: string; orderNumber: string }) {
  await page.goto(
    `${baseUrl()}/transactions/index?from=${ORDER_DAY}&to=${ORDER_DAY}&method=card&q=${encodeURIComponent(order.posOrderId)}`,
  );
  // the search matches by prefix: the row of this order is the one naming its number
  const n = order.orderNumber;
  const row = page.locator(`.ra-tx__row[aria-label*="#${n},"], .ra-tx__row[aria-label*="#${n}，"]`).first();
  await row.waitFor({ timeout: 30_000 });
  await row.click();
  const drawer = page.getByRole('dialog');
  await drawer.first().waitFor({ timeout: 30_000 });
  return drawer.first();
}

/** The quantity field of the refund dialog's line named `name`. */
const lineInput = (modal: Locator, name: string) =>
  modal.locator('.ra-refund-lines li').filter({ hasText: name }).first().locator('input');

describe('refunds from the back office', () => {
  it('a manager refunds two lines of an order and sees the sales report change', async () => {
    await ensureManager();
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    try {
      await signInTo(page, MANAGER.email, '/salesReport/salesSummary?preset=today');
      const [order] = await refundableOrders(page);
      const before = await todaysFigures(page);

      const drawer = await openOrder(page, order!);
      const section = drawer.getByRole('region', { name: 'Refunds from the back office' });
      await expect.poll(() => section.innerText(), { timeout: 30_000 }).toContain('Left to refund');
      await expect.poll(() => section.innerText()).toContain('No refunds from the back office yet');
      await section.getByRole('button', { name: 'Refund…' }).click();

      const modal = page.locator('.ant-modal').filter({ hasText: 'What to refund' });
      await modal.waitFor();
      await modal
        .locator('label')
        .filter({ hasText: /^Lines$/ })
        .click();
      for (const name of order!.lines) await lineInput(modal, name).fill('1');
      // to the original tender: the card the order was paid with is chosen already
      expect(await modal.getByRole('radio', { name: 'Original card' }).isChecked()).toBe(true);
      await modal.getByRole('combobox', { name: 'Reason' }).click();
      await page
        .locator('.ant-select-item-option')
        .filter({ hasText: /^Food quality$/ })
        .click();
      await modal.getByRole('textbox', { name: 'Note (optional)' }).fill('Two dishes sent back');
      const estimate = modal.getByText(/^To refund: /);
      await expect.poll(() => estimate.innerText()).toMatch(/tip \$0\.00\)$/);
      const [, total, net, tax] = (await estimate.innerText()).match(/^To refund: (\S+) \(net (\S+), tax (\S+), tip/)!;
      const refunded = { total: cents(total!), net: cents(net!), tax: cents(tax!) };
      expect(refunded.total).toBe(refunded.net + refunded.tax);
      expect(refunded.net).toBeGreaterThan(0);
      await shot(page, 'refund-drawer-en-desktop');

      await modal.getByRole('button', { name: `Refund ${total}` }).click();
      const confirm = page.locator('.ant-modal-confirm').filter({ hasText: 'This cannot be undone' });
      await confirmUntilGone(confirm.locator('.ant-btn-dangerous'), confirm, 20_000);
      await page.getByText(`Refunded ${total}`).first().waitFor({ timeout: 30_000 });

      // the order's history: who, why, the tender and the two lines
      await expect.poll(() => section.innerText(), { timeout: 30_000 }).toContain('Requested by Rhea Lund');
      const history = await section.innerText();
      expect(history).toContain('Food quality');
      expect(history).toContain('Two dishes sent back');
      expect(history).toContain(`Lines: 1 × ${order!.lines[0]}, 1 × ${order!.lines[1]}`);
      expect(history).toContain(`-${total}`);
      await shot(page, 'refund-history-en-desktop');

      // the server agrees with the page
      const state = await api<TOrderRefunds>(page, 'GET', `/api/api/refunds/order/${order!.orderId}`);
      expect(state.refundedCents).toBe(refunded.total);

      const after = await todaysFigures(page);
      expect(after.refundCents - before.refundCents).toBe(refunded.total);
      expect(before.netSalesCents - after.netSalesCents).toBe(refunded.net);
      expect(before.taxCents - after.taxCents).toBe(refunded.tax);
      // gross sales stay as sold
      expect(after.grossSalesCents).toBe(before.grossSalesCents);
      await shot(page, 'refund-sales-summary-en-desktop');
    } finally {
      await context.close();
    }
  }, 150_000);

  it('on a phone in Chinese, the refund drawer fits the screen and refunds a line', async () => {
    await ensureManager();
    const { context, page } = await newPage(browser, { width: 390, height: 844, locale: 'zh-CN' });
    try {
      await signInTo(page, MANAGER.email, '/transactions/index');
      const [, order] = await refundableOrders(page);
      const drawer = await openOrder(page, order!);
      const section = drawer.getByRole('region', { name: '后台退款' });
      await expect.poll(() => section.innerText(), { timeout: 30_000 }).toContain('可退金额');
      await section.getByRole('button', { name: '退款…' }).click();
      const modal = page.locator('.ant-modal').filter({ hasText: '退款内容' });
      await modal.waitFor();
      await modal
        .locator('label')
        .filter({ hasText: /^按菜品$/ })
        .click();
      await lineInput(modal, order!.lines[0]!).fill('1');
      await modal.getByRole('combobox', { name: '原因' }).click();
      await page
        .locator('.ant-select-item-option')
        .filter({ hasText: /^上错菜$/ })
        .click();
      await expect.poll(() => modal.getByText(/^退款金额：/).innerText()).toMatch(/小费|服务费/);
      // nothing of the dialog runs past the phone's edge
      const box = (await modal.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, 'refund-drawer-zh-phone');
      const submit = modal.getByRole('button', { name: /^退款 \$/ });
      const value = (await submit.innerText()).replace(/^退款\s*/, '').trim();
      await submit.click();
      const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '此操作无法撤销' });
      await confirmUntilGone(confirm.locator('.ant-btn-dangerous'), confirm, 20_000);
      await page.getByText(`已退款 ${value}`).first().waitFor({ timeout: 30_000 });
      await expect.poll(() => section.innerText(), { timeout: 30_000 }).toContain('上错菜');
      expect(await section.innerText()).toContain(`1 × ${order!.lines[0]}`);
      await shot(page, 'refund-history-zh-phone');
    } finally {
      await context.close();
    }
  }, 150_000);
});
