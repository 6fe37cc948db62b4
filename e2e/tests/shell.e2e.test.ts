import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  baseUrl,
  launchBrowser,
  newPage,
  openMenuItem,
  shot,
  sidebarLabels,
  signIn,
  signInTo,
} from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const EN = { locale: 'en-US' };
const ZH = { locale: 'zh-CN' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/**
 * Choosing a restaurant restarts the app (SPEC 4) with a full page load; the URL may read /dashboard
 * before that load, so the test waits for the load itself.
 */
async function reloadedBy(page: Page, action: () => Promise<void>): Promise<void> {
  const loaded = page.waitForEvent('load', { timeout: 30_000 });
  await action();
  await loaded;
}

/** Opens the top-bar restaurant tree and waits until it has stopped sliding open. */
async function openRestaurantTree(page: Page): Promise<void> {
  await restaurantSelect(page).click();
  await page.waitForFunction(
    () => {
      const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
      return (
        open.length > 0 &&
        open.every((el) => !/-(enter|appear|leave)/.test(el.className)) &&
        document.querySelector('.ant-select-dropdown .ant-select-tree-treenode') !== null
      );
    },
    undefined,
    { timeout: 20_000 },
  );
}

/** The agent signs in and picks a restaurant at the login step (SPEC 2), landing on its dashboard. */
async function signInAsAgentAt(page: Page, restaurant: string): Promise<void> {
  await signIn(page, 'agent@demo.test');
  await page.waitForURL((u) => u.pathname === '/selectNodeAndRest', { timeout: 30_000 });
  await reloadedBy(page, () => page.locator('.ant-tree-treenode', { hasText: restaurant }).getByRole('button').click());
  await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 30_000 });
  await expect.poll(() => page.locator('main').innerText(), { timeout: 20_000 }).toContain(restaurant);
}

/** Opens a page of the app the way a person does from the sidebar, so the app does not reload. */
async function openFromSidebar(page: Page, label: string, path: string): Promise<void> {
  // the entry's name also carries its icon's label ("field-time Work Hours")
  await page
    .locator('.ra-sidebar__menu')
    .getByRole('menuitem', { name: new RegExp(`${label}$`) })
    .click();
  await page.waitForURL((u) => u.pathname === path);
  // the shell has taken the page change in (focus moved, title announced) before the test goes on
  await expect.poll(() => page.locator('#ra-page-announcement').innerText()).toBe(label);
}

const restaurantSelect = (page: Page) => page.locator('.ra-restaurant-select');
const dropdownNode = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-treenode', { hasText: text });

