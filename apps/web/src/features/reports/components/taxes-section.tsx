import { useTranslation } from 'react-i18next';
import { milliPercentToPercentText } from '@ra/shared/business/tax-rate';
import type { TTaxRow } from '@ra/shared/reports/reports.schemas';
import { useTaxes } from '../api/get-taxes.ts';
import { money } from '../report-format.ts';
import type { TReportColumn } from '../report-columns.ts';
import type { TReportRange } from '../report-range.ts';
import { FigureCards } from './figure-cards.tsx';
import { QueryState } from './query-state.tsx';
import { ReportTable } from './report-table.tsx';
import { SameTimeNote } from './same-time-note.tsx';

/** A rate in thousandths of a percent as read: 10100 -> '10.1%' (SPEC 9 sample), 8875 -> '8.875%'. */
export const taxRate = (milliPercent: number | null): string | null =>
  milliPercent === null ? null : `${milliPercentToPercentText(milliPercent)}%`;

/** Taxes (SPEC 2 section "taxes"): what was charged by tax name and rate, on which taxable sales. */
export function TaxesSection({ range }: { range: TReportRange }) {
  const { t } = useTranslation('reports');
  const query = useTaxes(range);
  const columns: TReportColumn<TTaxRow>[] = [
    { key: 'name', title: t('columns.tax'), value: (r) => r.name ?? t('taxes.unnamed') },
    { key: 'rate', title: t('columns.rate'), value: (r) => taxRate(r.rateMilliPercent) },
    { key: 'taxableCents', title: t('columns.taxable'), kind: 'cents', value: (r) => r.taxableCents },
    { key: 'taxCents', title: t('figures.taxCents'), kind: 'cents', value: (r) => r.taxCents, phone: 'first' },
  ];
  return (
    <QueryState query={query} shape="table">
      {(data) => (
        <div className="ra-report__body">
          <SameTimeNote sameTime={data.sameTime} previousRange={data.previousRange} />
          <FigureCards
            figures={[
              {
                key: 'tax',
                label: t('figures.taxCents'),
                current: data.totals.taxCents,
                previous: data.previousTotals?.taxCents,
                format: money,
                emphasis: true,
              },
              {
                key: 'taxable',
                label: t('columns.taxable'),
                current: data.totals.taxableCents,
                previous: data.previousTotals?.taxableCents,
                format: money,
              },
            ]}
          />
          <div className="ra-report-panel">
            <ReportTable
              title={t('tables.taxes')}
              section="taxes"
              range={range}
              columns={columns}
              rows={data.rows}
              rowKey={(r) => `${r.name ?? ''}\u0000${r.rateMilliPercent ?? ''}`}
              totals={data.totals}
              previousTotals={data.previousTotals}
            />
          </div>
        </div>
      )}
    </QueryState>
  );
}
