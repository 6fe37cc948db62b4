import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, clockNow, launchBrowser, newPage, openMenuItem, shot, signInTo } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The restaurant's calendar day (Harbor Bistro is in New York). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(clockNow());

const messageText = (page: Page) => page.locator('.ant-message').innerText();

/** A card's form (the settings pages hold one card per section). */
const card = (page: Page, title: string) =>
  page.locator('.ant-card').filter({ has: page.getByText(title, { exact: true }) });

/** A form field's whole item (label and control), by its label. */
const field = (scope: ReturnType<typeof card>, label: string) =>
  scope.locator('.ant-form-item').filter({ has: scope.page().getByText(label, { exact: true }) });

async function save(page: Page, scope: ReturnType<typeof card>, saved = 'Settings saved'): Promise<void> {
  await scope.getByRole('button', { name: /^Save$|^保\s?存$/ }).click();
  await expect.poll(() => messageText(page), { timeout: 30_000 }).toContain(saved);
}

/** Removes the fees this file adds, through the API, so a rerun against the same server starts clean. */
async function deleteFees(page: Page, names: string[]): Promise<void> {
  const api = page.context().request;
  const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
  const list = await api.get(`${baseUrl()}/api/api/business/service-fees?page=1&pageSize=100`, {
    headers: { Authorization: token },
  });
  const { items } = (await list.json()) as { items: Array<{ id: number; description: string }> };
  for (const fee of items.filter((f) => names.includes(f.description)))
    await api.delete(`${baseUrl()}/api/api/business/service-fees/${fee.id}`, { headers: { Authorization: token } });
}

