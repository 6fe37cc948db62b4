import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyTipWording, chooseLanguage, i18n, initI18n, loadLanguageResources, setTipWording } from './i18n.ts';

describe('chooseLanguage', () => {
  it('keeps a saved choice whatever the browser says', () => {
    expect(chooseLanguage('zh', ['en-US'])).toBe('zh');
    expect(chooseLanguage('en', ['zh-CN'])).toBe('en');
  });

  it('ignores a saved value that is not a supported language', () => {
    expect(chooseLanguage('fr', ['zh-CN'])).toBe('zh');
    expect(chooseLanguage('', ['zh-CN'])).toBe('zh');
  });

  it('takes the browser language when it contains a supported code', () => {
    expect(chooseLanguage(null, ['zh-CN'])).toBe('zh');
    expect(chooseLanguage(null, ['zh-Hant-TW'])).toBe('zh');
    expect(chooseLanguage(undefined, ['en-GB'])).toBe('en');
  });

  it('goes down the browser list to the first supported language', () => {
    expect(chooseLanguage(null, ['fr-FR', 'de', 'zh-TW', 'en'])).toBe('zh');
  });

  it('falls back to English', () => {
    expect(chooseLanguage(null, ['fr-FR', 'ja'])).toBe('en');
    expect(chooseLanguage(null, [])).toBe('en');
  });
});

describe('applyTipWording', () => {
  it("replaces 'Tip' keeping its capitalisation", () => {
    expect(applyTipWording('Tip', 'en', { tipWord: 'Gratuity' })).toBe('Gratuity');
    expect(applyTipWording('Add a tip', 'en', { tipWord: 'Gratuity' })).toBe('Add a gratuity');
    expect(applyTipWording('TIP TOTAL', 'en', { tipWord: 'gratuity' })).toBe('GRATUITY TOTAL');
    expect(applyTipWording('Tip amount', 'en', { tipWord: 'gratuity' })).toBe('Gratuity amount');
  });

  it("pluralises for 'Tips'", () => {
    expect(applyTipWording('Tips by server', 'en', { tipWord: 'Gratuity' })).toBe('Gratuities by server');
    expect(applyTipWording('total tips', 'en', { tipWord: 'Service charge' })).toBe('total service charges');
    expect(applyTipWording('Tips', 'en', { tipWord: 'Gratuity', tipsWord: 'Gratuity fees' })).toBe('Gratuity fees');
  });

  it('replaces whole words only', () => {
    expect(applyTipWording('Tooltip: tipping is optional', 'en', { tipWord: 'Gratuity' })).toBe(
      'Tooltip: tipping is optional',
    );
  });

  it('leaves English text alone when no word is configured', () => {
    expect(applyTipWording('Tips', 'en', {})).toBe('Tips');
  });

  it("turns '小费' into 服务费 in Chinese unless the restaurant chose a word (SPEC 1; service fees are 附加费)", () => {
    expect(applyTipWording('小费总额', 'zh', {})).toBe('服务费总额');
    expect(applyTipWording('现金小费和刷卡小费', 'zh', { tipWordZh: '服务费' })).toBe('现金服务费和刷卡服务费');
  });

  it("uses the restaurant's own Chinese word when it has one", () => {
    expect(applyTipWording('小费总额', 'zh', { tipWordZh: '服务小费' })).toBe('服务小费总额');
  });

  it('does not apply the English word to Chinese text', () => {
    expect(applyTipWording('Tip 小费', 'zh', { tipWord: 'Gratuity' })).toBe('Tip 服务费');
  });
});

describe('the i18n layer', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => setTipWording({}));

  it('reads flat dotted keys from the area namespaces', () => {
    expect(i18n.t('route:salesReport.salesSummary')).toBe('Sales Summary');
    expect(i18n.t('common:appTitle')).toBe('Restaurant Admin System');
  });

  it('says 服务费 for tips and 附加费 for service fees in Chinese by default, the same in every area', async () => {
    for (const [ns, res] of Object.entries(await loadLanguageResources('zh')))
      i18n.addResourceBundle('zh', ns, res, true, true);
    await i18n.changeLanguage('zh');
    try {
      expect(i18n.t('reports:figures.tipCents')).toBe('服务费');
      expect(i18n.t('reports:figures.serviceChargeCents')).toBe('附加费');
      expect(i18n.t('transactions:totals.serviceCharge')).toBe('附加费');
      expect(i18n.t('business:tabs.fees')).toBe('附加费');
      // 服务费 only ever comes from the tip wording: a Chinese string that wrote it would be read as tips
      const zh = await loadLanguageResources('zh');
      const written = Object.entries(zh).flatMap(([ns, res]) =>
        Object.entries(res)
          .filter(([, text]) => text.includes('服务费'))
          .map(([key]) => `${ns}:${key}`),
      );
      expect(written).toEqual([]);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('applies the tip wording to every translation', () => {
    setTipWording({ tipWord: 'Gratuity' });
    expect(i18n.t('dashboard:salesNote.description')).toContain('gratuities');
    setTipWording({});
    expect(i18n.t('dashboard:salesNote.description')).toContain('tips');
  });
});
