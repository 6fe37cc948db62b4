import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, clockNow, launchBrowser, newPage, shot, signInTo } from '../support/browser.ts';

/**
 * The dashboard, the order calendar and the analytic center. The suite runs pinned at Saturday 19:30
 * in New York and again at 03:30, when Harbor Bistro's business day (ending at 03:00) has just begun
 * and has no orders: every assertion follows from the pinned instant, not from the hour it runs.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const OWNER = 'owner@demo.test';
const ZONE = 'America/New_York';
const END_OF_DAY_HOUR = 3;

/** Harbor Bistro's business day at the pinned instant: the New York date, three hours back. */
function businessToday(): string {
  const shifted = new Date(clockNow().getTime() - END_OF_DAY_HOUR * 3_600_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    shifted,
  );
}

const overflow = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');

/** The elements that reach past the right edge, named for a failure message. */
const overflowing = (page: Page) =>
  page.evaluate<string[]>(`[...document.querySelectorAll('body *')]
    .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
    .slice(0, 8)
    .map((el) => el.tagName.toLowerCase() + '.' + String(el.className).split(' ').join('.'))`);

/** The time of day after "up to" in a sentence, checked to be the pinned time or a few minutes later (the server's clock runs on). */
function expectPinnedTime(text: string, prefix: string): void {
  const match = new RegExp(`${prefix} (\\d{1,2}):(\\d{2}) ([AP]M)`).exec(text);
  expect(match, text).not.toBeNull();
  const [, h, m, ampm] = match!;
  const minutes = ((Number(h) % 12) + (ampm === 'PM' ? 12 : 0)) * 60 + Number(m);
  const pin = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(clockNow())
    .split(':')
    .map(Number) as [number, number];
  const late = minutes - (pin[0] * 60 + pin[1]);
  expect(late, text).toBeGreaterThanOrEqual(0);
  expect(late, text).toBeLessThan(30);
}

describe('dashboard', () => {
  it("leads with today's figures against the same time last week, and marks today as partial in the 14-day chart", async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signInTo(page, OWNER);
    const net = page.locator('[data-figure="netSalesCents"]');
    await expect.poll(() => net.innerText(), { timeout: 30_000 }).toMatch(/\$[\d,]+\.\d{2}/);
    // the comparison says what it compares: today up to now with the same time a week ago
    const hint = await page.getByTestId('dashboard-comparison').innerText();
    expectPinnedTime(hint, 'up to');
    expect(hint).toContain('compared with the same time on');
    expect(await net.innerText()).toMatch(/Same time last week: \$[\d,]+\.\d{2}/);

    // today's figures come before the restaurant and user details
    const figuresTop = (await net.boundingBox())!.y;
    const detailsTop = (await page.getByTestId('dashboard-details').boundingBox())!.y;
    expect(figuresTop).toBeLessThan(detailsTop);

    // 14 days; only the last, today, is partial, and it is drawn and named as "so far"
    const chart = page.locator('[data-chart="dashboard-14-days"]');
    await expect.poll(() => chart.locator('g[data-day]').count(), { timeout: 30_000 }).toBe(14);
    const partial = chart.locator('g[data-partial]');
    expect(await partial.count()).toBe(1);
    expect(await partial.getAttribute('data-day')).toBe(businessToday());
    expect(await chart.locator('g[data-day]').last().getAttribute('data-partial')).not.toBeNull();
    // past days have bars whatever the hour: at 03:30 today has nothing yet, the days before do
    const pastHeights = await chart
      .locator('g[data-day]:not([data-partial]) rect.ra-chart__bar')
      .evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('height'))));
    expect(pastHeights.filter((h) => h > 0).length).toBeGreaterThan(5);
    expect(await chart.locator('[data-legend="so-far"]').textContent()).toBe('Today so far');
    // the same figures as a table for screen readers, today marked as so far
    const rows = chart.locator('table tbody tr');
    expect(await rows.count()).toBe(14);
    expect(await rows.last().locator('th').textContent()).toContain('(Today so far)');
    await shot(page, 'dashboard-en');
    await context.close();
  });

  it('shows today so far on the first screen of a phone, in Chinese', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844, locale: 'zh-CN' });
    await signInTo(page, OWNER);
    const net = page.locator('[data-figure="netSalesCents"]');
    await expect.poll(() => net.innerText(), { timeout: 30_000 }).toContain('上周同一时刻');
    const box = (await net.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(await page.getByTestId('dashboard-comparison').innerText()).toContain('同一时刻');
    await shot(page, 'dashboard-mobile-zh');
    expect(await overflow(page), (await overflowing(page)).join(', ')).toBeLessThanOrEqual(1);
    await context.close();
  });

  it('keeps the plain welcome for staff, who may not see sales', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, 'staff@demo.test');
    await expect.poll(() => page.locator('main').innerText()).toContain('Welcome');
    expect(await page.locator('[data-figure="netSalesCents"]').count()).toBe(0);
    await context.close();
  });
});

