import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
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

/** The demo's last pay period (bi-weekly, ended, open for review): Marcus's overtime week is its first. */
const LAST_PERIOD = '/workHours/index?period=2026-02-23';

async function api(path: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function setRestaurantConfig(name: string, value: string): Promise<void> {
  const { token } = await api('/api/account/signin', {
    email: 'owner@demo.test',
    password: 'demo1234',
    cid: -1,
    emailVerificationCodeNumber: '',
  });
  await api('/api/api/updateRestConfig', { name, value }, String(token));
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 AA serious or critical findings on the page as it stands (the accessibility suite's rule). */
async function axeViolations(page: Page): Promise<string[]> {
  // evaluated, not added as a script tag: the strict CSP refuses inline scripts
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: unknown,
          ) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.targets.join(', ')}`);
}

const marcusRow = (page: Page) => page.locator('.ra-wh-grid .ant-table-row', { hasText: 'Marcus Lee' }).first();
const marcusOvertime = (page: Page) => marcusRow(page).locator('[data-testid^="ot15-"]').innerText();

async function sign(page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad').last();
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('signature pad not visible');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + 20 + i * 25, box.y + box.height / 2 + (i % 2 ? -25 : 25));
  await page.mouse.up();
}

describe('work hours', () => {
  it('the manager edits a shift with a reason and a signature, sees overtime recomputed, closes the period and exports payroll', async () => {
    await setRestaurantConfig('requireSignatureForWorkHoursEdit', 'true');
    const { context, page } = await newPage(browser);
    try {
      await signInTo(page, 'manager@demo.test');
      await page.goto(`${baseUrl()}${LAST_PERIOD}`);
      await marcusRow(page).waitFor({ timeout: 30_000 });
      // Five 10 h days (2 h daily overtime each), a Saturday past the weekly 40 and a quarter hour in week two.
      await expect.poll(() => marcusOvertime(page), { timeout: 20_000 }).toBe('15.75h');
      await expect.poll(() => page.getByTestId('period-status').innerText()).toBe('Open');
      await shot(page, 'work-hours-sheet-en');
      expect(await axeViolations(page)).toEqual([]);

      await marcusRow(page).locator('.ant-table-row-expand-icon').click();
      await page.getByRole('button', { name: 'Edit shift Feb 23, 2026' }).click();
      await page.getByRole('dialog', { name: 'Edit Marcus Lee’s shift of Mon, Feb 23, 2026' }).waitFor();
      await page.waitForURL((u) => u.searchParams.has('shift'));
      const drawer = page.locator('.ant-drawer-open .ant-drawer-section').last();
      await drawer.getByText('Rounded: 10:00 AM – 8:30 PM (10.00h)').waitFor();
      await drawer.getByLabel('Clock out', { exact: true }).fill('2026-02-23T22:30');
      await expect
        .poll(() => page.getByTestId('shift-preview').innerText())
        .toBe('Rounded: 10:00 AM – 10:30 PM (12.00h)');

      // A reason and a signature are both needed.
      await page.getByRole('button', { name: 'Save' }).click();
      await drawer.getByText('Please enter the reason for this change').waitFor();
      await drawer.getByText('Please sign to confirm this change').waitFor();
      await drawer.getByLabel('Reason for the change').fill('Stayed to close after the private party');
      await sign(page);
      await shot(page, 'work-hours-edit-signed-en');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL((u) => !u.searchParams.has('shift'));

      // 12 h that day: 4 h of daily overtime instead of 2.
      await expect.poll(() => marcusOvertime(page), { timeout: 20_000 }).toBe('17.75h');
      const edited = page.locator('.ra-wh-shifts .ant-table-row', { hasText: 'Feb 23' }).first();
      await expect.poll(() => edited.innerText()).toContain('Edited');
      await expect.poll(() => edited.innerText()).toContain('10:30 PM');

      await page.getByRole('button', { name: 'Close period' }).click();
      const dialog = page.getByRole('dialog', { name: 'Close this pay period?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Close period' }).click();
      await expect.poll(() => page.getByTestId('period-status').innerText(), { timeout: 20_000 }).toBe('Closed');
      await page.getByText(/Closed by Marcus Lee on/).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await shot(page, 'work-hours-closed-en');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('Harbor Bistro - Payroll - 2026-02-23_2026-03-08.csv');
      const csv = await readFile((await download.path())!, 'utf8');
      const line = csv.split('\r\n').find((l) => l.startsWith('Marcus Lee'))!;
      expect(line.split(',').slice(3, 7)).toEqual(['80.00', '17.75', '0.00', '97.75']);
    } finally {
      await setRestaurantConfig('requireSignatureForWorkHoursEdit', 'false');
      await context.close();
    }
  }, 90_000);

  it('staff see only their own hours, in Chinese at phone width, as a list of day cards', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844, locale: 'zh-CN' });
    try {
      await signInTo(page, 'staff@demo.test');
      await page.goto(`${baseUrl()}${LAST_PERIOD}`);
      await page.locator('.ra-wh-card').first().waitFor({ timeout: 30_000 });
      await page.getByText('这是您自己的工时').waitFor();
      const cards = await page.locator('.ra-wh-cards').innerText();
      expect(cards).toContain('Sofia Ramirez');
      expect(cards).not.toContain('Marcus Lee');
      // Friday's evening ran past midnight with no meal break.
      expect(cards).toContain('未按时用餐休息');
      // No edit buttons for someone without editWorkHour.
      expect(await page.locator('.ra-wh-card__shift--button').count()).toBe(0);
      expect(await page.getByRole('button', { name: '关闭周期' }).count()).toBe(0);
      await shot(page, 'work-hours-staff-zh-phone');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('the manager reads the current period in Chinese: an open shift, overtime and labour against net sales', async () => {
    const { context, page } = await newPage(browser, { locale: 'zh-CN' });
    try {
      await signInTo(page, 'manager@demo.test');
      await page.goto(`${baseUrl()}/workHours/index`);
      const sofia = page.locator('.ra-wh-grid .ant-table-row', { hasText: 'Sofia Ramirez' }).first();
      await sofia.waitFor({ timeout: 30_000 });
      await sofia.locator('.ant-table-row-expand-icon').click();
      // Sofia has been clocked in since 16:00 today.
      await page.locator('.ra-wh-shifts').getByText('仍在上班').waitFor();
      await page.getByText('人工成本与净销售额').click();
      await page.getByRole('columnheader', { name: '人工占比' }).first().waitFor();
      await shot(page, 'work-hours-current-zh');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('the manager sets wages per employee and per role in pay setup, refused in both languages when not a wage', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInTo(page, 'manager@demo.test');
      await page.goto(`${baseUrl()}/workHours/index`);
      await page.getByRole('button', { name: 'Pay setup' }).click();
      const drawer = page.getByRole('dialog', { name: 'Pay setup' });
      const daniel = drawer.getByRole('textbox', { name: 'Hourly wage of Daniel Kim' });
      await daniel.waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).searchParams.get('dialog')).toBe('setup');
      await daniel.fill('17.555');
      await drawer.getByRole('button', { name: 'Save the hourly wage of Daniel Kim' }).click();
      await drawer.getByText('Enter an hourly wage from $0.00 to $1,000.00').waitFor();
      await daniel.fill('18.25');
      await drawer.getByRole('button', { name: 'Save the hourly wage of Daniel Kim' }).click();
      await page.getByText('Hourly wage of Daniel Kim saved').waitFor();
      await shot(page, 'work-hours-pay-setup-en');
      await drawer.getByRole('tab', { name: 'Per role' }).click();
      const server = drawer.getByRole('textbox', { name: 'Hourly wage of Staff' });
      await server.fill('16');
      await drawer.getByRole('button', { name: 'Save the hourly wage of Staff' }).click();
      await page.getByText('Hourly wage of Staff saved').waitFor();
      // Saved on the server: a fresh load shows both.
      await page.reload();
      await expect
        .poll(() => page.getByRole('textbox', { name: 'Hourly wage of Daniel Kim' }).inputValue(), { timeout: 30_000 })
        .toBe('18.25');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('pay setup in Chinese at phone width refuses a wage that is not one, in Chinese', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844, locale: 'zh-CN' });
    try {
      await signInTo(page, 'manager@demo.test');
      await page.goto(`${baseUrl()}/workHours/index?dialog=setup`);
      const drawer = page.getByRole('dialog', { name: '工资设置' });
      const mei = drawer.getByRole('textbox', { name: 'Mei Wong 的时薪' });
      await mei.waitFor({ timeout: 30_000 });
      await mei.fill('-3');
      await drawer.getByRole('button', { name: '保存 Mei Wong 的时薪' }).click();
      await drawer.getByText('请输入 0 到 1000 美元之间的时薪').waitFor();
      await shot(page, 'work-hours-pay-setup-zh-phone');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('the owner sees labour cost against net sales in the analytic center', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInTo(page, 'owner@demo.test');
      await page.goto(`${baseUrl()}/analyticCenter/index`);
      const section = page.getByTestId('labor-section');
      await section.getByRole('columnheader', { name: 'Labour %' }).first().waitFor({ timeout: 30_000 });
      await expect.poll(() => section.getByTestId('labor-percent').innerText(), { timeout: 30_000 }).toMatch(/%$/);
      await section.locator('h2').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shot(page, 'work-hours-analytics-labor-en');
    } finally {
      await context.close();
    }
  }, 60_000);
});
