import { MILLI_PERCENT_PER_PERCENT } from '@ra/shared/business/tax-rate';
import type { TReportLabelKey } from '@ra/shared/reports/report-labels';
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
import {
  localTime,
  wordsFor,
  type TExportContext,
  type TExportTable,
  type TKind,
  type TWords,
} from '../../lib/exports/table-export.ts';

/** What each section's file is called: its tab's name (item and category sales are two tables). */
export const EXPORT_TITLE_KEYS: Record<TReportSection, TReportLabelKey> = {
  salesSummary: 'sections.salesSummary',
  salesTrends: 'sections.salesTrends',
  operation: 'sections.operation',
  paymentMethods: 'sections.paymentMethods',
  itemSales: 'tables.itemSales',
  categorySales: 'tables.categorySales',
  optionSales: 'sections.optionSales',
  discounts: 'sections.discount',
  compsVoids: 'sections.compsVoids',
  taxes: 'sections.taxes',
  payout: 'sections.payout',
};

/**
 * Every report table as a file (SPEC 2 "/salesReport"): the rows on screen, then totals rows for the
 * whole range (and the comparison period where the section has one). CSV follows the shared rules
 * (shared/reports/csv.ts: BOM, CRLF, money as plain decimals, formula-looking text defused); XLSX
 * holds the same cells with money as currency-formatted numbers. Headers, totals labels and enum names
 * are in the caller's language, in the screen's words (shared reports/report-labels.ts) with the
 * restaurant's tip wording (shared reports/tip-wording.ts), as on screen; names the restaurant typed
 * (items, reasons, people) are written as they are.
 */

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

const FIGURE_COLUMNS: Array<[keyof TSalesFigures, TKind]> = [
  ['grossSalesCents', 'cents'],
  ['discountCents', 'cents'],
  ['compCents', 'cents'],
  ['voidCents', 'cents'],
  ['netSalesCents', 'cents'],
  ['taxCents', 'cents'],
  ['serviceChargeCents', 'cents'],
  ['tipCents', 'cents'],
  ['refundCents', 'cents'],
  ['totalCollectedCents', 'cents'],
  ['orderCount', 'number'],
  ['guestCount', 'number'],
  ['averageCheckCents', 'cents'],
  ['averageGuestCents', 'cents'],
];

const figures = (f: TSalesFigures) => FIGURE_COLUMNS.map(([key]) => f[key]);

/** The figure columns item and category sales share, after their name columns. */
const salesColumns = (w: TWords) => [
  col(w.label('columns.quantity'), 'number'),
  col(w.label('figures.grossSalesCents'), 'cents'),
  col(w.label('figures.discountCents'), 'cents'),
  col(w.label('figures.compCents'), 'cents'),
  col(w.label('figures.netSalesCents'), 'cents'),
  col(w.label('file.percent', { name: w.label('columns.share') }), 'percent'),
  col(w.label('columns.previousQuantity'), 'number'),
  col(w.label('columns.previousNet'), 'cents'),
];

type TBuilder<S extends TReportSection> = (
  response: TSectionResponses[S],
  w: TWords,
  timeZone: string | null,
) => TExportTable;

