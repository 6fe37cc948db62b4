import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import en from '../../locales/en/transactions.json';
import zh from '../../locales/zh/transactions.json';
import enRefunds from '../../locales/en/refunds.json';
import zhRefunds from '../../locales/zh/refunds.json';
import { cardText, refundReasonText } from './refund-labels.ts';

const tables = { en: { transactions: en, refunds: enRefunds }, zh: { transactions: zh, refunds: zhRefunds } };
const tOf = (lang: 'en' | 'zh') =>
  ((key: string, options: { ns: 'transactions' | 'refunds' }) =>
    (tables[lang][options.ns] as Record<string, string>)[key] ?? key) as unknown as TFunction;

describe('refund labels', () => {
  it('names the card brand, never the raw code, in both languages', () => {
    expect(cardText('amex', '1005', tOf('en'))).toBe('American Express ••1005');
    expect(cardText('amex', '1005', tOf('zh'))).not.toContain('amex');
    expect(cardText(null, '4242', tOf('en'))).toBe('••4242');
    expect(cardText('visa', null, tOf('en'))).toBe('Visa');
  });

  it('translates a back-office reason code and keeps what a POS typed', () => {
    expect(refundReasonText('foodQuality', tOf('en'))).toBe('Food quality');
    expect(refundReasonText('foodQuality', tOf('zh'))).toBe(zhRefunds['reason.foodQuality']);
    expect(refundReasonText('Cold fries', tOf('zh'))).toBe('Cold fries');
  });
});