describe('order calendar', () => {
  it("shows orders and parties per day, explains parties, and opens a day's transactions", async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signInTo(page, OWNER, `/orderCalendar/index`);
    await expect
      .poll(() => page.getByTestId('calendar-time-zone').innerText(), { timeout: 30_000 })
      .toMatch(/Business days in .+ \(GMT/);
    expect(await page.getByTestId('calendar-legend').innerText()).toMatch(/Parties: orders that seated guests/);
    const today = businessToday();
    // the day before today has figures (at 03:30 as well); days after today have none
    const yesterday = new Date(`${today}T12:00:00Z`);
    yesterday.setUTCDate(yesterday.getUTCDate() - 1);
    const day = yesterday.toISOString().slice(0, 10);
    if (day.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Previous month' }).click();
    const cell = page.locator(`a[data-day="${day}"]`);
    await expect.poll(() => cell.innerText(), { timeout: 30_000 }).toMatch(/\d+ orders?\s+\d+ part(y|ies)/);
    expect(await page.locator('a[data-day] ').count()).toBeGreaterThan(0);
    await shot(page, 'calendar-month-en');
    await cell.click();
    await page.waitForURL((u) => u.pathname === '/transactions/index');
    const url = new URL(page.url());
    expect(url.searchParams.get('from')).toBe(day);
    expect(url.searchParams.get('to')).toBe(day);
    await context.close();
  });

  it('shows each month once with its numbers in the year view', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signInTo(page, OWNER);
    const month = businessToday().slice(0, 7);
    await page.goto(`${baseUrl()}/orderCalendar/index?month=${month}`);
    await page.getByText('Year', { exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('view') === 'year');
    const cards = page.locator('[data-month]');
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(12);
    const current = page.locator(`a[data-month="${month}"]`);
    await expect
      .poll(() => current.innerText())
      .toMatch(/[\d,]+ orders[\s\S]*[\d,]+ part(y|ies)[\s\S]*\$[\d,]+\.\d{2}/);
    // the month's name appears once in its card (the old year panel printed "Jan Jan")
    const jan = await page.locator(`[data-month="${month.slice(0, 4)}-01"]`).innerText();
    expect(jan.match(/Jan/g)).toHaveLength(1);
    await expect.poll(() => page.getByTestId('calendar-totals').innerText()).toMatch(/^\d{4}: [\d,]+ orders/);
    await shot(page, 'calendar-year-en');
    // a month opens the month view
    await current.click();
    await page.waitForURL((u) => u.searchParams.get('view') === null && u.searchParams.get('month') === month);
    await context.close();
  });

  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`fits a phone in ${locale}: every weekday and the month and year controls are on screen`, async () => {
      const { context, page } = await newPage(browser, { width: 390, height: 844, locale });
      await signInTo(page, OWNER, `/orderCalendar/index`);
      await expect.poll(() => page.locator('a[data-day]').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      expect(await overflow(page), (await overflowing(page)).join(', ')).toBeLessThanOrEqual(1);
      const headers = page.locator('[role="columnheader"]');
      expect(await headers.count()).toBe(7);
      const last = (await headers.last().boundingBox())!;
      expect(last.x + last.width).toBeLessThanOrEqual(390);
      for (const control of [
        page.getByRole('button', { name: locale === 'en-US' ? 'Next month' : '下个月' }),
        page.getByText(locale === 'en-US' ? 'Year' : '年', { exact: true }),
      ]) {
        const box = (await control.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      await shot(page, `calendar-mobile-${locale === 'en-US' ? 'en' : 'zh'}`);
      await context.close();
    });
  }
});

describe('analytic center', () => {
  it('compares this week so far with the same time last week, says when there is no data last year, and offers tables', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signInTo(page, OWNER, `/analyticCenter/index`);
    const sameTime = page.getByTestId('weekOverWeek-same-time');
    await expect.poll(() => sameTime.innerText(), { timeout: 30_000 }).toContain('counts up to');
    expectPinnedTime(await sameTime.innerText(), 'counts up to');
    expect(await sameTime.innerText()).toContain('up to the same time');
    // the demo restaurant has three weeks of orders: nothing a year ago, and it says so
    const yoy = page.locator('[data-comparison="yearOverYear"]');
    expect(await page.getByTestId('yearOverYear-no-data').innerText()).toBe('No data last year');
    expect(await yoy.innerText()).not.toContain('prev.');

    // the heat map: a canvas for the eye, a table for screen readers, and on request for everyone
    await expect
      .poll(() => page.locator('[data-chart="busiest-hours"] canvas').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    const heatmap = page.locator('section', { has: page.locator('[data-chart="busiest-hours"]') });
    expect(await heatmap.locator('table.ra-an__data-table tbody tr').count()).toBe(7);
    expect(await heatmap.locator('.ra-an__hint').innerText()).toMatch(
      /^Busiest: \w+ at \d{1,2}:00 [AP]M, [\d,]+ orders?$/,
    );
    await shot(page, 'analytics-en');
    await heatmap.getByRole('button', { name: 'Show as table' }).click();
    const visible = page.locator('[data-table="busiest-hours"]:not(.ra-visually-hidden) table');
    await expect.poll(() => visible.isVisible()).toBe(true);
    expect(await visible.locator('tbody tr').first().locator('th').innerText()).toBe('Mon');

    // the average check by week: the week holding today is "so far", never a $0 week
    const trend = page.locator('[data-table="average-check"] table');
    const weeks = await trend.locator('tbody tr').allTextContents();
    expect(weeks.at(-1)).toContain('(so far)');
    const averages = await trend.locator('tbody tr td:first-of-type').allTextContents();
    expect(averages.length).toBe(weeks.length);
    for (const average of averages) expect(average).toMatch(/^\$[\d,]+\.\d{2}$|^No orders$/);
    expect(averages).not.toContain('$0.00');
    await page
      .locator('section[aria-label="Average check by week"]')
      .getByRole('button', { name: 'Show as table' })
      .click();
    await page.locator('[data-table="average-check"]:not(.ra-visually-hidden)').scrollIntoViewIfNeeded();
    await shot(page, 'analytics-tables-en');
    await context.close();
  });

  it('reads in Chinese, on a desktop and on a phone', async () => {
    for (const size of [
      { width: 1440, height: 900, name: 'analytics-zh' },
      { width: 390, height: 844, name: 'analytics-mobile-zh' },
    ]) {
      const { context, page } = await newPage(browser, { ...size, locale: 'zh-CN' });
      await signInTo(page, OWNER, `/analyticCenter/index`);
      await expect
        .poll(() => page.locator('[data-chart="busiest-hours"] canvas').count(), { timeout: 30_000 })
        .toBeGreaterThan(0);
      expect(await page.locator('main').innerText()).toContain('周环比');
      expect(await page.getByTestId('yearOverYear-no-data').innerText()).toBe('去年同期无数据');
      expect(await page.getByTestId('weekOverWeek-same-time').innerText()).toContain('同一时刻');
      await shot(page, size.name);
      expect(await overflow(page), (await overflowing(page)).join(', ')).toBeLessThanOrEqual(1);
      await context.close();
    }
  });
});
