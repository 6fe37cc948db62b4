// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { flattenRoutes } from '../lib/access.ts';
import { routeTable } from './route-table.tsx';

/** Every visible string in both languages (ARCHITECTURE "Web"): same keys in en and zh, no empty text. */
const files = import.meta.glob<Record<string, string>>('../locales/*/*.json', { eager: true, import: 'default' });

function namespaces(lang: string): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const [file, data] of Object.entries(files)) {
    const m = new RegExp(`/locales/${lang}/([^/]+)\\.json$`).exec(file);
    if (m?.[1]) out.set(m[1], data);
  }
  return out;
}

const en = namespaces('en');
const zh = namespaces('zh');

describe('locale files', () => {
  it('exist for the same areas in both languages', () => {
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
  });

  for (const [ns, enKeys] of en) {
    it(`${ns}: Chinese has every English key and nothing else, none empty`, () => {
      const zhKeys = zh.get(ns) ?? {};
      expect(Object.keys(zhKeys).sort()).toEqual(Object.keys(enKeys).sort());
      for (const [key, text] of [...Object.entries(enKeys), ...Object.entries(zhKeys)]) {
        expect(typeof text === 'string' && text.trim() !== '', `${ns}:${key}`).toBe(true);
      }
    });
  }

  it('name every page of the route table', () => {
    for (const record of flattenRoutes(routeTable)) {
      expect(en.get('route')?.[record.titleKey], record.titleKey).toBeTruthy();
      expect(zh.get('route')?.[record.titleKey], record.titleKey).toBeTruthy();
    }
  });

  it('name the sales report sections of SPEC 2', () => {
    for (const section of [
      'summary',
      'trends',
      'operation',
      'paymentMethods',
      'itemCategorySales',
      'optionSales',
      'discount',
      'compsVoids',
      'taxes',
      'payout',
    ]) {
      expect(zh.get('route')?.[`salesReport.sections.${section}`]).toBeTruthy();
    }
  });
});
