import { useTranslation } from 'react-i18next';
import type { TPaymentMethodRow } from '@ra/shared/reports/reports.schemas';
import { usePaymentMethods } from '../api/get-payment-methods.ts';
import { money } from '../report-format.ts';
import type { TReportColumn } from '../report-columns.ts';
import type { TReportRange } from '../report-range.ts';
import { FigureCards } from './figure-cards.tsx';
import { QueryState } from './query-state.tsx';
import { ReportTable } from './report-table.tsx';
import { SameTimeNote } from './same-time-note.tsx';

/** Payment methods (SPEC 2 section): what each method and card brand brought in, net of refunds. */
export function PaymentMethodsSection({ range }: { range: TReportRange }) {
  const { t } = useTranslation('reports');
  const query = usePaymentMethods(range);
  const columns: TReportColumn<TPaymentMethodRow>[] = [
    {
      key: 'method',
      title: t('columns.method'),
      value: (r) =>
        r.cardBrand ? `${t(`method.${r.method}`)} · ${t(`cardBrand.${r.cardBrand}`)}` : t(`method.${r.method}`),
    },
    { key: 'count', title: t('columns.paymentCount'), kind: 'count', value: (r) => r.count },
    { key: 'amountCents', title: t('columns.amount'), kind: 'cents', value: (r) => r.amountCents },
    { key: 'tipCents', title: t('figures.tipCents'), kind: 'cents', value: (r) => r.tipCents },
    { key: 'refundCount', title: t('columns.refundCount'), kind: 'count', value: (r) => r.refundCount },
    { key: 'refundCents', title: t('figures.refundCents'), kind: 'cents', value: (r) => r.refundCents },
    { key: 'netCents', title: t('columns.net'), kind: 'cents', value: (r) => r.netCents, phone: 'first' },
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
                label: t('columns.amount'),
                current: data.totals.amountCents,
                previous: data.previousTotals?.amountCents,
                format: money,
              },
              {
                key: 'refunds',
                label: t('figures.refundCents'),
                current: data.totals.refundCents,
                previous: data.previousTotals?.refundCents,
                format: money,
                higherIsBetter: false,
              },
              {
                key: 'net',
                label: t('columns.net'),
                current: data.totals.netCents,
                previous: data.previousTotals?.netCents,
                format: money,
                emphasis: true,
              },
            ]}
          />
          <div className="ra-report-panel">
            <ReportTable
              title={t('tables.paymentMethods')}
              section="paymentMethods"
              range={range}
              columns={columns}
              rows={data.rows}
              rowKey={(r) => `${r.method}-${r.cardBrand ?? ''}`}
              totals={data.totals}
              previousTotals={data.previousTotals}
            />
          </div>
        </div>
      )}
    </QueryState>
  );
}
