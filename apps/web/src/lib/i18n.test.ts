import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyTipWording, chooseLanguage, i18n, initI18n, setTipWording } from './i18n.ts';

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

  it("keeps '小费' in Chinese unless the restaurant chose a word (service charge is 服务附加费 beside it)", () => {
    expect(applyTipWording('小费总额', 'zh', {})).toBe('小费总额');
    expect(applyTipWording('现金小费和刷卡小费', 'zh', { tipWordZh: '服务费' })).toBe('现金服务费和刷卡服务费');
  });

  it("uses the restaurant's own Chinese word when it has one", () => {
    expect(applyTipWording('小费总额', 'zh', { tipWordZh: '服务小费' })).toBe('服务小费总额');
  });

  it('does not apply the English word to Chinese text', () => {
    expect(applyTipWording('Tip 小费', 'zh', { tipWord: 'Gratuity' })).toBe('Tip 小费');
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

  it('applies the tip wording to every translation', () => {
    setTipWording({ tipWord: 'Gratuity' });
    expect(i18n.t('dashboard:salesNote.description')).toContain('gratuities');
    setTipWording({});
    expect(i18n.t('dashboard:salesNote.description')).toContain('tips');
  });
});
