import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, shot, signInTo } from '../support/browser.ts';
import { verifiedBank } from '../support/bank.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });

describe('customer list (/userList/index)', () => {
  it('the owner filters (kept in the URL), opens a customer, writes a Chinese message, sees parts and cost and submits; an agent approves from /AgentApp; the owner confirms Send Now and watches the progress', async () => {
    const owner = await newPage(browser);
    const agent = await newPage(browser);
    const page = owner.page;
    try {
      await signInTo(page, 'owner@demo.test', '/userList/index');
      await verifiedBank(page);
      const rows = page.locator('.ant-table-tbody .ant-table-row');
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(0);

      // Filters live in the URL; the same search again says so instead of searching.
      await page.getByLabel('Orders from').fill('2');
      // the count is asked for once the page has re-rendered with the new filter: searching again before
      // that would compare the form with the old filter
      const counted = page.waitForResponse(
        (r) => r.url().includes('/api/customers/count?') && r.url().includes('ordersMin=2'),
        { timeout: 20_000 },
      );
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get('ordersMin') === '2', { timeout: 20_000 });
      await counted;
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect
        .poll(() => toast(page, 'Search conditions unchanged, no need to search again').count(), { timeout: 20_000 })
        .toBe(1);
      await page.reload();
      await expect.poll(() => page.getByLabel('Orders from').inputValue(), { timeout: 30_000 }).toBe('2');
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(0);

      // The count of matches is its own request: it replaces the placeholder when it arrives, and
      // "All results" selects that many (up to 1,000).
      const total = page.getByTestId('customer-total');
      await expect
        .poll(() => total.textContent(), { timeout: 30_000 })
        .toMatch(/^([\d,]+ customers? found|More than 10,?000 customers found)$/);
      const found = Number(/[\d,]+/.exec((await total.textContent()) ?? '')![0]!.replace(/,/g, ''));
      expect(found).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'All results (up to 1000)' }).click();
      const selectedAll = Math.min(found, 1000);
      await expect
        .poll(() => page.getByTestId('customer-selected').textContent())
        .toBe(`${selectedAll} customer${selectedAll === 1 ? '' : 's'} selected`);
      await shot(page, 'customers-all-results-en');
      await page.getByRole('button', { name: 'Pick customers' }).click();
      await expect.poll(() => page.getByTestId('customer-selected').textContent()).toBe('0 customers selected');

      // A customer's orders and opt-in state.
      await rows.first().locator('td button.ant-btn-link').click();
      const drawer = page.locator('.ant-drawer-open .ant-drawer-section').filter({ hasText: 'Opt-in history' });
      await expect.poll(() => drawer.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(1);
      await shot(page, 'customers-detail-en');
      await page.keyboard.press('Escape');
      await expect.poll(() => drawer.isVisible()).toBe(false);

      // Two customers, a Chinese variant: UCS-2, 1 part each, cost with tax.
      // One English speaker and one Chinese speaker (the demo's Chinese names), so both variants are billed.
      await rows
        .filter({ hasNotText: /[王李张刘]/ })
        .first()
        .locator('.ant-checkbox-input')
        .check();
      await rows
        .filter({ hasText: /[王李张刘]/ })
        .first()
        .locator('.ant-checkbox-input')
        .check();
      await expect.poll(() => page.getByText('2 customers selected').count()).toBe(1);
      await page.getByRole('button', { name: 'Write SMS' }).click();
      await page.getByLabel('English message').fill('Harbor Bistro: 20% off this week!');
      await page.getByLabel('Chinese message (optional)').fill('海港小馆：本周八折！');
      await expect
        .poll(() => page.getByTestId('counter-zh').textContent())
        .toMatch(/UCS-2 · \d+ characters · 1 part\b/);
      await expect
        .poll(() => page.getByTestId('counter-en').textContent())
        .toMatch(/GSM-7 · \d+ characters · 1 part\b/);
      await page.getByRole('button', { name: 'Calculate cost' }).click();
      await expect
        .poll(() => page.getByTestId('quote').textContent(), { timeout: 20_000 })
        .toMatch(/Total \$\d+\.\d\d/);
      await expect.poll(() => page.getByTestId('quote').textContent()).toContain('Chinese: 1 part × 1 recipient =');
      await shot(page, 'customers-compose-en');
      await page.getByRole('button', { name: 'Submit for approval' }).click();
      await expect.poll(() => toast(page, 'SMS approval submitted successfully').count(), { timeout: 20_000 }).toBe(1);
      const campaigns = page.getByTestId('campaigns');
      await expect
        .poll(() => campaigns.locator('.ant-table-row').first().textContent(), { timeout: 20_000 })
        .toContain('Pending');

      // The agent reviews from their home.
      await signInTo(agent.page, 'agent@demo.test', '/AgentApp');
      await agent.page.getByRole('tab', { name: 'SMS reviews' }).click();
      const review = agent.page
        .getByTestId('sms-reviews')
        .locator('.ant-table-row')
        .filter({ hasText: '20% off this week' });
      await expect.poll(() => review.count(), { timeout: 30_000 }).toBe(1);
      await shot(agent.page, 'customers-review-agent-en');
      await review.getByRole('button', { name: 'Approve' }).click();
      await agent.page.getByLabel('Review note (optional)').fill('Looks good');
      await agent.page.locator('.ant-modal-footer').getByRole('button', { name: 'Approve' }).click();
      await expect.poll(() => toast(agent.page, 'Review approved').count(), { timeout: 20_000 }).toBe(1);

      // Send Now asks first, naming the charge and the recipients; then the progress fills.
      await page.reload();
      const row = campaigns.locator('.ant-table-row').first();
      await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain('Approved');
      await row.getByRole('button', { name: 'Send Now' }).click();
      const dialog = page.locator('.ant-modal-confirm');
      await expect
        .poll(() => dialog.textContent(), { timeout: 20_000 })
        .toMatch(/2 recipients and charges \$\d+\.\d\d/);
      await shot(page, 'customers-send-confirm-en');
      await dialog.getByRole('button', { name: /^Pay \$/ }).click();
      await expect.poll(() => toast(page, 'SMS sent to 2 users').count(), { timeout: 20_000 }).toBe(1);
      await expect
        .poll(() => row.textContent(), { timeout: 40_000 })
        .toMatch(/0 queued, \d sent, \d delivered, 0 failed/);
      await expect.poll(() => row.textContent()).toContain('Sent by');
      await row.locator('.ant-table-row-expand-icon').click();
      await expect
        .poll(() => page.locator('.ant-table-expanded-row .ant-table-row').count(), { timeout: 20_000 })
        .toBe(2);
      await shot(page, 'customers-sent-progress-en');
    } finally {
      await owner.context.close();
      await agent.context.close();
    }
  }, 120_000);

  it('shows the list, a customer and the composer in Chinese at phone width', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844, locale: 'zh-CN' });
    try {
      await signInTo(page, 'owner@demo.test', '/userList/index');
      const rows = page.locator('.ant-table-tbody .ant-table-row');
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => page.getByText('短信活动').count()).toBeGreaterThan(0);
      await expect
        .poll(() => page.getByTestId('customer-total').textContent(), { timeout: 30_000 })
        .toMatch(/^(共 \d+ 位顾客|超过 10000 位顾客)$/);
      await shot(page, 'customers-list-zh-phone');
      await page.getByRole('button', { name: '编写短信' }).click();
      await expect.poll(() => toast(page, '请先选择用户').count(), { timeout: 20_000 }).toBe(1);
      await rows.first().locator('.ant-checkbox-input').check();
      await page.getByRole('button', { name: '编写短信' }).click();
      await page.getByLabel('英文短信').fill('Hi');
      await page.getByLabel('中文短信（可选）').fill('你好，欢迎再来！');
      await expect.poll(() => page.getByTestId('counter-zh').textContent()).toMatch(/UCS-2 · \d+ 个字符 · 1 段/);
      await shot(page, 'customers-compose-zh-phone');
    } finally {
      await context.close();
    }
  }, 60_000);
});
