import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, signInTo } from '../support/browser.ts';

/**
 * antd's component styles are static CSS extracted at build (apps/web/vite-antd-css.ts, issue 21): the
 * built app must look as it did when antd wrote them at run time. antd now writes only the theme's CSS
 * variables, which the static CSS reads, so the themes and a colour picked by hand still reach every
 * component.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * What antd wrote at run time (its styles are <style> elements): the properties of their rules for antd's
 * classes, other than CSS variables; and how many rules the stylesheets' `antd` layer holds.
 */
async function styleSources(
  page: Page,
): Promise<{ variables: number; otherProperties: string[]; antdLayerRules: number }> {
  return page.evaluate(() => {
    let variables = 0;
    const otherProperties: string[] = [];
    for (const style of document.querySelectorAll('style')) {
      for (const rule of style.sheet?.cssRules ?? []) {
        if (!(rule instanceof CSSStyleRule) || !rule.selectorText.includes('.ant-')) continue;
        for (const property of rule.style) {
          if (property.startsWith('--')) variables += 1;
          else otherProperties.push(`${rule.selectorText} ${property}`);
        }
      }
    }
    let antdLayerRules = 0;
    for (const sheet of document.styleSheets) {
      if (!(sheet.ownerNode instanceof HTMLLinkElement)) continue;
      for (const rule of sheet.cssRules) {
        if (rule instanceof CSSLayerBlockRule && rule.name === 'antd') antdLayerRules += rule.cssRules.length;
      }
    }
    return { variables, otherProperties, antdLayerRules };
  });
}

const colour = (page: Page, selector: string, property: 'backgroundColor' | 'color') =>
  page
    .locator(selector)
    .first()
    .evaluate((el, p) => getComputedStyle(el)[p], property);

describe('antd styles from the build', () => {
  it('draws the frame from static CSS, antd writing only the theme variables', async () => {
    const { page } = await newPage(browser, { width: 1440, height: 900 });
    await signInTo(page, 'owner@demo.test');
    await page.locator('.ant-layout-sider').waitFor();
    const { variables, otherProperties, antdLayerRules } = await styleSources(page);
    // the components' rules arrive in the `antd` layer of the stylesheets…
    expect(antdLayerRules).toBeGreaterThan(100);
    // …and none is written at run time: what antd still writes is the components' variables
    expect(variables).toBeGreaterThan(50);
    expect(otherProperties).toEqual([]);
    // the theme's own variables (about 12 KB) are written once: one ConfigProvider sets the theme, and
    // the frame does not nest a second one that writes them all again under a class of its own
    const themeVariableSets = await page.evaluate(
      () => [...document.querySelectorAll('style')].filter((s) => s.textContent?.includes('--ant-blue:')).length,
    );
    expect(themeVariableSets).toBe(1);
    // the original theme: the sidebar's colour (a layout token) and the theme colour on the selected entry
    expect(await colour(page, '.ant-layout-sider', 'backgroundColor')).toBe('rgb(31, 45, 61)');
    expect(await colour(page, '.ant-menu-item-selected', 'backgroundColor')).toBe('rgb(18, 131, 133)');
    await page.close();
  });

  it('applies the midnight theme and a colour picked by hand through the same CSS', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await context.addInitScript(() => {
      localStorage.setItem('settings', JSON.stringify({ themeName: 'midnight', theme: '#4c8dff' }));
    });
    await signInTo(page, 'owner@demo.test');
    await page.locator('.ant-layout-sider').waitFor();
    // the dark algorithm's page and the midnight sidebar
    expect(await colour(page, '.ant-layout-sider', 'backgroundColor')).toBe('rgb(13, 17, 23)');
    expect(await colour(page, 'main', 'color')).not.toBe('rgba(0, 0, 0, 0.88)');
    await page.close();

    const other = await newPage(browser, { width: 1440, height: 900 });
    await other.context.addInitScript(() => {
      localStorage.setItem('settings', JSON.stringify({ themeName: 'original', theme: '#8c6dd8' }));
    });
    await signInTo(other.page, 'owner@demo.test');
    await other.page.locator('.ant-menu-item-selected').waitFor();
    // the daydream purple picked on the original theme: its fill under white text (components/layout/theme.ts)
    expect(await colour(other.page, '.ant-menu-item-selected', 'backgroundColor')).toBe('rgb(131, 97, 213)');
    await other.page.close();
  });

  it('opens and closes a dropdown with its styles: positioned, shadowed, hidden once closed', async () => {
    const { page } = await newPage(browser, { width: 1440, height: 900 });
    await signInTo(page, 'owner@demo.test', '/transactions/index');
    const select = page.locator('.ant-select').first();
    await select.waitFor();
    await select.click();
    const dropdown = page.locator('.ant-select-dropdown').first();
    await dropdown.waitFor({ state: 'visible' });
    const open = await dropdown.evaluate((el) => {
      const s = getComputedStyle(el);
      return { position: s.position, shadow: s.boxShadow };
    });
    expect(open.position).toBe('absolute');
    expect(open.shadow).not.toBe('none');
    await page.keyboard.press('Escape');
    await expect.poll(() => dropdown.evaluate((el) => getComputedStyle(el).display), { timeout: 10_000 }).toBe('none');
    await page.close();
  });

  it("draws antd's click ripple only for a person who has not asked for less motion", async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { context, page } = await newPage(browser, { width: 1440, height: 900, reducedMotion });
      await signInTo(page, 'owner@demo.test', '/transactions/index');
      const exportCsv = page.locator('main .ant-btn', { hasText: 'CSV' }).first();
      await expect.poll(() => exportCsv.isEnabled(), { timeout: 20_000 }).toBe(true);
      // every ripple drawn from now on, even one gone again by the time the test looks
      await page.evaluate(() => {
        const seen = { ripples: 0 };
        (window as unknown as { raSeen: typeof seen }).raSeen = seen;
        new MutationObserver((records) => {
          for (const r of records)
            for (const n of r.addedNodes)
              if (n instanceof Element && (n.matches('.ant-wave') || n.querySelector('.ant-wave'))) seen.ripples += 1;
        }).observe(document.body, { childList: true, subtree: true });
      });
      const download = page.waitForEvent('download');
      await exportCsv.click();
      await download;
      // The ripple is rendered a frame after the click; the button leaves its loading state once the
      // file is made, later: by then a ripple, if any, has been drawn.
      await expect.poll(() => exportCsv.evaluate((el) => el.classList.contains('ant-btn-loading'))).toBe(false);
      const ripples = await page.evaluate(() => (window as unknown as { raSeen: { ripples: number } }).raSeen.ripples);
      expect(ripples, `ripples with ${reducedMotion}`).toBe(reducedMotion === 'reduce' ? 0 : 1);
      await context.close();
    }
  });
});
