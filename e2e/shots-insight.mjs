import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8108';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
async function signIn(page, email) {
  await page.goto(`${base}/login`);
  await page.locator('input').first().fill(email);
  await page.locator('input[type="password"]').fill('demo1234');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(4000);
}
const sizes = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };
for (const lang of ['en', 'zh']) {
  for (const [size, viewport] of Object.entries(sizes)) {
    const ctx = await browser.newContext({ viewport, locale: lang === 'zh' ? 'zh-CN' : 'en-US', reducedMotion: 'reduce' });
    const page = await ctx.newPage();
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await signIn(page, 'agent@demo.test');
    await page.goto(`${base}/AgentApp?tab=compare`);
    await page.waitForSelector('[data-testid="comparison-panel"] .ant-table-row', { timeout: 90000 }).catch(() => {});
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/work/wt/shots/insight/comparison-${lang}-${size}.png`, fullPage: size === 'desktop' });
    await ctx.close();
    const ctx2 = await browser.newContext({ viewport, locale: lang === 'zh' ? 'zh-CN' : 'en-US', reducedMotion: 'reduce' });
    const page2 = await ctx2.newPage();
    await page2.addInitScript((l) => localStorage.setItem('language', l), lang);
    await signIn(page2, 'owner@demo.test');
    await page2.goto(`${base}/itemProfitability/index?preset=lastWeek`);
    await page2.waitForSelector('[data-testid="profitability-view"] .ant-table-row', { timeout: 90000 }).catch(() => {});
    await page2.waitForTimeout(2500);
    await page2.screenshot({ path: `/work/wt/shots/insight/profitability-${lang}-${size}.png`, fullPage: size === 'desktop' });
    await ctx2.close();
    console.log('done', lang, size);
  }
}
await browser.close();
