import { describe, expect, it } from 'vitest';
import { CARD_BRANDS, DISCOUNT_KINDS, ORDER_CHANNELS, PAYMENT_METHODS } from '../orders/orders.schemas.ts';
import { REPORT_LABELS, reportEnumLabel, reportLabel } from './report-labels.ts';
import { PAYOUT_KINDS } from './reports.schemas.ts';

describe('report labels', () => {
  it('names every channel, method, card brand, discount, comp/void and payout kind in both languages', () => {
    const groups = [
      ['channel', ORDER_CHANNELS],
      ['method', PAYMENT_METHODS],
      ['cardBrand', CARD_BRANDS],
      ['discountKind', DISCOUNT_KINDS],
      ['compVoid', ['comp', 'void']],
      ['payout', PAYOUT_KINDS],
    ] as const;
    for (const [group, values] of groups) {
      for (const value of values) {
        expect(`${group}.${value}` in REPORT_LABELS, `${group}.${value}`).toBe(true);
        expect(reportEnumLabel(group, value, 'zh')).not.toBe(value);
      }
    }
  });

  it('uses the Chinese the screen uses for channels, methods and kinds', () => {
    expect(ORDER_CHANNELS.map((c) => reportEnumLabel('channel', c, 'zh'))).toEqual([
      '堂食',
      '外带',
      '自助点餐机',
      '外卖',
    ]);
    expect(PAYMENT_METHODS.map((m) => reportEnumLabel('method', m, 'zh'))).toEqual([
      '现金',
      '银行卡',
      '礼品卡',
      '第三方',
      '其他',
    ]);
    expect(reportEnumLabel('compVoid', 'void', 'zh')).toBe('作废');
    expect(reportEnumLabel('payout', 'deposit', 'zh')).toBe('入账');
    expect(reportLabel('table.total', 'zh')).toBe('合计');
  });

  it('keeps a value it has no name for rather than dropping it', () => {
    expect(reportEnumLabel('channel', 'drone', 'zh')).toBe('drone');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(reportLabel('file.payoutCount', 'en', { count: 3 })).toBe('3 payouts');
    expect(reportLabel('file.minutes', 'zh', { name: '平均翻台时长' })).toBe('平均翻台时长（分钟）');
    expect(reportLabel('file.percent', 'en')).toBe('{{name}} (%)');
  });

  it('has no empty label in either language', () => {
    for (const [key, text] of Object.entries(REPORT_LABELS)) {
      expect(text.en.trim(), key).not.toBe('');
      expect(text.zh.trim(), key).not.toBe('');
    }
  });
});
