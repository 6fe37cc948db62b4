import { describe, expect, it } from 'vitest';
import { REPORT_LABELS } from '@ra/shared/reports/report-labels';
import reportsEn from '../../locales/en/reports.json';
import reportsZh from '../../locales/zh/reports.json';

const screen: Record<'en' | 'zh', Record<string, string>> = { en: reportsEn, zh: reportsZh };

describe('export words (shared report-labels)', () => {
  it('use the same words as the report tables, so a downloaded file reads like the screen', () => {
    for (const [key, text] of Object.entries(REPORT_LABELS)) {
      if (key.startsWith('file.')) continue;
      expect(screen.en[key], `en ${key}`).toBe(text.en);
      expect(screen.zh[key], `zh ${key}`).toBe(text.zh);
    }
  });

  it('name every channel, method, card brand and kind the screen names', () => {
    const enumKey = /^(channel|method|cardBrand|discountKind|compVoid\.(comp|void)$|payout\.(cash|deposit)$)/;
    for (const key of Object.keys(reportsEn).filter((k) => enumKey.test(k))) {
      expect(REPORT_LABELS, key).toHaveProperty([key]);
    }
  });
});
