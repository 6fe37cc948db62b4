// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { REPORT_LABELS } from '@ra/shared/reports/report-labels';
import reportsEn from '../../locales/en/reports.json';
import reportsZh from '../../locales/zh/reports.json';
import transactionsEn from '../../locales/en/transactions.json';
import transactionsZh from '../../locales/zh/transactions.json';

const screen: Record<'en' | 'zh', Record<string, string>> = { en: reportsEn, zh: reportsZh };
// 'transactions.*' labels are the transactions page's words
const transactionsScreen: Record<'en' | 'zh', Record<string, string>> = { en: transactionsEn, zh: transactionsZh };

describe('export words (shared report-labels)', () => {
  it('use the same words as the report tables, so a downloaded file reads like the screen', () => {
    for (const [key, text] of Object.entries(REPORT_LABELS)) {
      if (key.startsWith('file.')) continue;
      const [words, own] = key.startsWith('transactions.')
        ? [transactionsScreen, key.slice('transactions.'.length)]
        : [screen, key];
      expect(words.en[own], `en ${key}`).toBe(text.en);
      expect(words.zh[own], `zh ${key}`).toBe(text.zh);
    }
  });

  it('name every channel, method, card brand and kind the screen names', () => {
    const enumKey = /^(channel|method|cardBrand|discountKind|compVoid\.(comp|void)$|payout\.(cash|deposit)$)/;
    for (const key of Object.keys(reportsEn).filter((k) => enumKey.test(k))) {
      expect(REPORT_LABELS, key).toHaveProperty([key]);
    }
  });
});
