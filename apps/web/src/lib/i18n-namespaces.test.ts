// runs in a fresh worker: i18next starts here from before its first language, as on a page load
import { describe, expect, it } from 'vitest';
import { FIRST_NAMESPACES, FRAME_NAMESPACES, REPORT_NAMESPACES } from './first-namespaces.ts';
import {
  i18n,
  initI18n,
  loadAllNamespaces,
  loadFrameNamespaces,
  loadLanguageResources,
  loadReportNamespaces,
} from './i18n.ts';

/** Every translation file, counted (not loaded). */
const LOCALE_FILES = import.meta.glob('../locales/*/*.json');

describe('translations loaded in two steps', () => {
  it('takes the other namespaces a page loaded before i18next had started (a signed-in page opened directly)', async () => {
    const early = loadAllNamespaces();
    await early;
    expect(i18n.isInitialized).toBeFalsy();
    await initI18n('en', 'first');
    expect(i18n.t('dashboard:restaurant.title')).toBe('Restaurant');
    expect(i18n.t('login:email')).toBe('Email');
  });

  it('starts with the first namespaces only, and adds every other one when a page asks', async () => {
    // a fresh start in the other language: only its first namespaces
    await initI18n('zh', 'first');
    expect(i18n.hasResourceBundle('zh', 'login')).toBe(true);
    expect(i18n.hasResourceBundle('zh', 'dashboard')).toBe(false);
    expect(i18n.t('dashboard:restaurant.title')).toBe('restaurant.title');

    await loadAllNamespaces();
    expect(i18n.t('dashboard:restaurant.title')).toBe('餐厅');
    const all = Object.keys(await loadLanguageResources('zh'));
    for (const ns of all) expect(i18n.hasResourceBundle('zh', ns), ns).toBe(true);
    // the first set is small and every one of its names is a real namespace file
    for (const ns of FIRST_NAMESPACES) expect(all).toContain(ns);
    expect(all.length).toBeGreaterThan(FIRST_NAMESPACES.length);
  });

  it("gathers exactly the first, the frame's and the summary's namespaces in each language's first, frame and reports modules, and every other file in its rest", async () => {
    for (const lang of ['en', 'zh'] as const) {
      const first = Object.keys(await loadLanguageResources(lang, 'first')).sort();
      expect(first, lang).toEqual([...FIRST_NAMESPACES].sort());
      const frame = Object.keys(await loadLanguageResources(lang, 'frame')).sort();
      expect(frame, lang).toEqual([...FRAME_NAMESPACES].sort());
      const reports = Object.keys(await loadLanguageResources(lang, 'reports')).sort();
      expect(reports, lang).toEqual([...REPORT_NAMESPACES].sort());
      const rest = Object.keys(await loadLanguageResources(lang, 'rest'));
      for (const ns of rest)
        expect([...FIRST_NAMESPACES, ...FRAME_NAMESPACES, ...REPORT_NAMESPACES], `${lang} ${ns}`).not.toContain(ns);
      // no file left out: as many namespaces as files in the language's folder
      const files = Object.keys(LOCALE_FILES).filter((f) => f.includes(`/locales/${lang}/`));
      expect(rest.length + reports.length + frame.length + first.length, lang).toBe(files.length);
    }
  });

  it("loads the frame's namespaces alone for the home page, and every other one for any other page", async () => {
    await initI18n('en', 'first');
    await loadFrameNamespaces();
    for (const ns of FRAME_NAMESPACES) expect(i18n.hasResourceBundle('en', ns), ns).toBe(true);
    expect(i18n.hasResourceBundle('en', 'menu')).toBe(false);
    expect(i18n.t('layout:user.logout')).not.toBe('user.logout');
    await loadAllNamespaces();
    expect(i18n.hasResourceBundle('en', 'menu')).toBe(true);
    expect(i18n.t('dashboard:restaurant.title')).toBe('Restaurant');
  });

  it("loads the summary's namespaces with the frame's, and no other", async () => {
    await initI18n('zh', 'first');
    await loadReportNamespaces();
    for (const ns of [...FRAME_NAMESPACES, ...REPORT_NAMESPACES])
      expect(i18n.hasResourceBundle('zh', ns), ns).toBe(true);
    expect(i18n.hasResourceBundle('zh', 'menu')).toBe(false);
    expect(i18n.t('reports:figures.netSalesCents')).not.toBe('figures.netSalesCents');
  });
});
