import { useTranslation } from 'react-i18next';
import type { TOptionSalesRow } from '@ra/shared/reports/reports.schemas';
import { changeRatio } from '@ra/shared/reports/report-math';
import { useOptionSales } from '../api/get-option-sales.ts';
import type { TReportColumn } from '../report-columns.ts';
import type { TReportRange } from '../report-range.ts';
import { ChangeTag } from './change-tag.tsx';
import { QueryState } from './query-state.tsx';
import { ReportTable } from './report-table.tsx';
import { SameTimeNote } from './same-time-note.tsx';

/** Option (modifier) sales (SPEC 2 "optionSales"). */
export function OptionSalesSection({ range }: { range: TReportRange }) {
  const { t } = useTranslation('reports');
  const query = useOptionSales(range);
  const columns: TReportColumn<TOptionSalesRow>[] = [
    { key: 'optionName', title: t('columns.option'), value: (r) => r.optionName },
    { key: 'group', title: t('columns.modifierGroup'), value: (r) => r.group },
    { key: 'quantity', title: t('columns.quantity'), kind: 'count', value: (r) => r.quantity },
    { key: 'amountCents', title: t('columns.amount'), kind: 'cents', value: (r) => r.amountCents, phone: 'first' },
    { key: 'share', title: t('columns.share'), kind: 'percent', value: (r) => r.share },
    { key: 'previousQuantity', title: t('columns.previousQuantity'), kind: 'count', value: (r) => r.previousQuantity },
    {
      key: 'previousAmountCents',
      title: t('columns.previousAmount'),
      kind: 'cents',
      value: (r) => r.previousAmountCents,
    },
    {
      key: 'change',
      title: t('columns.change'),
      kind: 'percent',
      value: (r) => (r.previousAmountCents === null ? null : changeRatio(r.amountCents, r.previousAmountCents)),
      render: (r) => <ChangeTag current={r.amountCents} previous={r.previousAmountCents} />,
    },
  ];
  return (
    <QueryState query={query} shape="table">
      {(data) => (
        <div className="ra-report__body">
          <SameTimeNote sameTime={data.sameTime} previousRange={data.previousRange} />
          <div className="ra-report-panel">
            <ReportTable
              title={t('tables.optionSales')}
              section="optionSales"
              range={range}
              columns={columns}
              rows={data.rows}
              rowKey={(r) => `${r.group}\u0000${r.optionName}`}
              totals={{
                ...data.totals,
                previousQuantity: data.previousTotals?.quantity ?? null,
                previousAmountCents: data.previousTotals?.amountCents ?? null,
                change: data.previousTotals
                  ? changeRatio(data.totals.amountCents, data.previousTotals.amountCents)
                  : null,
              }}
            />
          </div>
        </div>
      )}
    </QueryState>
  );
}
