import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, confirmUntilGone, launchBrowser, newPage, shot, signInTo } from '../support/browser.ts';

/**
 * The agent area (issue 13) in a browser: the agent approves a restaurant application, sends a
 * notification with a file (one restaurant found by search) and another to a team ticked in the tree
 * (from the keyboard), the restaurant's owner reads it in the bell and the agent sees it read,
 * and the agent downloads a paycheck statement, in English on a desktop and in Chinese at phone width.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE_ZH = { width: 390, height: 844, locale: 'zh-CN' };
const MESSAGE = { en: 'Menu photo day is Tuesday at 10 am', zh: '周二上午 10 点拍摄菜单照片' };
const TEAM_MESSAGE = { en: 'East Team: new breakfast menu cards', zh: '东区团队：新的早餐菜单卡' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** The referral link the agent's home shows, read in the first test (tests in a file run in order). */
let referralUrl = '';

async function openTab(page: Page, tab: string): Promise<void> {
  await page.goto(`${baseUrl()}/AgentApp?tab=${tab}`);
  await page.locator('[role="tab"][aria-selected="true"]').waitFor({ timeout: 30_000 });
}

describe('agent area', () => {
  it('the agent approves a restaurant application and sends a notification with a file (English, desktop)', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInTo(page, 'agent@demo.test', '/AgentApp');
      await expect
        .poll(() => page.getByRole('cell', { name: /Harbor Bistro/ }).count(), { timeout: 30_000 })
        .toBeGreaterThan(0);
      await expect.poll(() => page.getByText('Live restaurants').count()).toBe(1);
      await shot(page, 'agent-portfolio-en');
      const referralText =
        (await page
          .getByText(/\/apply\?ref=N\d+/)
          .first()
          .textContent()) ?? '';
      referralUrl = /https?:\/\/\S+\/apply\?ref=N\d+/.exec(referralText)?.[0] ?? '';
      expect(referralUrl).not.toBe('');

      await openTab(page, 'applications');
      const card = page.locator('[data-testid^="application-"]', { hasText: 'Lotus Noodle Bar' });
      await card.getByRole('button', { name: 'Approve' }).click();
      const dialog = page.getByRole('dialog');
      await confirmUntilGone(dialog.getByRole('button', { name: 'Approve' }), dialog);
      await expect.poll(() => page.getByText('Application approved').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      // The pending list no longer holds it; the approved one names what it created.
      await page.locator('.ant-segmented-item', { hasText: 'Approved' }).click();
      await expect
        .poll(() => page.locator('[data-testid^="application-"]', { hasText: 'created Lotus Noodle Bar' }).count(), {
          timeout: 30_000,
        })
        .toBe(1);
      await shot(page, 'agent-application-approved-en');

      await openTab(page, 'notifications');
      await page.getByRole('combobox', { name: 'Or search by name' }).click();
      await page.keyboard.type('Harbor');
      // the search answers after the first list is drawn: wait for the list to hold only what matches,
      // so the click cannot land on a row the answer moves away
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await expect
        .poll(
          async () => {
            const names = await options.allInnerTexts();
            return names.length > 0 && names.every((n) => n.includes('Harbor'));
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      await options.filter({ hasText: 'Harbor Bistro' }).click();
      await page.keyboard.press('Escape');
      const picked = page.locator('.ant-form-item', { has: page.getByRole('combobox', { name: 'Or search by name' }) });
      await expect.poll(() => picked.locator('.ant-select-selection-item').allInnerTexts()).toEqual(['Harbor Bistro']);
      await page.getByLabel('Message in English').fill(MESSAGE.en);
      await page.getByLabel('Message in Chinese').fill(MESSAGE.zh);
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'photo-day.pdf', mimeType: 'application/pdf', buffer: PDF });
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(() => page.getByText('Sent to 1 restaurant').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => page.getByText(MESSAGE.en).count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await shot(page, 'agent-notification-sent-en');

      // By tree, from the keyboard: open it, move to the first node (the East Team), open it, tick it.
      const tree = page.getByRole('combobox', { name: 'Choose from your tree' });
      await tree.focus();
      await page.keyboard.press('ArrowDown');
      const teamNode = page.locator('.ant-select-tree-treenode', { hasText: 'East Team' });
      await teamNode.waitFor({ timeout: 30_000 });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      const maple = page.locator('.ant-select-tree-treenode', { hasText: 'Maple Street Diner' });
      await maple.waitFor({ timeout: 30_000 });
      await page.keyboard.press('Enter');
      // The team's restaurants are ticked with it; Harbor Bistro (directly under the agent) is not.
      await expect.poll(() => maple.getAttribute('class'), { timeout: 10_000 }).toContain('checkbox-checked');
      expect(
        await page.locator('.ant-select-tree-treenode', { hasText: 'Harbor Bistro' }).getAttribute('class'),
      ).not.toContain('checkbox-checked');
      await shot(page, 'agent-notification-tree-en');
      await page.keyboard.press('Escape');
      await page.getByLabel('Message in English').fill(TEAM_MESSAGE.en);
      await page.getByLabel('Message in Chinese').fill(TEAM_MESSAGE.zh);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      // East Team holds Maple Street Diner and Sakura Ramen.
      await expect.poll(() => page.getByText('Sent to 2 restaurants').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect
        .poll(() => page.locator('.ant-list-item', { hasText: TEAM_MESSAGE.en }).getByText('Read 0 / 2').count(), {
          timeout: 30_000,
        })
        .toBe(1);

      await openTab(page, 'paychecks');
      const pdfButton = page.locator('[data-testid^="pdf-en-"]').first();
      await pdfButton.waitFor({ timeout: 30_000 });
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), pdfButton.click()]);
      expect(download.suggestedFilename()).toMatch(/^paycheck-\d{4}-\d{2}-\d{2}-en\.pdf$/);
      const bytes = await readFile((await download.path())!);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      await shot(page, 'agent-paychecks-en');
    } finally {
      await context.close();
    }
  });

  it('the owner reads it in the bell, in Chinese at phone width', async () => {
    const { context, page } = await newPage(browser, PHONE_ZH);
    try {
      await signInTo(page, 'owner@demo.test', '/dashboard');
      const bell = page.getByTestId('notification-bell');
      await expect
        .poll(async () => (await bell.getAttribute('aria-label')) ?? '', { timeout: 30_000 })
        .toMatch(/[1-9]\d* 条未读/);
      const before = Number(/(\d+) 条未读/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
      await bell.click();
      const item = page.locator('[data-testid^="inbox-item-"]', { hasText: MESSAGE.zh });
      await item.waitFor({ timeout: 30_000 });
      await shot(page, 'agent-bell-owner-zh-phone');
      await item.click();
      await expect
        .poll(async () => (await bell.getAttribute('aria-label')) ?? '', { timeout: 30_000 })
        .toContain(`${before - 1} 条未读`);
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        item.getByRole('button', { name: /photo-day\.pdf/ }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('photo-day.pdf');
    } finally {
      await context.close();
    }
  });

  it('the agent sees who read it and downloads a Chinese statement, at phone width', async () => {
    const { context, page } = await newPage(browser, PHONE_ZH);
    try {
      await signInTo(page, 'agent@demo.test', '/AgentApp');
      await openTab(page, 'notifications');
      const sent = page.locator('.ant-list-item', { hasText: MESSAGE.zh });
      await sent.getByRole('button', { name: '已读 1 / 1' }).click({ timeout: 30_000 });
      const drawer = page.locator('.ant-drawer-open');
      await expect.poll(() => drawer.getByText('Grace Miller', { exact: false }).count(), { timeout: 30_000 }).toBe(1);
      await expect.poll(() => drawer.getByText('已读', { exact: true }).count()).toBe(1);
      await shot(page, 'agent-read-receipt-zh-phone');
      await page.keyboard.press('Escape');

      // The tree at phone width, by touch: open the team and tick one of its restaurants. The drawer
      // hands focus back to its opener as it finishes closing, which would close the tree again.
      await page
        .locator('.ant-drawer-content-wrapper', { hasText: '阅读情况' })
        .waitFor({ state: 'hidden', timeout: 10_000 });
      await page.getByRole('combobox', { name: '从餐厅树中选择' }).click();
      const team = page.locator('.ant-select-tree-treenode', { hasText: 'East Team' });
      await team.waitFor({ timeout: 30_000 });
      await page.waitForTimeout(400); // the popup's opening motion
      await team.locator('.ant-select-tree-switcher').click({ timeout: 30_000 });
      const sakura = page.locator('.ant-select-tree-treenode', { hasText: 'Sakura Ramen' });
      await sakura.locator('.ant-select-tree-checkbox').click({ timeout: 30_000 });
      await expect.poll(() => sakura.getAttribute('class')).toContain('checkbox-checked');
      await shot(page, 'agent-notification-tree-zh-phone');
      await page.keyboard.press('Escape');

      await openTab(page, 'paychecks');
      const pdfButton = page.locator('[data-testid^="pdf-zh-"]').first();
      await pdfButton.waitFor({ timeout: 30_000 });
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), pdfButton.click()]);
      expect(download.suggestedFilename()).toMatch(/-zh\.pdf$/);
      await shot(page, 'agent-paychecks-zh-phone');
      await openTab(page, 'portfolio');
      await expect.poll(() => page.getByText('营业中餐厅').count(), { timeout: 30_000 }).toBe(1);
      await shot(page, 'agent-portfolio-zh-phone');
    } finally {
      await context.close();
    }
  });

  it('a restaurant applies through the referral link without signing in (Chinese, phone)', async () => {
    const { context, page } = await newPage(browser, PHONE_ZH);
    try {
      // A fresh browser: no token, no cookies. The page is public and loads no antd.
      await page.goto(referralUrl);
      await page.getByRole('heading', { name: '申请成为合作餐厅' }).waitFor({ timeout: 30_000 });
      expect(page.url()).toContain('/apply?ref=');
      expect(await page.locator('.ant-btn, .ant-input').count()).toBe(0);
      await page.getByRole('button', { name: '提交申请' }).click();
      await expect.poll(() => page.getByText('请输入餐厅名称').count(), { timeout: 30_000 }).toBe(1);
      await page.getByLabel('餐厅名称').fill('Pearl Dumpling House');
      await page.getByLabel('名', { exact: true }).fill('Wei');
      await page.getByLabel('姓', { exact: true }).fill('Zhang');
      await page.getByLabel('邮箱').fill('wei.zhang@pearldumpling.test');
      await page.getByLabel('城市').fill('Boston');
      await page.getByLabel('套餐').selectOption('pro');
      await shot(page, 'agent-apply-form-zh-phone');
      await page.getByRole('button', { name: '提交申请' }).click();
      await page.getByTestId('apply-done').waitFor({ timeout: 30_000 });
      await shot(page, 'agent-apply-done-zh-phone');
    } finally {
      await context.close();
    }
  });

  it('the agent sets commission rules, computes, approves and reverses, and assigns restaurants (English)', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInTo(page, 'agent@demo.test', '/AgentApp');
      // The application sent through the referral link waits for review.
      await openTab(page, 'applications');
      await expect
        .poll(() => page.locator('[data-testid^="application-"]', { hasText: 'Pearl Dumpling House' }).count(), {
          timeout: 30_000,
        })
        .toBe(1);

      await openTab(page, 'paychecks');
      const rules = page.locator('.ant-card', { hasText: 'Commission rules' });
      await rules.getByRole('button', { name: 'Add rule' }).click();
      await expect
        .poll(() => rules.getByText('Please enter a rate between 0.01% and 100%').count(), { timeout: 30_000 })
        .toBeGreaterThan(0);
      await rules.getByRole('combobox', { name: 'Basis' }).click();
      await page.locator('.ant-select-item-option', { hasText: 'Card volume' }).click();
      await rules.getByLabel('Rate').fill('0.75');
      await rules.getByLabel('Starts on').fill('2026-01-01');
      await rules.getByRole('button', { name: 'Add rule' }).click();
      await expect
        .poll(() => rules.locator('tr', { hasText: '0.75%' }).count(), { timeout: 30_000 })
        .toBeGreaterThan(0);

      await page.getByRole('button', { name: 'Compute this period' }).click();
      await expect.poll(() => page.getByText(/commissions? computed/).count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Approve pending' }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Approve pending' }).click();
      await expect.poll(() => page.getByText(/commissions? approved/).count(), { timeout: 30_000 }).toBeGreaterThan(0);

      const report = page.locator('.ant-card', { hasText: 'Payment report' });
      await report
        .getByRole('button', { name: /^Reverse/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Reverse' }).click();
      await expect
        .poll(() => dialog.getByText('Please enter the reason for the reversal').count(), { timeout: 30_000 })
        .toBe(1);
      await dialog.getByLabel('Reason').fill('Restaurant refunded its March fee');
      await dialog.getByLabel('Amount to take back').fill('1');
      await dialog.getByRole('button', { name: 'Reverse' }).click();
      await expect
        .poll(() => report.getByText('Reversal: Restaurant refunded its March fee').count(), { timeout: 30_000 })
        .toBe(1);
      await expect.poll(() => report.getByText('-$1.00').count()).toBeGreaterThan(0);
      await shot(page, 'agent-earnings-rules-en');

      await openTab(page, 'portfolio');
      const row = page.locator('tr', { hasText: 'Lotus Tea House' });
      await row.getByRole('button', { name: /^Status & plan/ }).click({ timeout: 30_000 });
      const edit = page.getByRole('dialog');
      await edit.locator('.ant-form-item', { hasText: 'Status' }).locator('.ant-select').click();
      await page.locator('.ant-select-item-option', { hasText: 'Live' }).click();
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => row.getByText('Live', { exact: true }).count(), { timeout: 30_000 }).toBe(1);

      await openTab(page, 'team');
      const kevin = page.locator('.ant-list-item', { hasText: 'Kevin Park' });
      await expect.poll(() => kevin.getByText('Last sign-in: —').count(), { timeout: 30_000 }).toBe(1);
      // Only what the server accepts: no Deactivate beside the agent herself or the platform admin.
      await expect.poll(() => kevin.getByRole('button', { name: /^Deactivate/ }).count(), { timeout: 30_000 }).toBe(1);
      for (const name of ['Linda Chen', 'Sam Patel']) {
        const row = page.locator('.ant-list-item', { hasText: name });
        expect(await row.count()).toBe(1);
        expect(await row.getByRole('button').count()).toBe(0);
      }
      await kevin.getByRole('button', { name: /^Assign restaurants/ }).click();
      const assign = page.getByRole('dialog');
      await assign.getByRole('combobox', { name: 'Assigned restaurants' }).click();
      await page.keyboard.type('Harbor');
      await page.locator('.ant-select-item-option', { hasText: 'Harbor Bistro' }).click();
      // close the open list by clicking elsewhere in the dialog (Escape would close the dialog too)
      await assign.getByText('A member sees, and can switch into').click();
      await assign.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => kevin.getByText(/Restaurants: .*Harbor Bistro/).count(), { timeout: 30_000 }).toBe(1);
      await shot(page, 'agent-team-assign-en');
    } finally {
      await context.close();
    }
  });
});
