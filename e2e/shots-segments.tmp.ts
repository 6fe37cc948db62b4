import { chromium, type Page } from 'playwright-core';

const BASE = 'http://localhost:8111';
const OUT = '/work/wt/shots/segments';

async function signIn(page: Page) {
  const api = page.context().request;
  const first = (await (await api.post(`${BASE}/api/account/signin`, {
    data: { email: 'owner@demo.test', password: 'demo1234', cid: -1, emailVerificationCodeNumber: '' },
  })).json()) as { token: string };
  const { token } = (await (await api.post(`${BASE}/api/account/acquireToken`, {
    data: { oldjwtToken: first.token },
    headers: { Authorization: first.token },
  })).json()) as { token: string };
  const cookie = { domain: 'localhost', path: '/', sameSite: 'Strict' as const };
  await page.context().addCookies([
    { name: 'Admin-Token', value: token, ...cookie },
    { name: 'currentAccount', value: 'owner@demo.test', ...cookie },
    { name: 'isLeaf', value: 'true', ...cookie },
  ]);
  return token;
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const lang of ['en', 'zh'] as const) {
  for (const [device, width, height] of [
    ['desktop', 1440, 900],
    ['phone', 390, 844],
  ] as const) {
    const context = await browser.newContext({
      viewport: { width, height },
      locale: lang === 'zh' ? 'zh-CN' : 'en-US',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`${BASE}/userList/index`);
    const card = page.getByTestId('segments');
    await card.locator('.ant-table-row').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    await card.scrollIntoViewIfNeeded();
    await page.evaluate(() => {
      const el = document.querySelector('[data-testid="segments"]');
      el?.scrollIntoView({ block: 'start' });
    });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${OUT}/segments-list-${lang}-${device}.png` });
    // Write SMS to the Regulars segment.
    const row = card.locator('.ant-table-row').filter({ hasText: 'Regulars' });
    await row.getByRole('button', { name: lang === 'zh' ? '给该分组发短信' : 'Text this segment' }).click();
    await page.getByTestId('compose-segment').waitFor({ timeout: 20_000 });
    await page
      .getByLabel(lang === 'zh' ? '英文短信' : 'English message')
      .fill('Harbor Bistro: thank you for coming back, dessert is on us this week!');
    await page.getByRole('button', { name: lang === 'zh' ? '计算费用' : 'Calculate cost' }).click();
    await page.getByTestId('quote').waitFor({ timeout: 20_000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${OUT}/segments-compose-${lang}-${device}.png` });
    await context.close();
  }
}
await browser.close();
console.log('done');
