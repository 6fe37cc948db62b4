import { useState } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIST_SORT, PAYOUT_SORT_KEYS } from '@ra/shared/reports/report-constants';
import type { TPayoutRow } from '@ra/shared/reports/reports.schemas';
import { getPayouts, usePayouts, type TPageRequest } from '../api/get-payouts.ts';
import { useRestaurantTimeZone } from '../hooks/use-report-range.ts';
import { dateTime, money } from '../report-format.ts';
import type { TReportColumn } from '../report-columns.ts';
import type { TReportRange } from '../report-range.ts';
import { withListSort } from '../report-sort.ts';
import { loadAllPages } from './comps-voids-section.tsx';
import { FigureCards } from './figure-cards.tsx';
import { QueryState } from './query-state.tsx';
import { ReportTable } from './report-table.tsx';
import { SameTimeNote } from './same-time-note.tsx';

/** Payout (SPEC 2 "payout"): cash paid out of the drawer and card processor deposits. */
export function PayoutSection({ range }: { range: TReportRange }) {
  const { t } = useTranslation('reports');
  const timeZone = useRestaurantTimeZone();
  const [paging, setPaging] = useState<TPageRequest>({ page: 1, pageSize: 50, ...DEFAULT_LIST_SORT });
  const query = usePayouts(range, paging);
  const columns: TReportColumn<TPayoutRow>[] = [
    { key: 'at', title: t('columns.time'), value: (r) => dateTime(r.at, timeZone) },
    {
      key: 'kind',
      title: t('columns.kind'),
      value: (r) => t(`payout.${r.kind}`),
      render: (r) => <Tag color={r.kind === 'cash' ? 'orange' : 'blue'}>{t(`payout.${r.kind}`)}</Tag>,
    },
    { key: 'amountCents', title: t('columns.amount'), kind: 'cents', value: (r) => r.amountCents, phone: 'first' },
    { key: 'by', title: t('columns.by'), value: (r) => r.by },
    { key: 'reason', title: t('columns.reason'), value: (r) => r.reason },
  ];
  return (
    <QueryState query={query} shape="table">
      {(data) => (
        <div className="ra-report__body">
          <SameTimeNote sameTime={data.sameTime} previousRange={data.previousRange} />
          <FigureCards
            figures={[
              {
                key: 'cash',
                label: t('payout.cashTotal'),
                current: data.totals.cashCents,
                previous: data.previousTotals?.cashCents,
                format: money,
                higherIsBetter: false,
              },
              {
                key: 'deposit',
                label: t('payout.depositTotal'),
                current: data.totals.depositCents,
                previous: data.previousTotals?.depositCents,
                format: money,
              },
            ]}
          />
          <div className="ra-report-panel">
            <ReportTable
              title={t('tables.payouts')}
              section="payout"
              range={range}
              columns={columns}
              rows={data.rows}
              rowKey={(r, i) => `${r.kind}-${r.at}-${i}`}
              loading={query.isFetching}
              totals={{ at: null, amountCents: data.totals.cashCents + data.totals.depositCents }}
              previousTotals={
                data.previousTotals && {
                  at: null,
                  amountCents: data.previousTotals.cashCents + data.previousTotals.depositCents,
                }
              }
              paging={{
                ...paging,
                total: data.total,
                onChange: (page, pageSize) => setPaging((p) => ({ ...p, page, pageSize })),
              }}
              sorting={{
                keys: PAYOUT_SORT_KEYS,
                current: paging,
                onChange: (next) => setPaging((p) => withListSort(p, next)),
              }}
              loadAllRows={() => loadAllPages((page, pageSize) => getPayouts(range, { ...paging, page, pageSize }))}
            />
          </div>
        </div>
      )}
    </QueryState>
  );
}