describe('restaurant switcher in the top bar', () => {
  it('switches the agent from Harbor Bistro to 金龙餐厅 by clicking, and opens its dashboard', async () => {
    const { context, page } = await newPage(browser, { ...EN, ...DESKTOP });
    await signInAsAgentAt(page, 'Harbor Bistro');
    await openFromSidebar(page, 'Order Calendar', '/orderCalendar/index');
    await expect.poll(() => restaurantSelect(page).innerText()).toContain('Harbor Bistro');

    await openRestaurantTree(page);
    await reloadedBy(page, () =>
      dropdownNode(page, '金龙餐厅').locator('.ant-select-tree-node-content-wrapper').click(),
    );
    await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 30_000 });
    await expect.poll(() => page.locator('main').innerText(), { timeout: 20_000 }).toContain('金龙餐厅 Golden Dragon');
    await expect.poll(() => restaurantSelect(page).innerText()).toContain('金龙餐厅 Golden Dragon');
    // the other restaurant's tabs are gone (SPEC 4: changing restaurant clears open tabs)
    await expect.poll(() => page.locator('.ra-tags [data-tag-path]').count()).toBe(1);
    await shot(page, 'shell-agent-switched-en');
    await context.close();
  });

  it('asks before switching away from unsaved changes, and Keep editing keeps the restaurant and the edit', async () => {
    const { context, page } = await newPage(browser, { ...EN, ...DESKTOP });
    // the browser's own leave-the-page question would mean the switch had already happened on the server
    const browserDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      browserDialogs.push(dialog.type());
      void dialog.dismiss();
    });
    await signInAsAgentAt(page, 'Harbor Bistro');
    await openFromSidebar(page, 'Business Info', '/businessInfo/index');
    const phone = page.getByLabel('Phone', { exact: true });
    await expect.poll(() => phone.inputValue(), { timeout: 20_000 }).not.toBe('');
    await phone.fill('(555) 010-9999');

    await openRestaurantTree(page);
    await dropdownNode(page, '金龙餐厅').locator('.ant-select-tree-node-content-wrapper').click();
    const prompt = page.locator('.ant-modal', { hasText: 'You have unsaved changes' });
    await prompt.waitFor();
    await shot(page, 'shell-switch-unsaved-prompt-en');
    await prompt.getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => prompt.isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/businessInfo/index');
    expect(await phone.inputValue()).toBe('(555) 010-9999');
    await expect.poll(() => restaurantSelect(page).innerText()).toContain('Harbor Bistro');

    // asked again, Leave without saving switches: the app restarts on the other restaurant's dashboard
    await openRestaurantTree(page);
    await dropdownNode(page, '金龙餐厅').locator('.ant-select-tree-node-content-wrapper').click();
    await prompt.waitFor();
    await reloadedBy(page, () => prompt.getByRole('button', { name: 'Leave without saving' }).click());
    await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 30_000 });
    await expect
      .poll(() => restaurantSelect(page).innerText(), { timeout: 20_000 })
      .toContain('金龙餐厅 Golden Dragon');
    expect(browserDialogs).toEqual([]);
    await context.close();
  });

  it('fits an agent’s phone: the menu button whole, the restaurant switch narrowed, nothing sideways', async () => {
    for (const [locale, width] of [
      [ZH, 390],
      [EN, 360],
    ] as const) {
      const { context, page } = await newPage(browser, { ...locale, width, height: 844 });
      await signInAsAgentAt(page, 'Harbor Bistro');
      // the switch is drawn after the page (its code arrives on its own)
      await expect.poll(() => restaurantSelect(page).innerText()).toContain('Harbor');
      const button = await page.locator('.ra-navbar__left button').first().boundingBox();
      const holder = await page.locator('.ra-navbar__left').boundingBox();
      // the whole button is inside the bar's left side, which hides what overflows it (the switch
      // squeezed that side at 390 px, and the button was cut off)
      expect(button!.x).toBeGreaterThanOrEqual(holder!.x);
      expect(holder!.x + holder!.width).toBeGreaterThanOrEqual(button!.x + button!.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await shot(page, `shell-agent-phone-bar-${width}`);
      await context.close();
    }
  });

  it('switches by searching and the keyboard in Chinese', async () => {
    const { context, page } = await newPage(browser, { ...ZH, ...DESKTOP });
    await signInAsAgentAt(page, 'Harbor Bistro');
    await openFromSidebar(page, '订单日历', '/orderCalendar/index');

    await openRestaurantTree(page);
    await expect.poll(() => dropdownNode(page, '金龙餐厅').count()).toBe(1);
    await page.keyboard.type('金龙');
    await expect.poll(() => dropdownNode(page, 'Harbor').count()).toBe(0);
    await shot(page, 'shell-agent-switch-search-zh');
    await reloadedBy(page, () => page.keyboard.press('Enter'));
    await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 30_000 });
    await expect.poll(() => page.locator('main').innerText(), { timeout: 20_000 }).toContain('金龙餐厅 Golden Dragon');
    await shot(page, 'shell-agent-switched-zh');
    await context.close();
  });

  it('shows the agent role in the account menu in the interface language', async () => {
    const { context, page } = await newPage(browser, { ...ZH, ...DESKTOP });
    await signInAsAgentAt(page, 'Harbor Bistro');
    await page.locator('button[aria-label$="的账户菜单"]').click();
    const header = page.locator('.ra-user-menu__who');
    await expect.poll(() => header.innerText()).toContain('Linda Chen');
    const roles = await page.locator('.ra-user-menu__roles').innerText();
    expect(roles).toContain('代理');
    expect(roles).not.toMatch(/agent/i);
    await shot(page, 'shell-account-menu-zh');
    await context.close();
  });
});

