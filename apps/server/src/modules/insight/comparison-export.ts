import type { TLang } from '@ra/shared/errors';
import type { TComparisonFigures, TComparisonRow } from '@ra/shared/insight/insight.schemas';
import {
  exportFile,
  type TCell,
  type TExportFile,
  type TExportTable,
  type TKind,
} from '../../lib/exports/table-export.ts';

/** The file's words: one table in English and Chinese (the screen's words, locales/<lang>/insight.json). */
const WORDS = {
  en: {
    title: 'Comparison across locations',
    file: 'All locations',
    restaurant: 'Restaurant',
    previous: '(previous period)',
    total: 'Total',
    netSales: 'Net sales',
    orders: 'Orders',
    guests: 'Guests',
    averageCheck: 'Average check',
    labor: 'Labour cost',
    laborShare: 'Labour %',
    refunds: 'Refunds',
    discounts: 'Discounts',
  },
  zh: {
    title: '门店对比',
    file: '全部门店',
    restaurant: '餐厅',
    previous: '（上一期）',
    total: '合计',
    netSales: '净销售额',
    orders: '订单数',
    guests: '客人数',
    averageCheck: '平均客单价',
    labor: '人工成本',
    laborShare: '人工占比',
    refunds: '退款',
    discounts: '折扣',
  },
} as const satisfies Record<TLang, Record<string, string>>;

type TMeasure = 'netSales' | 'orders' | 'guests' | 'averageCheck' | 'labor' | 'laborShare' | 'refunds' | 'discounts';
const MEASURES: Array<{ key: TMeasure; kind: TKind; value: (f: TComparisonFigures) => TCell }> = [
  { key: 'netSales', kind: 'cents', value: (f) => f.netSalesCents },
  { key: 'orders', kind: 'number', value: (f) => f.orders },
  { key: 'guests', kind: 'number', value: (f) => f.guests },
  { key: 'averageCheck', kind: 'cents', value: (f) => f.averageCheckCents },
  { key: 'labor', kind: 'cents', value: (f) => f.laborCents },
  { key: 'laborShare', kind: 'percent', value: (f) => f.laborShare },
  { key: 'refunds', kind: 'cents', value: (f) => f.refundsCents },
  { key: 'discounts', kind: 'cents', value: (f) => f.discountsCents },
];

/** Restaurant, then each measure for the period and the previous period, then a totals row. */
export function comparisonTable(
  rows: readonly TComparisonRow[],
  totals: { current: TComparisonFigures; previous: TComparisonFigures },
  lang: TLang,
): TExportTable {
  const w = WORDS[lang];
  const line = (name: string, current: TComparisonFigures, previous: TComparisonFigures): TCell[] => [
    name,
    ...MEASURES.flatMap((m) => [m.value(current), m.value(previous)]),
  ];
  return {
    columns: [
      { header: w.restaurant, kind: 'text' },
      ...MEASURES.flatMap((m) => [
        { header: w[m.key], kind: m.kind },
        { header: `${w[m.key]} ${w.previous}`, kind: m.kind },
      ]),
    ],
    rows: [...rows.map((r) => line(r.name, r.current, r.previous)), line(w.total, totals.current, totals.previous)],
  };
}

export function comparisonFile(
  table: TExportTable,
  options: { lang: TLang; from: string; to: string; format: 'csv' | 'xlsx' },
): Promise<TExportFile> {
  const w = WORDS[options.lang];
  return exportFile(table, {
    restaurant: w.file,
    title: w.title,
    from: options.from,
    to: options.to,
    format: options.format,
  });
}
