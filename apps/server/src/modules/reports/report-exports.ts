import { zonedParts } from '@ra/shared/business-day/business-day';
import { toCsv, type TCsvColumn } from '@ra/shared/reports/csv';
import type {
  TCategorySalesResponse,
  TCompsVoidsResponse,
  TDiscountsResponse,
  TItemSalesResponse,
  TOperationResponse,
  TOptionSalesResponse,
  TPaymentMethodsResponse,
  TPayoutsResponse,
  TReportSection,
  TSalesFigures,
  TSalesSummaryResponse,
  TSalesTrendsResponse,
  TTaxesResponse,
} from '@ra/shared/reports/reports.schemas';
import { xlsx, type TXlsxCell } from './xlsx.ts';

/**
 * Every report table as a file (SPEC 2 "/salesReport"): the rows on screen, then totals rows for the
 * whole range (and the comparison period where the section has one). CSV follows the shared rules
 * (shared/reports/csv.ts: BOM, CRLF, money as plain decimals, formula-looking text defused); XLSX
 * holds the same cells with money as numbers in currency units.
 */

type TKind = 'text' | 'number' | 'cents' | 'percent';
type TCell = string | number | null;

export interface TExportTable {
  columns: Array<{ header: string; kind: TKind }>;
  rows: TCell[][];
}

export interface TSectionResponses {
  salesSummary: TSalesSummaryResponse;
  salesTrends: TSalesTrendsResponse;
  operation: TOperationResponse;
  paymentMethods: TPaymentMethodsResponse;
  itemSales: TItemSalesResponse;
  categorySales: TCategorySalesResponse;
  optionSales: TOptionSalesResponse;
  discounts: TDiscountsResponse;
  compsVoids: TCompsVoidsResponse;
  taxes: TTaxesResponse;
  payout: TPayoutsResponse;
}

const col = (header: string, kind: TKind = 'text') => ({ header, kind });