const BUILDERS: { [S in TReportSection]: TBuilder<S> } = {
  // gift card sales are a liability, not sales: a last column apart, on the totals rows only (no channel)
  salesSummary: (r, w) => ({
    columns: [
      col(w.label('columns.channel')),
      ...FIGURE_COLUMNS.map(([key, kind]) => col(w.label(`figures.${key}`), kind)),
      col(w.label('file.giftCardSales'), 'cents'),
    ],
    rows: [
      ...r.byChannel.map((c) => [w.name('channel', c.channel), ...figures(c.current), null]),
      [w.label('table.total'), ...figures(r.current), r.giftCardSales.current.amountCents],
      ...(r.previous
        ? [[w.label('file.previousTotal'), ...figures(r.previous), r.giftCardSales.previous?.amountCents ?? null]]
        : []),
    ],
  }),
  salesTrends: (r, w) => {
    const sum = (points: typeof r.points) =>
      points.reduce((t, p) => [t[0] + p.netSalesCents, t[1] + p.orders, t[2] + p.guests] as [number, number, number], [
        0, 0, 0,
      ] as [number, number, number]);
    const totals = sum(r.points);
    const previousTotals = r.previousPoints ? sum(r.previousPoints) : null;
    return {
      columns: [
        col(w.label(`trends.bucket.${r.granularity}`)),
        col(w.label('figures.netSalesCents'), 'cents'),
        col(w.label('figures.orderCount'), 'number'),
        col(w.label('figures.guestCount'), 'number'),
        col(w.label('columns.previousBucket')),
        col(w.label('columns.previousNet'), 'cents'),
        col(w.label('file.previousOrders'), 'number'),
        col(w.label('file.previousGuests'), 'number'),
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
        [w.label('table.total'), ...totals, null, ...(previousTotals ?? [null, null, null])],
      ],
    };
  },
  operation: (r, w) => {
    const keys: Array<keyof TOperationResponse['current']> = [
      'orderCount',
      'guestCount',
      'averageCheckCents',
      'averageGuestCents',
      'averageTurnMinutes',
      'openOrderCount',
      'voidedOrderCount',
      'refundCount',
    ];
    const money = (key: string) => key.endsWith('Cents');
    const nameOf = (key: (typeof keys)[number]) => {
      const name = w.label(`figures.${key}`);
      if (money(key)) return w.label('file.money', { name });
      return key === 'averageTurnMinutes' ? w.label('file.minutes', { name }) : name;
    };
    return {
      columns: [
        col(w.label('file.figure')),
        col(w.label('file.current'), 'number'),
        col(w.label('table.previousTotal'), 'number'),
      ],
      rows: keys.map((key) => {
        const current = r.current[key];
        const previous = r.previous ? r.previous[key] : null;
        const show = (v: number | null) => (v === null ? null : money(key) ? v / 100 : v);
        return [nameOf(key), show(current), show(previous)];
      }),
    };
  },
  paymentMethods: (r, w) => ({
    columns: [
      col(w.label('columns.method')),
      col(w.label('file.cardBrand')),
      col(w.label('columns.paymentCount'), 'number'),
      col(w.label('columns.amount'), 'cents'),
      col(w.label('figures.tipCents'), 'cents'),
      col(w.label('columns.refundCount'), 'number'),
      col(w.label('file.refundedCents'), 'cents'),
      col(w.label('columns.net'), 'cents'),
    ],
    rows: [
      ...r.rows.map((p) => [
        w.name('method', p.method),
        p.cardBrand === null ? null : w.name('cardBrand', p.cardBrand),
        p.count,
        p.amountCents,
        p.tipCents,
        p.refundCount,
        p.refundCents,
        p.netCents,
      ]),
      [
        w.label('table.total'),
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
              w.label('file.previousTotal'),
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
  itemSales: (r, w) => ({
    columns: [
      col(w.label('file.itemId')),
      col(w.label('columns.item')),
      col(w.label('columns.category')),
      ...salesColumns(w),
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
        w.label('table.total'),
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
  categorySales: (r, w) => ({
    columns: [col(w.label('columns.category')), ...salesColumns(w)],
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
        w.label('table.total'),
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
  optionSales: (r, w) => ({
    columns: [
      col(w.label('columns.option')),
      col(w.label('columns.modifierGroup')),
      col(w.label('columns.quantity'), 'number'),
      col(w.label('columns.amount'), 'cents'),
      col(w.label('file.percent', { name: w.label('columns.share') }), 'percent'),
      col(w.label('columns.previousQuantity'), 'number'),
      col(w.label('columns.previousAmount'), 'cents'),
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
        w.label('table.total'),
        null,
        r.totals.quantity,
        r.totals.amountCents,
        r.totals.amountCents === 0 ? 0 : 1,
        r.previousTotals?.quantity ?? null,
        r.previousTotals?.amountCents ?? null,
      ],
    ],
  }),
  discounts: (r, w) => ({
    columns: [
      col(w.label('columns.discount')),
      col(w.label('columns.kind')),
      col(w.label('columns.timesUsed'), 'number'),
      col(w.label('columns.amount'), 'cents'),
    ],
    rows: [
      ...r.rows.map((d) => [d.name, w.name('discountKind', d.kind), d.count, d.amountCents]),
      [w.label('table.total'), null, r.totals.count, r.totals.amountCents],
      ...(r.previousTotals
        ? [[w.label('file.previousTotal'), null, r.previousTotals.count, r.previousTotals.amountCents]]
        : []),
    ],
  }),
  compsVoids: (r, w, timeZone) => ({
    columns: [
      col(w.label('columns.kind')),
      col(w.label('columns.order')),
      col(w.label('columns.item')),
      col(w.label('columns.quantity'), 'number'),
      col(w.label('columns.amount'), 'cents'),
      col(w.label('columns.by')),
      col(w.label('columns.reason')),
      col(w.label('columns.time')),
    ],
    rows: [
      ...r.rows.map((c) => [
        w.name('compVoid', c.kind),
        // the number on the ticket, as the screen shows it; the POS id only when there is none
        c.orderNumber ?? c.posOrderId,
        c.itemName,
        c.quantity,
        c.amountCents,
        c.by,
        c.reason,
        localTime(c.at, timeZone),
      ]),
      [w.label('file.totalComps'), null, null, r.totals.compQuantity, r.totals.compCents, null, null, null],
      [w.label('file.totalVoids'), null, null, r.totals.voidQuantity, r.totals.voidCents, null, null, null],
    ],
  }),
  taxes: (r, w) => ({
    columns: [
      col(w.label('columns.tax')),
      col(w.label('file.percent', { name: w.label('columns.rate') }), 'number'),
      col(w.label('columns.taxable'), 'cents'),
      col(w.label('figures.taxCents'), 'cents'),
    ],
    rows: [
      ...r.rows.map((t) => [
        t.name ?? w.label('taxes.unnamed'),
        t.rateMilliPercent === null ? null : t.rateMilliPercent / MILLI_PERCENT_PER_PERCENT,
        t.taxableCents,
        t.taxCents,
      ]),
      [w.label('table.total'), null, r.totals.taxableCents, r.totals.taxCents],
      ...(r.previousTotals
        ? [[w.label('file.previousTotal'), null, r.previousTotals.taxableCents, r.previousTotals.taxCents]]
        : []),
    ],
  }),
  payout: (r, w, timeZone) => ({
    columns: [
      col(w.label('columns.kind')),
      col(w.label('columns.time')),
      col(w.label('columns.amount'), 'cents'),
      col(w.label('columns.reason')),
      col(w.label('columns.by')),
    ],
    rows: [
      ...r.rows.map((p) => [w.name('payout', p.kind), localTime(p.at, timeZone), p.amountCents, p.reason, p.by]),
      [
        w.label('file.totalCashPayouts'),
        null,
        r.totals.cashCents,
        w.label('file.payoutCount', { count: r.totals.cashCount }),
        null,
      ],
      [
        w.label('file.totalDeposits'),
        null,
        r.totals.depositCents,
        w.label('file.depositCount', { count: r.totals.depositCount }),
        null,
      ],
    ],
  }),
};

export function exportTable<S extends TReportSection>(
  section: S,
  response: TSectionResponses[S],
  context: TExportContext,
): TExportTable {
  return (BUILDERS[section] as TBuilder<S>)(response, wordsFor(context.lang, context.tipWording), context.timeZone);
}
