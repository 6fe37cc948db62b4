import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
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

const CASHIER = { first: 'Casey', last: 'Park', email: 'cashier@demo.test', pin: '8642', password: 'cashier-pass-1' };

async function openTeam(page: Page, tab: 'employees' | 'roles'): Promise<void> {
  await page.goto(`${baseUrl()}/teamManagement/index?tab=${tab}`);
  await page.waitForURL((u) => u.pathname === '/teamManagement/index');
  // a table, or at phone width the employee cards
  await page
    .locator('[role="tabpanel"][aria-hidden="false"]')
    .locator('.ant-table-tbody .ant-table-row, [data-employee-card]')
    .first()
    .waitFor();
}

const row = (page: Page, text: string) =>
  page.locator('[role="tabpanel"][aria-hidden="false"] .ant-table-tbody .ant-table-row', { hasText: text });

/** The team page itself, without the tags view and menu (whose "Close Add Role" would match too). */
const team = (page: Page) => page.locator('.ra-team__page');
const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-section').last();

/** Fills the employee form in the drawer. */
async function fillEmployee(page: Page, form: Locator, who: typeof CASHIER, role: string): Promise<void> {
  await form.getByLabel('First name').fill(who.first);
  await form.getByLabel('Last name').fill(who.last);
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Roles').click();
  await page.locator(`.ant-select-item-option[title="${role}"]`).click();
  // the role is chosen when its tag shows in the field
  await expect.poll(() => form.locator('.ant-select-selection-item', { hasText: role }).count()).toBe(1);
  // No Escape to close the list: if the list has already closed, Escape reaches the drawer and asks
  // to discard the form. Filling the PIN moves focus, which closes the list.
  await form.getByLabel('PIN').fill(who.pin);
  await form.getByLabel('Dashboard password').fill(who.password);
}

/**
 * Saves the employee drawer and waits for it to close, as it does on success. Anything else on the
 * screen (a field's message, the server's refusal, a "discard changes?" question) is the failure.
 */
async function saveEmployee(page: Page): Promise<void> {
  await drawer(page).getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () =>
      (await page.locator('.ant-drawer-open').count()) === 0
        ? 'closed'
        : (
            await page
              .locator(
                '.ant-drawer-open .ant-form-item-explain-error, .ant-drawer-open .ant-alert, .ant-message, .ant-modal',
              )
              .allInnerTexts()
          ).join(' | ') || 'still open',
    )
    .toBe('closed');
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await (await openMenuItem(page, 'Log out')).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  // the confirmation closes with an animation over the login page; wait until it is gone
  await page.waitForURL((u) => u.pathname === '/login');
  await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
  await page.waitForURL(/\/login/);
}

