import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, confirmUntilGone, launchBrowser, newPage, shot, signInTo } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const deviceRow = (page: Page, name: string) => page.locator('.ra-devices__row', { hasText: name });

/** What the device's app does with the code the owner reads to it: trade it for a credential, then beat. */
async function pairSimulatedDevice(page: Page, code: string): Promise<string> {
  const api = page.context().request;
  const paired = await api.post(`${baseUrl()}/api/api/devices/pair`, {
    data: {
      code,
      model: 'Sunmi T2s',
      serialNumber: 'E2E-T2S-1',
      macAddress: '7C:2A:DB:10:33:55',
      platform: 'android',
      appVersion: '4.3.1',
    },
  });
  expect(paired.status(), await paired.text()).toBe(201);
  const { token } = (await paired.json()) as { token: string };
  const beat = await api.post(`${baseUrl()}/api/api/devices/heartbeat`, {
    data: {},
    headers: { Authorization: token },
  });
  expect(beat.status()).toBe(200);
  return token;
}

describe('devices', () => {
  it('owner pairs a simulated device and sees it go online; revoking it refuses its next beat', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, 'owner@demo.test', '/deviceSetting/index');
    await deviceRow(page, 'Front counter').waitFor();
    await shot(page, 'devices-list-en');

    await page.getByRole('button', { name: 'Pair a device' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('pair')).toBe('1');
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Pair a device' });
    await dialog.getByLabel('Device name').waitFor();
    await page.waitForTimeout(400);
    await dialog.getByRole('button', { name: 'Create pairing code' }).click();
    await expect
      .poll(() => dialog.locator('.ant-form-item-explain-error').first().innerText())
      .toBe('Please enter the device name');
    await dialog.getByLabel('Device name').fill('Patio terminal');
    await dialog.getByRole('button', { name: 'Create pairing code' }).click();
    const shown = dialog.getByTestId('pairing-code');
    await shown.waitFor();
    const code = (await shown.innerText()).trim();
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await shot(page, 'devices-pairing-code-en');

    const token = await pairSimulatedDevice(page, code);
    // The list is polled while the dialog is open: the code is used, the device is there and online.
    await expect.poll(() => dialog.innerText(), { timeout: 20_000 }).toContain('Patio terminal is paired and online.');
    await shot(page, 'devices-paired-en');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect
      .poll(() => deviceRow(page, 'Patio terminal').locator('.ant-tag').innerText(), { timeout: 20_000 })
      .toBe('Online');

    // Details, then revoke with a confirmation.
    await deviceRow(page, 'Patio terminal')
      .getByRole('button', { name: /Patio terminal/ })
      .click();
    const drawer = page.locator('.ant-drawer-open');
    await expect.poll(() => drawer.innerText()).toContain('E2E-T2S-1');
    await shot(page, 'devices-drawer-en');
    await drawer.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirmUntilGone(confirm.getByRole('button', { name: 'Revoke' }), confirm, 5_000);
    await expect.poll(() => drawer.locator('.ant-tag').first().innerText(), { timeout: 20_000 }).toBe('Revoked');
    const beat = await page.context().request.post(`${baseUrl()}/api/api/devices/heartbeat`, {
      data: {},
      headers: { Authorization: token },
    });
    expect(beat.status()).toBe(401);
    await context.close();
  });

  it('shows the list in Chinese at phone width, and the terminal settings page', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844, locale: 'zh-CN' });
    await signInTo(page, 'owner@demo.test', '/deviceSetting/index');
    const card = page.locator('.ra-devices__card', { hasText: 'Lobby kiosk' });
    await card.waitFor();
    // The kiosk last beat yesterday (demo data); the summary counts the devices online now.
    await expect.poll(() => card.innerText()).toContain('离线');
    await expect.poll(() => page.locator('.ra-devices__summary').innerText()).toMatch(/在线 \d+/);
    // Nothing runs off the side of a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'devices-list-zh-phone');

    await page.goto(`${baseUrl()}/deviceSetting/terminal`);
    await page.getByText('服务费建议（%）').waitFor();
    await shot(page, 'devices-terminal-zh-phone');
    await context.close();
  });
});

/**
 * Sets the maximum of Harbor's free "Requests" modifier group through the menu API (null: any number,
 * which the platforms refuse), keeping everything else about the group, and answers the old maximum.
 */
async function setRequestsMax(page: Page, max: number | null): Promise<number | null> {
  const api = page.context().request;
  const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
  const headers = { Authorization: token };
  const list = await api.get(`${baseUrl()}/api/api/menu/modifier-groups`, { headers });
  const { groups } = (await list.json()) as { groups: Array<{ id: number; name: string }> };
  const id = groups.find((g) => g.name === 'Requests')?.id;
  if (id === undefined) throw new Error('no Requests group in the demo menu');
  const group = (await (await api.get(`${baseUrl()}/api/api/menu/modifier-groups/${id}`, { headers })).json()) as {
    maxSelections: number | null;
  } & Record<string, unknown>;
  const { id: _id, sort: _sort, updatedAt: _updated, ...input } = group;
  const saved = await api.put(`${baseUrl()}/api/api/menu/modifier-groups/${id}`, {
    headers,
    data: { ...input, maxSelections: max },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return group.maxSelections;
}

describe('delivery platforms', () => {
  it('owner pauses DoorDash for 30 minutes and resumes it; publishing lists what would be refused', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, 'owner@demo.test', '/thirdParty/index');
    const doordash = page.locator('.ra-delivery__card[data-platform="doordash"]');
    await expect.poll(() => page.getByTestId('status-doordash').innerText()).toBe('Taking orders');
    await shot(page, 'delivery-platforms-en');

    await doordash.getByRole('button', { name: 'Pause DoorDash' }).click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByText('For 30 minutes').click();
    await expect.poll(() => page.getByTestId('status-doordash').innerText()).toBe('Paused');
    await expect.poll(() => doordash.innerText()).toMatch(/Paused until/);
    await shot(page, 'delivery-paused-en');

    // The published menu is what goes out: a free-requests group allowing any number is refused.
    const oldMax = await setRequestsMax(page, null);
    try {
      await doordash.getByRole('button', { name: 'Publish menu' }).click();
      const problems = page.getByRole('dialog');
      await expect.poll(() => problems.innerText(), { timeout: 20_000 }).toContain('What DoorDash would refuse');
      await expect.poll(() => problems.innerText()).toContain('has no maximum (-1)');
      await shot(page, 'delivery-problems-en');
      await problems.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    } finally {
      await setRequestsMax(page, oldMax);
    }

    await doordash.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => page.getByTestId('status-doordash').innerText()).toBe('Taking orders');
    await context.close();
  });

  it('shows the platforms in Chinese at phone width', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844, locale: 'zh-CN' });
    await signInTo(page, 'owner@demo.test', '/thirdParty/index');
    await expect.poll(() => page.getByTestId('status-doordash').innerText()).toBe('正在接单');
    await expect.poll(() => page.getByTestId('status-ubereats').innerText()).toBe('未连接');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'delivery-platforms-zh-phone');
    await context.close();
  });
});