describe('settings, service fees and the admin panel', () => {
  it('owner changes POS, kiosk and online-ordering settings and a service fee (overlap warned); all kept after a reload', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, 'owner@demo.test', '/Setting/POSsettings');

    // POS: theme, a receipt footer and an automatic service charge for parties of 8.
    const pos = card(page, 'POS settings');
    await pos.getByLabel('Receipt footer').waitFor({ timeout: 30_000 });
    await pos.getByLabel('Theme').click();
    await page.locator('.ant-select-item-option[title="Midnight"]').click();
    await pos.getByLabel('Receipt footer').fill('Thank you for dining at Harbor Bistro');
    await pos.getByRole('button', { name: 'Add rule' }).click();
    const rules = pos.getByLabel('Party of at least');
    await rules.last().fill('8');
    await pos.getByLabel('Percentage').last().fill('20');
    await save(page, pos);
    await page.reload();
    await expect
      .poll(() => pos.getByLabel('Receipt footer').inputValue(), { timeout: 30_000 })
      .toBe('Thank you for dining at Harbor Bistro');
    await expect.poll(() => field(pos, 'Theme').innerText()).toContain('Midnight');
    expect(await pos.getByLabel('Party of at least').last().inputValue()).toBe('8');
    await shot(page, 'settings-pos-en');

    // A bad tax rate is refused with the shared message, and nothing is saved.
    await pos.getByLabel('Default tax rate').fill('101');
    await pos.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => pos.locator('.ant-form-item-explain-error').first().innerText()).not.toBe('');
    await page.reload();
    await expect.poll(() => pos.getByLabel('Default tax rate').inputValue(), { timeout: 30_000 }).not.toBe('101');

    // Self-order kiosk: the welcome message.
    await page.goto(`${baseUrl()}/Setting/Selforder`);
    const kiosk = card(page, 'Self-order kiosk');
    await kiosk.getByLabel('Welcome message (English)').waitFor({ timeout: 30_000 });
    await kiosk.getByLabel('Welcome message (English)').fill('Welcome! Tap to start your order');
    await save(page, kiosk);
    await page.reload();
    await expect
      .poll(() => kiosk.getByLabel('Welcome message (English)').inputValue(), { timeout: 30_000 })
      .toBe('Welcome! Tap to start your order');

    // Online ordering: the pickup lead time.
    await page.goto(`${baseUrl()}/Setting/Ordertogo`);
    const online = card(page, 'Online ordering');
    await online.getByLabel('Pickup lead time').waitFor({ timeout: 30_000 });
    await online.getByLabel('Pickup lead time').fill('25');
    await save(page, online);
    await page.reload();
    await expect.poll(() => online.getByLabel('Pickup lead time').inputValue(), { timeout: 30_000 }).toBe('25');
    await shot(page, 'settings-order-to-go-en');

    // Service fees: two percentage fees on the same dates and order type; the second is warned about.
    await deleteFees(page, ['Large party', 'Holiday surcharge']);
    await page.goto(`${baseUrl()}/businessInfo/index?tab=fees`);
    const addFee = async (description: string, percent: string) => {
      await page.getByRole('button', { name: 'Add service fee' }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: 'Add service fee' });
      await dialog.getByLabel('Description').waitFor();
      await dialog.getByLabel('Description').fill(description);
      await dialog.getByLabel('Percentage', { exact: true }).check();
      await dialog.getByLabel('Percentage (0–100)').fill(percent);
      await dialog.getByLabel('Start date').fill(today());
      await dialog.getByLabel('End date').fill(today());
      await dialog.getByRole('button', { name: 'Save' }).click();
    };
    await addFee('Large party', '18');
    await expect.poll(() => messageText(page), { timeout: 30_000 }).toContain('Service fee saved');
    await addFee('Holiday surcharge', '3');
    const warning = page.locator('.ant-modal-confirm').filter({ hasText: 'Saved, but it overlaps' });
    await warning.waitFor({ timeout: 30_000 });
    expect(await warning.innerText()).toContain('Large party');
    await shot(page, 'settings-fee-overlap-en');
    await warning.getByRole('button', { name: 'OK' }).click();
    await page.reload();
    const row = (name: string) => page.locator('.ant-table-row', { hasText: name });
    await expect
      .poll(() => row('Holiday surcharge').innerText(), { timeout: 30_000 })
      .toContain('Overlaps another fee');
    expect(await row('Large party').innerText()).toContain('18%');
    await shot(page, 'settings-fees-en');
    await context.close();
  });

  it('a service fee date: Enter does not save, and typing over the year cannot make a six-digit year', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, 'owner@demo.test', '/businessInfo/index?tab=fees');
    await deleteFees(page, ['Enter typo']);
    await page.getByRole('button', { name: 'Add service fee' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Add service fee' });
    await dialog.getByLabel('Description').waitFor();
    await dialog.getByLabel('Description').fill('Enter typo');
    await dialog.getByLabel('Percentage', { exact: true }).check();
    await dialog.getByLabel('Percentage (0–100)').fill('5');
    const start = dialog.getByLabel('Start date');
    await start.fill(today());
    await dialog.getByLabel('End date').fill(today());
    await start.press('Enter');
    await page.waitForTimeout(1500);
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.locator('.ant-message').count()).toBe(0);

    // the year part of a filled day, typed over as 261201: at most four digits are kept
    await start.focus();
    await start.press('ArrowRight');
    await start.press('ArrowRight');
    await page.keyboard.type('261201');
    expect(await start.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => dialog.innerText(), { timeout: 30_000 })
      .toContain('Enter a date from 2000-01-01 to 2099-12-31');
    await deleteFees(page, ['Enter typo']);
    await context.close();
  });

  it('owner pauses a delivery platform: its test order is refused and the next 14 days show the pause', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, 'owner@demo.test', '/thirdParty/index');
    const doordash = page.locator('.ant-card').filter({ hasText: 'DoorDash' }).first();
    await doordash.getByRole('button', { name: 'Pause DoorDash' }).click({ timeout: 30_000 });
    await (await openMenuItem(page, 'Until I resume')).click();
    await expect.poll(() => doordash.innerText(), { timeout: 30_000 }).toContain('Resume');
    await doordash.getByRole('button', { name: 'Send test order' }).click();
    await expect
      .poll(() => messageText(page), { timeout: 30_000 })
      .toContain('The store is paused on this platform and does not take orders now');
    await shot(page, 'settings-delivery-paused-en');

    // The card counts the refused order, and its list names it, when it came and why.
    const refusedId = /Test order (\S+) was refused/.exec(await messageText(page))?.[1] ?? '';
    expect(refusedId).not.toBe('');
    const refused = doordash.getByTestId('refused-doordash');
    await expect.poll(() => refused.innerText(), { timeout: 30_000 }).toMatch(/^[\d,]+ orders?$/);
    await refused.getByRole('button').click();
    const list = page.locator('.ra-delivery__refused');
    await expect.poll(() => list.innerText(), { timeout: 30_000 }).toContain(refusedId);
    const row = list.locator('.ant-table-row', { hasText: refusedId });
    expect(await row.innerText()).toContain('Paused on the platform');
    expect(new URL(page.url()).searchParams.get('refused')).toBe('doordash');
    await shot(page, 'settings-delivery-refused-en');
    await list.getByRole('button', { name: 'Close', exact: true }).last().click();

    await page.goto(`${baseUrl()}/business/index`);
    const tab = page.getByRole('tab', { name: 'Next 14 days' });
    await tab.click({ timeout: 30_000 });
    const day = page.locator(`[role="tabpanel"][aria-hidden="false"] [data-date="${today()}"]`);
    await expect.poll(() => day.innerText(), { timeout: 30_000 }).toMatch(/DoorDash\s+Closed\s+Paused/);
    await shot(page, 'settings-effective-delivery-en');

    await page.goto(`${baseUrl()}/thirdParty/index`);
    await doordash.getByRole('button', { name: 'Resume' }).click({ timeout: 30_000 });
    await expect.poll(() => doordash.innerText(), { timeout: 30_000 }).toContain('Taking orders');
    await context.close();
  });

  it('platform staff switch a restaurant’s admin config in the admin panel, kept after a reload', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, 'admin@demo.test', '/AdminPanel');
    await page.getByLabel('Search restaurants').fill('Harbor');
    await page.getByLabel('Search restaurants').press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Harbor');
    const toggle = page.getByRole('switch', { name: 'Premium coupons — Harbor Bistro' });
    await toggle.waitFor({ timeout: 30_000 });
    const before = await toggle.getAttribute('aria-checked');
    const after = before === 'true' ? 'false' : 'true';
    await toggle.click();
    await expect.poll(() => messageText(page), { timeout: 30_000 }).toContain('Saved');
    await page.reload();
    await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 30_000 }).toBe(after);
    await shot(page, 'settings-admin-panel-en');
    // As it was, for the other suites.
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 30_000 }).toBe(before);

    // An owner is not platform staff: the panel says so and lists nothing.
    const owner = await newPage(browser);
    await signInTo(owner.page, 'owner@demo.test', '/AdminPanel');
    await expect
      .poll(() => owner.page.locator('.ant-result').innerText(), { timeout: 30_000 })
      .toContain('Only platform staff can open the admin panel.');
    await owner.context.close();
    await context.close();
  });

  it('in Chinese at phone width: the POS settings and the service fees keep what was saved', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844, locale: 'zh-CN' });
    await signInTo(page, 'owner@demo.test', '/Setting/POSsettings');
    const pos = card(page, 'POS 设置');
    await pos.getByLabel('小票页脚').waitFor({ timeout: 30_000 });
    await pos.getByLabel('小票页脚').fill('谢谢光临');
    await save(page, pos, '设置已保存');
    await page.reload();
    await expect.poll(() => pos.getByLabel('小票页脚').inputValue(), { timeout: 30_000 }).toBe('谢谢光临');
    await expect.poll(() => field(pos, '主题').innerText()).toContain('午夜');
    await shot(page, 'settings-pos-zh-phone');

    await page.goto(`${baseUrl()}/businessInfo/index?tab=fees`);
    await expect
      .poll(() => page.locator('.ant-table-row', { hasText: 'Holiday surcharge' }).innerText(), { timeout: 30_000 })
      .toContain('与其他附加费重叠');
    await shot(page, 'settings-fees-zh-phone');
    await deleteFees(page, ['Large party', 'Holiday surcharge']);
    await context.close();
  });
});