/** Local wall-clock time in the restaurant's zone, as owners read times on their receipts. */
function localTime(iso: string, timeZone: string | null): string {
  const at = new Date(iso);
  if (!timeZone) return iso;
  const p = zonedParts(at, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

const FIGURE_COLUMNS: Array<[keyof TSalesFigures, string, TKind]> = [
  ['grossSalesCents', 'Gross sales', 'cents'],
  ['discountCents', 'Discounts', 'cents'],
  ['compCents', 'Comps', 'cents'],
  ['voidCents', 'Voids', 'cents'],
  ['netSalesCents', 'Net sales', 'cents'],
  ['taxCents', 'Tax', 'cents'],
  ['serviceChargeCents', 'Service charge', 'cents'],
  ['tipCents', 'Tips', 'cents'],
  ['refundCents', 'Refunds', 'cents'],
  ['totalCollectedCents', 'Total collected', 'cents'],
  ['orderCount', 'Orders', 'number'],
  ['guestCount', 'Guests', 'number'],
  ['averageCheckCents', 'Average check', 'cents'],
  ['averageGuestCents', 'Average per guest', 'cents'],
];

const figures = (f: TSalesFigures) => FIGURE_COLUMNS.map(([key]) => f[key]);

type TBuilder<S extends TReportSection> = (response: TSectionResponses[S], timeZone: string | null) => TExportTable;

const BUILDERS: { [S in TReportSection]: TBuilder<S> } = {
  salesSummary: (r) => ({
    columns: [col('Channel'), ...FIGURE_COLUMNS.map(([, header, kind]) => col(header, kind))],
    rows: [
      ...r.byChannel.map((c) => [c.channel, ...figures(c.current)]),
      ['Total', ...figures(r.current)],
      ...(r.previous ? [['Total (previous period)', ...figures(r.previous)]] : []),
    ],
  }),
  salesTrends: (r) => {
    const sum = (points: typeof r.points) =>
      points.reduce((t, p) => [t[0] + p.netSalesCents, t[1] + p.orders, t[2] + p.guests] as [number, number, number], [
        0, 0, 0,
      ] as [number, number, number]);
    const totals = sum(r.points);
    const previousTotals = r.previousPoints ? sum(r.previousPoints) : null;
    return {
      columns: [
        col('Period'),
        col('Net sales', 'cents'),
        col('Orders', 'number'),
        col('Guests', 'number'),
        col('Previous period'),
        col('Previous net sales', 'cents'),
        col('Previous orders', 'number'),
        col('Previous guests', 'number'),
      ],
      rows: [
        ...r.points.map((p, i) => {
          const q = r.previousPoints?.[i];
          return [
            p.key,
            p.netSalesCents,
            p.orders,
            p.guests,
            q?.key ?? null,
            q ? q.netSalesCents : null,
            q ? q.orders : null,
            q ? q.guests : null,
          ];
        }),
        ['Total', ...totals, null, ...(previousTotals ?? [null, null, null])],
      ],
    };
  },
  operation: (r) => {
    const names: Array<[keyof TOperationResponse['current'], string]> = [
      ['orderCount', 'Orders'],
      ['guestCount', 'Guests'],
      ['averageCheckCents', 'Average check'],
      ['averageGuestCents', 'Average per guest'],
      ['averageTurnMinutes', 'Average table turn (minutes)'],
      ['openOrderCount', 'Open orders'],
      ['voidedOrderCount', 'Voided orders'],
      ['refundCount', 'Refunds'],
    ];
    const money = (key: string) => key.endsWith('Cents');
    return {
      columns: [col('Figure'), col('Current', 'number'), col('Previous period', 'number')],
      rows: names.map(([key, name]) => {
        const current = r.current[key];
        const previous = r.previous ? r.previous[key] : null;
        const show = (v: number | null) => (v === null ? null : money(key) ? v / 100 : v);
        return [money(key) ? `${name} ($)` : name, show(current), show(previous)];
      }),
    };
  },
  paymentMethods: (r) => ({
    columns: [
      col('Method'),
      col('Card brand'),
      col('Payments', 'number'),
      col('Amount', 'cents'),
      col('Tips', 'cents'),
      col('Refunds', 'number'),
      col('Refunded', 'cents'),
      col('Net', 'cents'),
    ],
    rows: [
      ...r.rows.map((p) => [
        p.method,
        p.cardBrand,
        p.count,
        p.amountCents,
        p.tipCents,
        p.refundCount,
        p.refundCents,
        p.netCents,
      ]),
      [
        'Total',
        null,
        r.totals.count,
        r.totals.amountCents,
        r.totals.tipCents,
        r.totals.refundCount,
        r.totals.refundCents,
        r.totals.netCents,
      ],
      ...(r.previousTotals
        ? [
            [
              'Total (previous period)',
              null,
              r.previousTotals.count,
              r.previousTotals.amountCents,
              r.previousTotals.tipCents,
              r.previousTotals.refundCount,
              r.previousTotals.refundCents,
              r.previousTotals.netCents,
            ],
          ]
        : []),
    ],
  }),
  itemSales: (r) => ({
    columns: [
      col('Item id'),
      col('Item'),
      col('Category'),
      col('Quantity', 'number'),
      col('Gross', 'cents'),
      col('Discounts', 'cents'),
      col('Comps', 'cents'),
      col('Net', 'cents'),
      col('Share (%)', 'percent'),
      col('Previous quantity', 'number'),
      col('Previous net', 'cents'),
    ],
    rows: [
      ...r.rows.map((i) => [
        i.itemId,
        i.itemName,
        i.category,
        i.quantity,
        i.grossCents,
        i.discountCents,
        i.compCents,
        i.netCents,
        i.share,
        i.previousQuantity,
        i.previousNetCents,
      ]),
      [
        'Total',
        null,
        null,
        r.totals.quantity,
        r.totals.grossCents,
        r.totals.discountCents,
        r.totals.compCents,
        r.totals.netCents,
        r.totals.netCents === 0 ? 0 : 1,
        r.previousTotals?.quantity ?? null,
        r.previousTotals?.netCents ?? null,
      ],
    ],
  }),
  categorySales: (r) => ({
    columns: [
      col('Category'),
      col('Quantity', 'number'),
      col('Gross', 'cents'),
      col('Discounts', 'cents'),
      col('Comps', 'cents'),
      col('Net', 'cents'),
      col('Share (%)', 'percent'),
      col('Previous quantity', 'number'),
      col('Previous net', 'cents'),
    ],
    rows: [
      ...r.rows.map((c) => [
        c.category,
        c.quantity,
        c.grossCents,
        c.discountCents,
        c.compCents,
        c.netCents,
        c.share,
        c.previousQuantity,
        c.previousNetCents,
      ]),
      [
        'Total',
        r.totals.quantity,
        r.totals.grossCents,
        r.totals.discountCents,
        r.totals.compCents,
        r.totals.netCents,
        r.totals.netCents === 0 ? 0 : 1,
        r.previousTotals?.quantity ?? null,
        r.previousTotals?.netCents ?? null,
      ],
    ],
  }),
  optionSales: (r) => ({
    columns: [
      col('Option'),
      col('Modifier group'),
      col('Quantity', 'number'),
      col('Amount', 'cents'),
      col('Share (%)', 'percent'),
      col('Previous quantity', 'number'),
      col('Previous amount', 'cents'),
    ],
    rows: [
      ...r.rows.map((o) => [
        o.optionName,
        o.group,
        o.quantity,
        o.amountCents,
        o.share,
        o.previousQuantity,
        o.previousAmountCents,
      ]),
      [
        'Total',
        null,
        r.totals.quantity,
        r.totals.amountCents,
        r.totals.amountCents === 0 ? 0 : 1,
        r.previousTotals?.quantity ?? null,
        r.previousTotals?.amountCents ?? null,
      ],
    ],
  }),
  discounts: (r) => ({
    columns: [col('Discount'), col('Kind'), col('Times used', 'number'), col('Amount', 'cents')],
    rows: [
      ...r.rows.map((d) => [d.name, d.kind, d.count, d.amountCents]),
      ['Total', null, r.totals.count, r.totals.amountCents],
      ...(r.previousTotals
        ? [['Total (previous period)', null, r.previousTotals.count, r.previousTotals.amountCents]]
        : []),
    ],
  }),
  compsVoids: (r, timeZone) => ({
    columns: [
      col('Kind'),
      col('Order'),
      col('Ticket'),
      col('Item'),
      col('Quantity', 'number'),
      col('Amount', 'cents'),
      col('By'),
      col('Reason'),
      col('Time'),
    ],
    rows: [
      ...r.rows.map((c) => [
        c.kind,
        c.posOrderId,
        c.orderNumber,
        c.itemName,
        c.quantity,
        c.amountCents,
        c.by,
        c.reason,
        localTime(c.at, timeZone),
      ]),
      ['Total comps', null, null, null, r.totals.compQuantity, r.totals.compCents, null, null, null],
      ['Total voids', null, null, null, r.totals.voidQuantity, r.totals.voidCents, null, null, null],
    ],
  }),
  taxes: (r) => ({
    columns: [col('Tax'), col('Rate (%)', 'number'), col('Taxable sales', 'cents'), col('Tax', 'cents')],
    rows: [
      ...r.rows.map((t) => [
        t.name ?? '(no breakdown)',
        t.rateBasisPoints === null ? null : t.rateBasisPoints / 100,
        t.taxableCents,
        t.taxCents,
      ]),
      ['Total', null, r.totals.taxableCents, r.totals.taxCents],
      ...(r.previousTotals
        ? [['Total (previous period)', null, r.previousTotals.taxableCents, r.previousTotals.taxCents]]
        : []),
    ],
  }),
  payout: (r, timeZone) => ({
    columns: [col('Kind'), col('Time'), col('Amount', 'cents'), col('Reason'), col('By')],
    rows: [
      ...r.rows.map((p) => [p.kind, localTime(p.at, timeZone), p.amountCents, p.reason, p.by]),
      ['Total cash payouts', null, r.totals.cashCents, `${r.totals.cashCount} payouts`, null],
      ['Total deposits', null, r.totals.depositCents, `${r.totals.depositCount} deposits`, null],
    ],
  }),
};

export function exportTable<S extends TReportSection>(
  section: S,
  response: TSectionResponses[S],
  timeZone: string | null,
): TExportTable {
  return (BUILDERS[section] as TBuilder<S>)(response, timeZone);
}

export function tableToCsv(table: TExportTable): string {
  const columns: TCsvColumn<Record<string, TCell>>[] = table.columns.map((c, i) => ({
    key: `c${i}`,
    header: c.header,
    ...(c.kind === 'percent'
      ? { format: (v: TCell) => (typeof v === 'number' ? (v * 100).toFixed(2) : '') }
      : { kind: c.kind === 'cents' ? 'cents' : c.kind === 'number' ? 'number' : 'text' }),
  }));
  const rows = table.rows.map((row) => Object.fromEntries(row.map((v, i) => [`c${i}`, v])));
  return toCsv(columns, rows, { bom: true });
}

export function tableToXlsx(table: TExportTable, sheetName: string): Buffer {
  const rows: TXlsxCell[][] = [
    table.columns.map((c) => c.header),
    ...table.rows.map((row) =>
      row.map((v, i) => {
        const kind = table.columns[i]?.kind ?? 'text';
        if (v === null) return null;
        if (kind === 'cents' && typeof v === 'number') return v / 100;
        if (kind === 'percent' && typeof v === 'number') return Math.round(v * 10_000) / 100;
        return v;
      }),
    ),
  ];
  return xlsx(sheetName, rows);
}