describe('sidebar preference', () => {
  const sidebarStatus = (page: Page) => page.evaluate(() => localStorage.getItem('sidebarStatus'));
  const siderCollapsed = (page: Page) =>
    page.locator('.ra-sider').evaluate((el) => el.classList.contains('ant-layout-sider-collapsed'));

  it('a narrow window closes the menu without saving it closed; the wide window opens it again', async () => {
    const { context, page } = await newPage(browser, { ...EN, ...DESKTOP });
    await signInTo(page, 'owner@demo.test');
    await expect.poll(() => siderCollapsed(page)).toBe(false);

    await page.setViewportSize(PHONE);
    await expect.poll(() => page.locator('.ra-sider').count()).toBe(0);
    await expect.poll(() => page.locator('.ra-sidebar__menu').isVisible()).toBe(false);
    await shot(page, 'shell-sidebar-narrowed-phone');
    expect(await sidebarStatus(page)).not.toBe('0');

    await page.setViewportSize(DESKTOP);
    await expect.poll(() => siderCollapsed(page)).toBe(false);
    await page.reload();
    await expect.poll(() => siderCollapsed(page)).toBe(false);
    expect(await sidebarStatus(page)).not.toBe('0');
    await context.close();
  });

  it("remembers the user's own toggle across a reload", async () => {
    const { context, page } = await newPage(browser, { ...ZH, ...DESKTOP });
    await signInTo(page, 'owner@demo.test');
    await page.getByRole('button', { name: '收起菜单' }).click();
    await expect.poll(() => siderCollapsed(page)).toBe(true);
    expect(await sidebarStatus(page)).toBe('0');
    await page.reload();
    await expect.poll(() => siderCollapsed(page)).toBe(true);
    await shot(page, 'shell-sidebar-collapsed-zh');
    await context.close();
  });
});

