import { describe, expect, it } from 'vitest';
import { REPORT_LABELS } from './report-labels.ts';
import { applyTipWording, DEFAULT_TIP_WORD_ZH, SERVICE_FEE_WORD_ZH } from './tip-wording.ts';

describe('applyTipWording', () => {
  it("replaces 'Tip' keeping its capitalisation, and pluralises 'Tips'", () => {
    expect(applyTipWording('Add a tip', 'en', { tipWord: 'Gratuity' })).toBe('Add a gratuity');
    expect(applyTipWording('TIP TOTAL', 'en', { tipWord: 'gratuity' })).toBe('GRATUITY TOTAL');
    expect(applyTipWording('Tips by server', 'en', { tipWord: 'Gratuity' })).toBe('Gratuities by server');
    expect(applyTipWording('Tips', 'en', { tipWord: 'Gratuity', tipsWord: 'Gratuity fees' })).toBe('Gratuity fees');
  });

  it('replaces whole words only', () => {
    expect(applyTipWording('Tooltip: tipping is optional', 'en', { tipWord: 'Gratuity' })).toBe(
      'Tooltip: tipping is optional',
    );
  });

  it('turns 小费 into the service-charge word 服务费 when the restaurant chose no Chinese word (SPEC 1)', () => {
    expect(DEFAULT_TIP_WORD_ZH).toBe('服务费');
    expect(applyTipWording('小费总额', 'zh', {})).toBe('服务费总额');
    expect(applyTipWording('小费总额', 'zh', { tipWordZh: null })).toBe('服务费总额');
    expect(applyTipWording('小费总额', 'zh', { tipWordZh: '  ' })).toBe('服务费总额');
  });

  it('names the service fees 附加费, so they never read like the default tip word beside them', () => {
    const tips = applyTipWording(REPORT_LABELS['figures.tipCents'].zh, 'zh', {});
    const serviceCharge = applyTipWording(REPORT_LABELS['figures.serviceChargeCents'].zh, 'zh', {});
    expect(tips).toBe('服务费');
    expect(serviceCharge).toBe(SERVICE_FEE_WORD_ZH);
    expect(serviceCharge.includes(tips) || tips.includes(serviceCharge)).toBe(false);
  });

  it('writes no Chinese export label with 服务费 itself (tips are 小费, service fees 附加费)', () => {
    const written = Object.entries(REPORT_LABELS).filter(([, label]) => label.zh.includes('服务费'));
    expect(written).toEqual([]);
  });

  it("uses the restaurant's own Chinese word when it has one, on Chinese text only", () => {
    expect(applyTipWording('现金小费和刷卡小费', 'zh', { tipWordZh: '服务小费' })).toBe('现金服务小费和刷卡服务小费');
    expect(applyTipWording('Tip 小费', 'zh', { tipWord: 'Gratuity', tipWordZh: '赏金' })).toBe('Tip 赏金');
    expect(applyTipWording('Tips 小费', 'en', { tipWordZh: '赏金' })).toBe('Tips 小费');
  });
});
