import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, shot, signInTo } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-section').last();
const tokenOf = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';

/** The demo customer with the most points left (this suite's own: no other suite spends points). */
async function richestCustomer(page: Page): Promise<{ id: number; phone: string }> {
  const api = page.context().request;
  const headers = { Authorization: await tokenOf(page) };
  const res = await api.get(`${baseUrl()}/api/api/customers?sort=points&order=desc&range=all`, { headers });
  const rows = ((await res.json()) as { rows: Array<{ id: number; phone: string }> }).rows;
  if (!rows[0]) throw new Error('no demo customers');
  return rows[0];
}

describe('loyalty rewards', () => {
  it('the owner defines a reward, the POS redeems it, and the owner sees it in the report', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInTo(page, 'owner@demo.test', '/rewards/index');
    // the demo catalogue is there
    await expect.poll(() => page.locator('main .ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(2);
    await expect.poll(() => page.locator('main').innerText()).toContain('Harbor chowder on the house');

    await page.getByRole('button', { name: 'Add reward' }).click();
    const form = drawer(page);
    await form.waitFor();
    // nothing filled in: the form says what is missing and sends nothing
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.innerText()).toContain('Please enter the reward’s English name');
    await form.getByLabel('Name (English)').fill('E2E lobster roll on us');
    await form.getByLabel('Name (Chinese)').fill('免费龙虾卷');
    await form.getByLabel('Points cost').fill('80');
    await form.getByText('A free menu item').click();
    const select = form.locator('.ant-select').last();
    await select.click();
    await select.locator('input').fill('Lobster roll');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
    await expect.poll(() => page.locator('main').innerText()).toContain('E2E lobster roll on us');
    await shot(page, 'rewards-catalogue-en');

    // the POS spends a customer's points on it through the API
    const customer = await richestCustomer(page);
    const list = await page
      .context()
      .request.get(`${baseUrl()}/api/api/rewards`, { headers: { Authorization: await tokenOf(page) } });
    const reward = ((await list.json()) as { items: Array<{ id: number; nameEn: string }> }).items.find(
      (r) => r.nameEn === 'E2E lobster roll on us',
    );
    expect(reward).toBeDefined();
    const redeem = await page.context().request.post(`${baseUrl()}/api/api/pos/rewards/redeem`, {
      headers: { Authorization: await tokenOf(page) },
      data: { customerId: customer.id, rewardId: reward!.id, idempotencyKey: 'e2e-rewards-0001' },
    });
    expect(redeem.status(), await redeem.text()).toBe(200);

    // the report for today shows it, by reward
    await page.getByRole('tab', { name: 'Rewards report' }).click();
    await expect
      .poll(
        () =>
          page
            .locator('main .ant-table-row', { hasText: 'E2E lobster roll on us' })
            .filter({ visible: true })
            .innerText(),
        {
          timeout: 20_000,
        },
      )
      .toMatch(/E2E lobster roll on us\s+1\s+80/);
    await expect.poll(() => page.locator('main').innerText()).toContain('Points issued');
    await shot(page, 'rewards-report-en');

    await context.close();
  }, 180_000);

  it('archives only after confirming; in Chinese on a phone', async () => {
    const { context, page } = await newPage(browser, { ...PHONE, locale: 'zh-CN' });
    await signInTo(page, 'owner@demo.test', '/rewards/index');
    const row = page.locator('main .ant-table-row', { hasText: '免费龙虾卷' });
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: '归档' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect.poll(() => confirm.innerText()).toContain('POS 将不再提供该奖励');
    await shot(page, 'rewards-archive-confirm-zh-phone');
    // antd spaces two-character Chinese button labels ("取 消")
    await confirm.getByRole('button', { name: /取\s*消/ }).click();
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: '归档' }).click();
    await confirm.getByRole('button', { name: /归\s*档/ }).click();
    await expect.poll(() => row.count()).toBe(0);
    await context.close();
  });
});