describe('interface size', () => {
  const cellFontSize = (page: Page) =>
    page
      .locator('main .ant-table-tbody tr.ant-table-row td')
      .first()
      .evaluate((td) => getComputedStyle(td).fontSize);

  for (const [lang, opts, label, sizes] of [
    ['en', EN, 'Interface size', ['Small', 'Medium', 'Large']],
    ['zh', ZH, '界面大小', ['小', '默认', '大']],
  ] as const) {
    it(`changes the text of tables with the size (${lang})`, async () => {
      const { context, page } = await newPage(browser, { ...opts, ...DESKTOP });
      await signInTo(page, 'owner@demo.test', `/teamManagement/index`);
      await page.locator('main .ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 20_000 });
      const measured: string[] = [];
      for (const size of sizes) {
        await page.getByRole('button', { name: label }).click();
        await (await openMenuItem(page, size)).click();
        await page.waitForTimeout(300);
        measured.push(await cellFontSize(page));
        if (size === sizes[2]) await shot(page, `shell-size-large-${lang}`);
      }
      expect(measured).toEqual(['12px', '14px', '16px']);
      // remembered (SPEC 9): a reload keeps the large text
      await page.reload();
      await page.locator('main .ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 20_000 });
      expect(await cellFontSize(page)).toBe('16px');
      await context.close();
    });
  }
});

describe('one name per page', () => {
  /** Every place the shell names the page on screen. */
  async function namesOf(page: Page) {
    const title = (await page.title()).split(' - ')[0];
    const menu = (await page.locator('.ra-sidebar__menu .ant-menu-item-selected').innerText()).trim();
    const tag = (await page.locator('.ra-tags a[aria-current="page"]').innerText()).trim();
    const crumbs = (await page.locator('.ant-breadcrumb li').allInnerTexts())
      .map((s) => s.replace(/\s*\/\s*$/, '').trim())
      .filter(Boolean);
    return { title, menu, tag, crumb: crumbs.at(-1), crumbs };
  }

  for (const [lang, opts, itemSales, team, report] of [
    ['en', EN, 'Item & Category Sales', 'Team & Roles', 'Sales Report'],
    ['zh', ZH, '菜品与分类销售', '团队与角色', '销售报表'],
  ] as const) {
    it(`the sidebar, tab, title, breadcrumb, report section and search agree (${lang})`, async () => {
      const { context, page } = await newPage(browser, { ...opts, ...DESKTOP });
      await signInTo(page, 'owner@demo.test', `/salesReport/itemSales?preset=lastWeek`);
      await page.locator('.ra-report__tabs [role="tab"][aria-selected="true"]').waitFor({ timeout: 20_000 });
      const reportNames = await namesOf(page);
      // the sidebar has one entry for the whole report (its sections are the page's tabs)
      expect(reportNames).toMatchObject({ title: itemSales, menu: report, tag: itemSales, crumb: itemSales });
      expect(await page.locator('.ra-report__tabs [role="tab"][aria-selected="true"]').innerText()).toBe(itemSales);
      await shot(page, `shell-names-item-sales-${lang}`);

      await page.goto(`${baseUrl()}/teamManagement/index`);
      await page.locator('main .ant-table').first().waitFor({ timeout: 20_000 });
      const teamNames = await namesOf(page);
      expect(teamNames).toMatchObject({ title: team, menu: team, tag: team, crumb: team });
      // no second name for the same page above it
      expect(teamNames.crumbs.filter((c) => c !== team).length).toBe(1);

      // the header search lists the page under the same names
      await page.getByRole('button', { name: lang === 'en' ? 'Search pages' : '搜索页面' }).click();
      const search = page.locator('.ra-header-search input');
      await search.waitFor();
      await search.fill(lang === 'en' ? 'category' : '分类');
      const option = page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .first();
      await expect.poll(() => option.innerText()).toBe(`${report} > ${itemSales}`);
      await context.close();
    });
  }
});

describe('lock screen', () => {
  for (const [lang, opts, menuLabel, lockMenu, lockNow] of [
    ['en', EN, /^Account menu for /, 'Lock screen', 'Lock now'],
    ['zh', ZH, /的账户菜单$/, '锁屏', '立即锁屏'],
  ] as const) {
    it(`names the signed-in person, not the restaurant (${lang})`, async () => {
      const { context, page } = await newPage(browser, { ...opts, ...DESKTOP });
      await signInTo(page, 'owner@demo.test');
      await page.getByRole('button', { name: menuLabel }).click();
      await (await openMenuItem(page, lockMenu)).hover();
      await page.getByRole('menuitem', { name: lockNow }).click();
      const lock = page.locator('.ra-lock[role="dialog"]');
      await expect.poll(() => lock.innerText()).toContain('Grace Miller');
      expect(await lock.innerText()).not.toContain('Harbor Bistro');
      await shot(page, `shell-lock-${lang}`);
      await context.close();
    });
  }
});

describe('paths', () => {
  it('opens /changePassword at /ChangePassword and keeps /Coupon/index and /coupon/index apart', async () => {
    const { context, page } = await newPage(browser, { ...EN, ...DESKTOP });
    await signInTo(page, 'owner@demo.test');
    await page.goto(`${baseUrl()}/changePassword`);
    await page.waitForURL((u) => u.pathname === '/ChangePassword');
    await expect.poll(() => page.title()).toBe('Change Password - Restaurant Admin System');

    // the owner may edit coupons (/coupon/index) but not generate codes (admin only: /Coupon/index)
    await page.goto(`${baseUrl()}/coupon/index`);
    await page.waitForURL((u) => u.pathname === '/coupon/index');
    await page.goto(`${baseUrl()}/Coupon/index`);
    await page.waitForURL((u) => u.pathname === '/401');
    await page.goto(`${baseUrl()}/COUPON/index`);
    await page.waitForURL((u) => u.pathname === '/404');
    await context.close();
  });

  for (const [lang, opts, size, menu] of [
    ['en', EN, DESKTOP, ['Dashboard', 'Work Hours']],
    ['zh', ZH, PHONE, ['首页', '工时']],
  ] as const) {
    it(`keeps the sidebar and top bar on the 401 page (${lang}, ${size.width}px)`, async () => {
      const { context, page } = await newPage(browser, { ...opts, ...size });
      await signInTo(page, 'staff@demo.test');
      await page.goto(`${baseUrl()}/salesReport/salesSummary`);
      await page.waitForURL((u) => u.pathname === '/401');
      await expect.poll(() => page.locator('main').innerText()).toContain('401');
      await expect.poll(() => page.locator('.ra-navbar').isVisible()).toBe(true);
      if (size === PHONE) {
        await shot(page, `shell-401-phone-${lang}`);
        await page.getByRole('button', { name: '展开菜单' }).click();
      }
      await expect.poll(() => sidebarLabels(page)).toEqual([...menu]);
      await shot(page, `shell-401-${lang}-${size.width}`);
      await context.close();
    });
  }
});

describe('page changes', () => {
  for (const [lang, opts, label] of [
    ['en', EN, 'Work Hours'],
    ['zh', ZH, '工时'],
  ] as const) {
    it(`move focus to the page and announce its title (${lang})`, async () => {
      const { context, page } = await newPage(browser, { ...opts, ...DESKTOP });
      await signInTo(page, 'owner@demo.test');
      await openFromSidebar(page, label, '/workHours/index');
      const announcement = page.locator('#ra-page-announcement');
      await expect.poll(() => announcement.innerText()).toBe(label);
      expect(await announcement.getAttribute('aria-live')).toBe('polite');
      await expect
        .poll(() =>
          page.evaluate(() => {
            const main = document.getElementById('ra-main');
            const active = document.activeElement;
            return active === main || (active?.tagName === 'H1' && main?.contains(active) === true);
          }),
        )
        .toBe(true);
      await context.close();
    });
  }
});
