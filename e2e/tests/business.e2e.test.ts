import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, clockNow, launchBrowser, newPage, shot, signInTo } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The restaurant's calendar day `days` after the pinned instant (Harbor Bistro is in New York). */
function localDate(days: number): string {
  const at = new Date(clockNow().getTime() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(at);
}

const effectiveRow = (page: Page, date: string) =>
  page.locator(`[role="tabpanel"][aria-hidden="false"] [data-testid="effective-hours"] [data-date="${date}"]`);

async function openTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: 30_000 }).toBe('true');
}

async function resetBankThroughApi(page: Page): Promise<void> {
  // Leave Harbor as the other suites expect it: no bank account.
  const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
  await page.context().request.post(`${baseUrl()}/api/api/business/bank/reset`, { headers: { Authorization: token } });
}

describe('business info, hours and bank account', () => {
  it('owner edits hours and a holiday and sees the next 14 days change; links and verifies a bank account', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, 'owner@demo.test', '/business/index');
    const holiday = localDate(2);

    // Before: the holiday's weekday shows its usual hours in store.
    await openTab(page, 'Next 14 days');
    await effectiveRow(page, holiday).waitFor({ timeout: 30_000 });
    await expect.poll(() => effectiveRow(page, holiday).innerText()).toMatch(/11:00–22:00/);

    // Weekly hours: Tuesday gets a second range that runs past midnight; then a holiday.
    await openTab(page, 'Weekly hours & special days');
    const tuesday = page.getByTestId('weekday-2');
    await tuesday.getByLabel('Tuesday range 1 closes at').fill('15:00');
    await tuesday.getByRole('button', { name: 'Add time range' }).click();
    await tuesday.getByLabel('Tuesday range 2 opens at').fill('17:00');
    await tuesday.getByLabel('Tuesday range 2 closes at').fill('01:00');
    await expect.poll(() => tuesday.innerText()).toContain('closes the next day');

    await page.getByRole('button', { name: 'Add a date' }).click();
    const special = page.getByTestId('special-2');
    await special.getByLabel('Date', { exact: true }).fill(holiday);
    await special.getByLabel('Note', { exact: true }).fill('Staff training');
    await shot(page, 'business-hours-en');
    await page.getByRole('button', { name: 'Save hours' }).click();
    await expect.poll(() => page.locator('.ant-message').innerText(), { timeout: 30_000 }).toContain('Hours saved');

    // After: the holiday is closed on every channel, and Tuesday shows both ranges.
    await openTab(page, 'Next 14 days');
    await expect
      .poll(() => effectiveRow(page, holiday).innerText(), { timeout: 30_000 })
      .toMatch(/Holiday · Staff training/);
    expect(await effectiveRow(page, holiday).innerText()).not.toMatch(/\d\d:\d\d–/);
    await expect.poll(() => effectiveRow(page, localDate(3)).innerText()).toMatch(/11:00–15:00, 17:00–01:00 \(\+1\)/);
    await shot(page, 'business-effective-hours-en');

    // Bank account: the checksum is checked in the browser, then linked, deposits delivered, verified.
    // The demo links and verifies Harbor's account on a first start: start from none.
    await resetBankThroughApi(page);
    await page.goto(`${baseUrl()}/businessInfo/index?tab=bank`);
    const form = page.locator('[role="tabpanel"][aria-hidden="false"]');
    await form.getByLabel('Account holder name').fill('Grace Miller');
    await form.getByLabel('Account type').click();
    await page.locator('.ant-select-item-option[title="Checking"]').click();
    await form.getByLabel('Routing number').fill('011000016');
    await form.getByLabel('Account number', { exact: true }).fill('000123456789');
    await form.getByLabel('Payment provider customer ID').fill('cus_Harbor01');
    await form.getByRole('button', { name: 'Link bank account' }).click();
    await expect
      .poll(() => form.locator('.ant-form-item-explain-error').first().innerText())
      .toBe('This is not a valid ABA routing number; please check the digits');
    await form.getByLabel('Routing number').fill('011000015');
    await form.getByRole('button', { name: 'Link bank account' }).click();
    await expect
      .poll(() => page.getByTestId('bank-status').innerText(), { timeout: 30_000 })
      .toBe('Deposits on the way');
    expect(await form.innerText()).toContain('••••6789');
    expect(await form.innerText()).not.toContain('000123456789');

    await page.getByRole('button', { name: 'Deliver deposits now' }).click();
    await expect
      .poll(() => page.getByTestId('bank-status').innerText(), { timeout: 30_000 })
      .toBe('Waiting for verification');
    // The newest statement is the first row (another suite may have linked and reset an account
    // before); the status can turn before the statement table has refetched, and until then the first
    // row is this account's deposit without its amounts, and the first amounts on screen are an old one's.
    const newest = page.getByTestId('bank-outbox').locator('tbody tr.ant-table-row').first();
    await expect.poll(() => newest.getByTestId('deposit-amounts').count(), { timeout: 30_000 }).toBe(1);
    const amounts = (await newest.getByTestId('deposit-amounts').innerText()).match(/0\.\d\d/g) ?? [];
    expect(amounts).toHaveLength(2);
    await shot(page, 'business-bank-verify-en');
    await form.getByLabel('Deposit 1').fill(amounts[0]!);
    await form.getByLabel('Deposit 2').fill(amounts[1]!);
    await form.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByTestId('bank-status').innerText(), { timeout: 30_000 }).toBe('Verified');
    await shot(page, 'business-bank-verified-en');
    await context.close();
  });

  it('in Chinese at phone width: the 14-day view as cards and the bank account', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844, locale: 'zh-CN' });
    await signInTo(page, 'owner@demo.test', '/business/index');
    await openTab(page, '未来 14 天');
    await expect.poll(() => effectiveRow(page, localDate(2)).innerText(), { timeout: 30_000 }).toContain('节假日');
    expect(await effectiveRow(page, localDate(0)).innerText()).toContain('在线点餐');
    await shot(page, 'business-effective-hours-zh-phone');

    await page.goto(`${baseUrl()}/businessInfo/index?tab=bank`);
    await expect.poll(() => page.getByTestId('bank-status').innerText(), { timeout: 30_000 }).toBe('已验证');
    await shot(page, 'business-bank-zh-phone');

    await page.goto(`${baseUrl()}/businessInfo/index`);
    const zip = page.getByLabel('邮政编码');
    await zip.fill('0211');
    await zip.blur();
    await expect
      .poll(() => page.locator('.ant-form-item-explain-error').first().innerText(), { timeout: 30_000 })
      .toBe('邮政编码应为 5 位数字，或 5 位数字加连字符和 4 位数字');
    await shot(page, 'business-info-zh-phone');
    await resetBankThroughApi(page);
    await context.close();
  });
});
