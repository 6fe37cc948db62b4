import { useTranslation } from 'react-i18next';
import type { TCategorySalesRow, TItemSalesRow, TSalesTotals } from '@ra/shared/reports/reports.schemas';
import { changeRatio } from '@ra/shared/reports/report-math';
import { useCategorySales } from '../api/get-category-sales.ts';
import { useItemSales } from '../api/get-item-sales.ts';
import type { TReportColumn, TTotalsRow } from '../report-columns.ts';
import type { TReportRange } from '../report-range.ts';
import { ChangeTag } from './change-tag.tsx';
import { QueryState } from './query-state.tsx';
import { ReportTable } from './report-table.tsx';
import { SameTimeNote } from './same-time-note.tsx';

type TSalesRow = Pick<
  TItemSalesRow,
  | 'quantity'
  | 'grossCents'
  | 'discountCents'
  | 'compCents'
  | 'netCents'
  | 'share'
  | 'previousQuantity'
  | 'previousNetCents'
>;

/** The figure columns items and categories share, each with the previous period and the change. */
function salesColumns<TRow extends TSalesRow>(t: (key: string) => string): TReportColumn<TRow>[] {
  return [
    { key: 'quantity', title: t('columns.quantity'), kind: 'count', value: (r) => r.quantity },
    { key: 'grossCents', title: t('figures.grossSalesCents'), kind: 'cents', value: (r) => r.grossCents },
    { key: 'discountCents', title: t('figures.discountCents'), kind: 'cents', value: (r) => r.discountCents },
    { key: 'compCents', title: t('figures.compCents'), kind: 'cents', value: (r) => r.compCents },
    { key: 'netCents', title: t('figures.netSalesCents'), kind: 'cents', value: (r) => r.netCents, phone: 'first' },
    { key: 'share', title: t('columns.share'), kind: 'percent', value: (r) => r.share },
    { key: 'previousQuantity', title: t('columns.previousQuantity'), kind: 'count', value: (r) => r.previousQuantity },
    { key: 'previousNetCents', title: t('columns.previousNet'), kind: 'cents', value: (r) => r.previousNetCents },
    {
      key: 'change',
      title: t('columns.change'),
      kind: 'percent',
      value: (r) => (r.previousNetCents === null ? null : changeRatio(r.netCents, r.previousNetCents)),
      render: (r) => <ChangeTag current={r.netCents} previous={r.previousNetCents} />,
    },
  ];
}

function salesTotals(totals: TSalesTotals, previous: TSalesTotals | null): TTotalsRow {
  return {
    ...totals,
    share: totals.netCents === 0 ? null : 1,
    previousQuantity: previous?.quantity ?? null,
    previousNetCents: previous?.netCents ?? null,
    change: previous ? changeRatio(totals.netCents, previous.netCents) : null,
  };
}

/** Item and category sales (SPEC 2 "itemSales"; section "item / category sales"). */
export function ItemSalesSection({ range }: { range: TReportRange }) {
  const { t } = useTranslation('reports');
  const categories = useCategorySales(range);
  const items = useItemSales(range);
  const categoryColumns: TReportColumn<TCategorySalesRow>[] = [
    { key: 'category', title: t('columns.category'), value: (r) => r.category },
    ...salesColumns<TCategorySalesRow>(t),
  ];
  const itemColumns: TReportColumn<TItemSalesRow>[] = [
    { key: 'itemName', title: t('columns.item'), value: (r) => r.itemName },
    { key: 'category', title: t('columns.category'), value: (r) => r.category },
    ...salesColumns<TItemSalesRow>(t),
  ];
  // both tables answer the same periods: one note says how today is compared
  const periods = categories.data ?? items.data;
  return (
    <div className="ra-report__body">
      {periods && <SameTimeNote sameTime={periods.sameTime} previousRange={periods.previousRange} />}
      <QueryState query={categories} shape="table">
        {(data) => (
          <div className="ra-report-panel">
            <ReportTable
              title={t('tables.categorySales')}
              section="categorySales"
              range={range}
              columns={categoryColumns}
              rows={data.rows}
              rowKey={(r) => r.category}
              totals={salesTotals(data.totals, data.previousTotals)}
            />
          </div>
        )}
      </QueryState>
      <QueryState query={items} shape="table">
        {(data) => (
          <div className="ra-report-panel">
            <ReportTable
              title={t('tables.itemSales')}
              section="itemSales"
              range={range}
              columns={itemColumns}
              rows={data.rows}
              rowKey={(r) => r.itemId}
              totals={salesTotals(data.totals, data.previousTotals)}
            />
          </div>
        )}
      </QueryState>
    </div>
  );
}