describe('team, roles and employees', () => {
  it('owner creates a Cashier role and an employee; the employee sees only what it allows; deactivation refuses their next request', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, 'owner@demo.test');

    // the role, with two flags
    await openTeam(page, 'roles');
    await team(page).getByRole('button', { name: 'Add role' }).click();
    await page.waitForURL((u) => u.pathname === '/teamManagement/addJob');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.locator('.ant-form-item-explain-error').first().innerText())
      .toBe('Please enter the role name');
    await page.getByLabel('Role name').fill('Cashier');
    await page.getByRole('checkbox', { name: 'View sales report' }).check();
    await page.getByRole('checkbox', { name: 'View work hours' }).check();
    await shot(page, 'team-role-editor-en');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.pathname === '/teamManagement/index' && u.search === '?tab=roles');
    await expect.poll(() => row(page, 'Cashier').innerText()).toContain('0 members');
    // the Add role tab closed with the save
    expect(await page.locator('[data-tag-path="/teamManagement/addJob"]').count()).toBe(0);

    // a second role with the same name is refused under the field
    await team(page).getByRole('button', { name: 'Add role' }).click();
    await page.getByLabel('Role name').fill('cashier');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.locator('.ant-form-item-explain-error').first().innerText())
      .toBe('Role name already exists');
    // the typed name is unsaved: Cancel asks before dropping it
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.ant-modal').getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL((u) => u.pathname === '/teamManagement/index');

    // its history
    await row(page, 'Cashier').getByRole('button', { name: 'History' }).click();
    const history = drawer(page);
    await expect.poll(() => history.innerText()).toContain('View sales report');
    expect(await history.innerText()).toContain('Created');
    await shot(page, 'team-role-history-en');
    await page.keyboard.press('Escape');
    await shot(page, 'team-roles-en');

    // the employee, after the client refuses a bad email with the SPEC 5 message
    await page.getByRole('tab', { name: 'Employees' }).click();
    await page.waitForURL((u) => u.search === '?tab=employees');
    await team(page).getByRole('button', { name: 'Add employee' }).click();
    await fillEmployee(page, drawer(page), { ...CASHIER, email: 'casey@demo' }, 'Cashier');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => drawer(page).locator('.ant-form-item-explain-error').allInnerTexts())
      .toContain('Please enter the correct email address');
    await shot(page, 'team-employee-form-en');
    await drawer(page).getByLabel('Email').fill(CASHIER.email);
    await saveEmployee(page);
    await expect.poll(() => row(page, 'Casey Park').count()).toBe(1);
    await expect.poll(() => row(page, 'Casey Park').innerText()).toContain('Active');
    expect(await row(page, 'Casey Park').innerText()).toContain('Cashier');

    // the search box finds them (debounced, on the server)
    await page.getByPlaceholder('Search by name, email or employee number').fill('casey');
    await expect
      .poll(() => page.locator('[role="tabpanel"][aria-hidden="false"] .ant-table-tbody .ant-table-row').count())
      .toBe(1);
    await shot(page, 'team-employees-en');

    // a role with members cannot be deleted, and the message says so
    await page.getByRole('tab', { name: 'Roles' }).click();
    await expect.poll(() => row(page, 'Cashier').innerText()).toContain('1 member');
    expect(await row(page, 'Cashier').innerText()).not.toContain('1 members');
    await row(page, 'Cashier').getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(() => page.locator('.ant-popover').innerText())
      .toContain('Do you really want to delete this role?');
    await page.locator('.ant-popover').getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(() => page.locator('.ant-message').innerText())
      .toContain('This role still has 1 members. Move them to another role before deleting it.');
    await expect.poll(() => row(page, 'Cashier').count()).toBe(1);

    await signOut(page);

    // the employee signs in and sees only what the two flags allow
    await signIn(page, CASHIER.email, CASHIER.password);
    await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 30_000 });
    await expect
      .poll(() => sidebarLabels(page))
      .toEqual(['Dashboard', 'Sales Report', 'Item profitability', 'Work Hours']);
    await shot(page, 'team-cashier-sidebar-en');
    await page.goto(`${baseUrl()}/teamManagement/index`);
    await page.waitForURL((u) => u.pathname === '/401');
    const token = (await context.cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
    const status = (path: string) =>
      page.evaluate(async ([p, t]) => (await fetch(p!, { headers: { Authorization: t! } })).status, [
        path,
        token,
      ] as const);
    expect(await status('/api/api/getrestperm')).toBe(403);
    expect(await status('/api/api/getrest')).toBe(200);

    // the owner deactivates them from another browser
    const owner = await newPage(browser);
    await signInTo(owner.page, 'owner@demo.test');
    await openTeam(owner.page, 'employees');
    await row(owner.page, 'Casey Park').getByRole('button', { name: 'Deactivate' }).click();
    await owner.page.locator('.ant-popover').getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(() => row(owner.page, 'Casey Park').innerText()).toContain('Inactive');
    await expect.poll(() => owner.page.locator('.ant-message').innerText()).toContain('Employee deactivated');
    await owner.context.close();

    // their next request is refused and the app asks them to sign in again
    expect(await status('/api/api/getrest')).toBe(401);
    await page.goto(`${baseUrl()}/dashboard`);
    await expect
      .poll(() => page.getByRole('dialog').innerText(), { timeout: 20_000 })
      .toContain('You have been logged out, please log in again');
    await shot(page, 'team-cashier-deactivated-en');
    await context.close();

    // and they cannot sign in again
    const again = await newPage(browser);
    await again.page.goto(`${baseUrl()}/login`);
    await signIn(again.page, CASHIER.email, CASHIER.password);
    await expect
      .poll(() => again.page.locator('[role="alert"]').first().innerText())
      .toContain('The user name and password combination does not match our record.');
    await again.context.close();
  });

  it('shows the role editor and the employee list in Chinese', async () => {
    const { context, page } = await newPage(browser, { locale: 'zh-CN' });
    await signInTo(page, 'owner@demo.test');
    await openTeam(page, 'roles');
    await expect.poll(() => page.locator('.ant-tabs-tab').allInnerTexts()).toEqual(['员工', '角色', '退款限额']);
    await row(page, 'Cashier').getByRole('button', { name: '编辑' }).click();
    await page.waitForURL((u) => u.pathname === '/teamManagement/editJob');
    await expect.poll(() => page.getByLabel('角色名称').inputValue()).toBe('Cashier');
    const body = await page.locator('main').innerText();
    for (const label of ['全部权限', '订单', '交易', '报表', '团队管理', '查看销售报表']) expect(body).toContain(label);
    expect(await page.getByRole('checkbox', { name: '查看销售报表' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: '编辑菜单' }).isChecked()).toBe(false);
    await shot(page, 'team-role-editor-zh');

    await openTeam(page, 'employees');
    // the status reads 已停用; the action to bring them back reads 启用
    await expect.poll(() => row(page, 'Casey Park').innerText()).toContain('已停用');
    expect(await row(page, 'Casey Park').getByRole('button', { name: '启用' }).count()).toBe(1);
    expect(await row(page, 'Grace Miller').locator('[data-role-tag]').allInnerTexts()).toEqual(['店主']);
    await shot(page, 'team-employees-zh');
    await context.close();
  });

  it('uses the phone pages for editors below 992px', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await signInTo(page, 'owner@demo.test');
    await openTeam(page, 'employees');
    await shot(page, 'team-index-mobile');
    await team(page).getByRole('button', { name: 'Add employee' }).click();
    await page.waitForURL((u) => u.pathname === '/teamManagement/userMobile');
    await page.getByLabel('First name').waitFor();
    await shot(page, 'team-user-mobile');

    await openTeam(page, 'roles');
    await row(page, 'Cashier').getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL((u) => u.pathname === '/teamManagement/JobMobile');
    await expect.poll(() => page.getByLabel('Role name').inputValue()).toBe('Cashier');
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(390);
    await shot(page, 'team-job-mobile');
    await context.close();
  });

  it('lets an employee change their password with the rules on the page, staying signed in', async () => {
    const dana = { first: 'Dana', last: 'Wu', email: 'dana@demo.test', pin: '5511', password: 'dana-first-pw' };
    const owner = await newPage(browser);
    await signInTo(owner.page, 'owner@demo.test');
    await openTeam(owner.page, 'employees');
    await team(owner.page).getByRole('button', { name: 'Add employee' }).click();
    await fillEmployee(owner.page, drawer(owner.page), dana, 'Staff');
    await saveEmployee(owner.page);
    // other files add people to Harbor on the shared server: find her by name, whatever page she is on
    await owner.page.getByPlaceholder('Search by name, email or employee number').fill('dana');
    await expect.poll(() => row(owner.page, 'Dana Wu').count()).toBe(1);
    await owner.context.close();

    const { context, page } = await newPage(browser);
    await signIn(page, dana.email, dana.password);
    await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 30_000 });
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await page.waitForURL((u) => u.pathname === '/ChangePassword');
    const main = page.locator('main');
    await expect.poll(() => main.innerText()).toContain('At least 8 characters');
    expect(await main.innerText()).toContain('Not your email address');

    await page.getByLabel('Current password').fill(dana.password);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => main.innerText()).toContain('Passwords must be at least 8 characters');
    await shot(page, 'team-change-password-en');

    await page.getByLabel('New password', { exact: true }).fill('dana-second-pw');
    await page.getByLabel('Confirm new password').fill('dana-second-pw');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => main.innerText()).toContain('Your password has been changed.');
    await shot(page, 'team-change-password-done-en');
    await page.getByRole('button', { name: 'Back to dashboard' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await expect.poll(() => sidebarLabels(page)).toContain('Work Hours');
    await context.close();
  });

  it('asks before leaving a role with unsaved changes, in English and Chinese', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const words =
        lang === 'en'
          ? {
              title: 'You have unsaved changes',
              keep: 'Keep editing',
              leave: 'Leave without saving',
              name: 'Role name',
            }
          : { title: '您有未保存的更改', keep: '继续编辑', leave: '不保存并离开', name: '角色名称' };
      const { context, page } = await newPage(browser, {
        locale: lang === 'en' ? 'en-US' : 'zh-CN',
        width: 1440,
        height: 900,
      });
      await signInTo(page, 'owner@demo.test');
      await openTeam(page, 'roles');
      await row(page, 'Cashier').locator('a.ra-team__name').click();
      await page.waitForURL((u) => u.pathname === '/teamManagement/editJob');
      await expect.poll(() => page.getByLabel(words.name).inputValue()).toBe('Cashier');
      const flag = page.locator('input[data-flag="editMenu"]');
      await flag.check();

      // the menu link away: the prompt shows, and Keep editing stays with the edit
      await page.locator('[data-tag-path="/dashboard"] a').click();
      const prompt = page.locator('.ant-modal', { hasText: words.title });
      await prompt.waitFor();
      await shot(page, `team-unsaved-prompt-${lang}`);
      await prompt.getByRole('button', { name: words.keep }).click();
      await expect.poll(() => prompt.isVisible()).toBe(false);
      expect(new URL(page.url()).pathname).toBe('/teamManagement/editJob');
      expect(await flag.isChecked()).toBe(true);

      // Cancel asks too; confirming drops the edit and lands on the roles list
      await page
        .locator('.ra-role-editor__actions')
        .getByRole('button', { name: lang === 'en' ? 'Cancel' : /取\s*消/ })
        .click();
      await prompt.waitFor();
      await prompt.getByRole('button', { name: words.leave }).click();
      // polled: leaving through the guard is a history change, not a page load
      await expect
        .poll(
          () => {
            const u = new URL(page.url());
            return u.pathname === '/teamManagement/index' && u.searchParams.get('tab') === 'roles';
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      await row(page, 'Cashier').locator('a.ra-team__name').click();
      await page.waitForURL((u) => u.pathname === '/teamManagement/editJob');
      await expect.poll(() => page.getByLabel(words.name).inputValue()).toBe('Cashier');
      expect(await page.locator('input[data-flag="editMenu"]').isChecked()).toBe(false);

      // closing the page's tab asks as well
      await page.locator('input[data-flag="editMenu"]').check();
      await page.locator('[data-tag-path="/teamManagement/editJob"] button.ra-tag__btn').last().click();
      await prompt.waitFor();
      await prompt.getByRole('button', { name: words.keep }).click();
      expect(await page.locator('[data-tag-path="/teamManagement/editJob"]').count()).toBe(1);

      // the Owner role's permissions are locked, with the reason on the page
      await openTeam(page, 'roles');
      await row(page, lang === 'en' ? 'Owner' : '店主')
        .locator('a.ra-team__name')
        .click();
      await page.locator('[data-owner-role]').waitFor();
      expect(await page.locator('input[data-flag="order"]').isDisabled()).toBe(true);
      await shot(page, `team-owner-role-${lang}`);
      await context.close();
    }
  });

  it('shows employees as cards at phone width, names, roles, status and actions without sideways scrolling', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { context, page } = await newPage(browser, {
        width: 390,
        height: 844,
        locale: lang === 'en' ? 'en-US' : 'zh-CN',
      });
      await signInTo(page, 'owner@demo.test', `/teamManagement/index?tab=employees`);
      const card = page.locator('[data-employee-card]', { hasText: 'Marcus Lee' });
      await card.waitFor();
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
      const box = await card.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      const text = await card.innerText();
      expect(text).toContain('Manager');
      expect(text).toContain(lang === 'en' ? 'Active' : '在职');
      const deactivate = card.getByRole('button', { name: lang === 'en' ? 'Deactivate' : '停用' });
      const button = await deactivate.boundingBox();
      expect(button!.x + button!.width).toBeLessThanOrEqual(390);
      // the owner's card says who it is and cannot be deactivated by anyone else
      const ownerCard = page.locator('[data-employee-card]', { hasText: 'Grace Miller' });
      expect(await ownerCard.locator('[data-owner-tag]').count()).toBe(1);
      await shot(page, `team-employees-phone-${lang}`);

      await openTeam(page, 'roles').catch(() => undefined);
      await page.locator('[role="tabpanel"][aria-hidden="false"] .ant-table-row', { hasText: 'Staff' }).waitFor();
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
      await shot(page, `team-roles-phone-${lang}`);
      await context.close();
    }
  });
});
