import { useTranslation } from 'react-i18next';
import type { TDiscountRow } from '@ra/shared/reports/reports.schemas';
import { useDiscounts } from '../api/get-discounts.ts';
import { count, money } from '../report-format.ts';
import type { TReportColumn } from '../report-columns.ts';
import type { TReportRange } from '../report-range.ts';
import { FigureCards } from './figure-cards.tsx';
import { QueryState } from './query-state.tsx';
import { ReportTable } from './report-table.tsx';
import { SameTimeNote } from './same-time-note.tsx';

/** Discounts (SPEC 2 section "discount"): coupons, promotions and manual discounts by name. */
export function DiscountsSection({ range }: { range: TReportRange }) {
  const { t } = useTranslation('reports');
  const query = useDiscounts(range);
  const columns: TReportColumn<TDiscountRow>[] = [
    { key: 'name', title: t('columns.discount'), value: (r) => r.name },
    { key: 'kind', title: t('columns.kind'), value: (r) => t(`discountKind.${r.kind}`) },
    { key: 'count', title: t('columns.timesUsed'), kind: 'count', value: (r) => r.count },
    { key: 'amountCents', title: t('columns.amount'), kind: 'cents', value: (r) => r.amountCents, phone: 'first' },
  ];
  return (
    <QueryState query={query} shape="table">
      {(data) => (
        <div className="ra-report__body">
          <SameTimeNote sameTime={data.sameTime} previousRange={data.previousRange} />
          <FigureCards
            figures={[
              {
                key: 'amount',
                label: t('figures.discountCents'),
                current: data.totals.amountCents,
                previous: data.previousTotals?.amountCents,
                format: money,
                higherIsBetter: false,
              },
              {
                key: 'count',
                label: t('columns.timesUsed'),
                current: data.totals.count,
                previous: data.previousTotals?.count,
                format: count,
                higherIsBetter: false,
              },
            ]}
          />
          <div className="ra-report-panel">
            <ReportTable
              title={t('tables.discounts')}
              section="discounts"
              range={range}
              columns={columns}
              rows={data.rows}
              rowKey={(r) => `${r.kind}\u0000${r.name}`}
              totals={data.totals}
              previousTotals={data.previousTotals}
            />
          </div>
        </div>
      )}
    </QueryState>
  );
}
