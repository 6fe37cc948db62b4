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

const PATH = '/menuImage/list';
const card = (page: Page, name: string) => page.locator('.ra-photo-card', { hasText: name });

/** What the ordering site does: send a customer's dish photo with the restaurant's upload key. */
async function customerSends(page: Page, name: string): Promise<void> {
  const api = page.context().request;
  const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')!.value;
  const key = await api.get(`${baseUrl()}/api/api/menuImage/uploadKey`, { headers: { Authorization: token } });
  const { key: uploadKey } = (await key.json()) as { key: string };
  // a phone-sized JPEG drawn by the browser itself
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 900;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#5d4037';
    g.fillRect(0, 0, 1200, 900);
    g.fillStyle = '#fbe9e7';
    g.beginPath();
    g.arc(600, 450, 380, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#d84315';
    g.beginPath();
    g.ellipse(600, 450, 220, 140, 0.4, 0, Math.PI * 2);
    g.fill();
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  const photo = Buffer.from(dataUrl.split(',')[1]!, 'base64');
  const res = await api.post(`${baseUrl()}/api/public/menuImage/upload`, {
    headers: { 'x-photo-upload-key': uploadKey },
    multipart: { name, userId: 'guest-e2e', file: { name: 'dish.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

describe('customer photo approval', () => {
  it('owner reviews the waiting photos: large preview, approves two at once, refuses one with a reason, adds one to the image library', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, 'owner@demo.test', PATH);
    await expect.poll(() => page.locator('.ra-photo-card').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await expect.poll(() => page.getByText('Waiting (3)').count()).toBeGreaterThan(0);
    // the demo photos are drawn on first read: wait until every card's image has loaded
    await expect
      .poll(
        () =>
          page
            .locator('.ra-photo-card img')
            .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    await shot(page, 'media-photos-waiting-en');

    // large preview, held in the URL
    await page.getByRole('button', { name: 'Show Harbor Smash Burger large' }).click();
    await page.waitForURL((u) => u.searchParams.has('photo'));
    const preview = page.locator('.ra-photo-large');
    await expect
      .poll(() => preview.locator('img').evaluate((i) => (i as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(500);
    await shot(page, 'media-photo-large-en');
    await page.keyboard.press('Escape');
    await page.waitForURL((u) => !u.searchParams.has('photo'));

    // approve two at once; the restaurant's coupons are offered as an optional reward
    await page.getByRole('checkbox', { name: 'Select Harbor Smash Burger' }).check();
    await page.getByRole('checkbox', { name: 'Select Harbor Garden Salad' }).check();
    await expect.poll(() => page.getByText('2 selected').count()).toBe(1);
    await page.getByRole('button', { name: 'Approve selected' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve 2 photos' });
    await approve.waitFor();
    await expect.poll(() => approve.getByLabel('Reward coupon (optional)').isVisible()).toBe(true);
    await shot(page, 'media-approve-dialog-en');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => card(page, 'Harbor Smash Burger').count()).toBe(0);
    await expect.poll(() => page.getByText('Waiting (1)').count()).toBeGreaterThan(0);

    // refuse the last one: a reason is required
    await card(page, 'Harbor Lobster Linguine').getByRole('button', { name: 'Refuse' }).click();
    const refuse = page.getByRole('dialog', { name: 'Refuse 1 photo' });
    await refuse.getByRole('button', { name: 'Refuse' }).click();
    await expect
      .poll(() => refuse.locator('.ant-form-item-explain-error').innerText())
      .toBe('Please enter a reason for refusing.');
    await refuse.getByLabel('Reason').fill('Not the linguine we serve');
    await refuse.getByRole('button', { name: 'Refuse' }).click();
    await expect.poll(() => page.getByText('No photos are waiting for review.').count()).toBe(1);

    // the approved tab: who and when, and "add to image library"
    await page.locator('.ra-photos__tabs').getByText('Approved').click();
    await page.waitForURL((u) => u.searchParams.get('state') === 'approved');
    const burger = card(page, 'Harbor Smash Burger');
    await expect.poll(() => burger.getByText(/Approved by Grace Miller/).count()).toBe(1);
    await burger.getByRole('button', { name: 'Add to image library' }).click();
    await expect.poll(() => burger.getByText('In image library').count()).toBe(1);
    await shot(page, 'media-photos-approved-en');
    await context.close();
  });

  it('in Chinese at phone width: a photo a customer just sent is approved from its large view', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844, locale: 'zh-CN' });
    await signInTo(page, 'owner@demo.test', PATH);
    await customerSends(page, '蒜蓉龙虾 Garlic Lobster');
    await page.reload();
    await card(page, '蒜蓉龙虾 Garlic Lobster').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByText('待审核（1）').count()).toBeGreaterThan(0);
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'media-photos-waiting-zh-phone');

    await page.getByRole('button', { name: '放大查看 蒜蓉龙虾 Garlic Lobster' }).click();
    const preview = page.locator('.ra-photo-large');
    await preview.getByRole('button', { name: /通\s?过/ }).click();
    const approve = page.getByRole('dialog', { name: '通过 1 张照片' });
    await approve.waitFor();
    await shot(page, 'media-approve-dialog-zh-phone');
    await approve.getByRole('button', { name: /^通\s?过$/ }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByText('没有待审核的照片。').count()).toBe(1);

    await page.locator('.ra-photos__tabs').getByText('全部').click();
    await card(page, '蒜蓉龙虾 Garlic Lobster').getByText('已通过').first().waitFor();
    await shot(page, 'media-photos-all-zh-phone');
    await context.close();
  });
});
