import { useState } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMPS_VOIDS_SORT_KEYS, DEFAULT_LIST_SORT, REPORT_PAGE_SIZE_MAX } from '@ra/shared/reports/report-constants';
import type { TCompVoidRow } from '@ra/shared/reports/reports.schemas';
import { getCompsVoids, useCompsVoids, type TPageRequest } from '../api/get-comps-voids.ts';
import { useRestaurantTimeZone } from '../hooks/use-report-range.ts';
import { count, dateTime, money } from '../report-format.ts';
import type { TReportColumn } from '../report-columns.ts';
import type { TReportRange } from '../report-range.ts';
import { withListSort } from '../report-sort.ts';
import { FigureCards } from './figure-cards.tsx';
import { QueryState } from './query-state.tsx';
import { ReportTable } from './report-table.tsx';
import { SameTimeNote } from './same-time-note.tsx';

/** Every row of a paged list, page by page, for an export of the whole range. */
export async function loadAllPages<TRow>(
  load: (page: number, pageSize: number) => Promise<{ rows: TRow[]; total: number }>,
): Promise<TRow[]> {
  const rows: TRow[] = [];
  for (let page = 1; ; page++) {
    const answer = await load(page, REPORT_PAGE_SIZE_MAX);
    rows.push(...answer.rows);
    if (answer.rows.length === 0 || rows.length >= answer.total) return rows;
  }
}

/** Comps and voids (SPEC 2 section): every comped or voided line with who did it and why. */
export function CompsVoidsSection({ range }: { range: TReportRange }) {
  const { t } = useTranslation('reports');
  const timeZone = useRestaurantTimeZone();
  const [paging, setPaging] = useState<TPageRequest>({ page: 1, pageSize: 50, ...DEFAULT_LIST_SORT });
  const query = useCompsVoids(range, paging);
  const columns: TReportColumn<TCompVoidRow>[] = [
    {
      key: 'kind',
      title: t('columns.kind'),
      value: (r) => t(`compVoid.${r.kind}`),
      render: (r) => <Tag color={r.kind === 'void' ? 'red' : 'gold'}>{t(`compVoid.${r.kind}`)}</Tag>,
    },
    { key: 'at', title: t('columns.time'), value: (r) => dateTime(r.at, timeZone) },
    { key: 'order', title: t('columns.order'), value: (r) => r.orderNumber ?? r.posOrderId },
    { key: 'itemName', title: t('columns.item'), value: (r) => r.itemName },
    { key: 'quantity', title: t('columns.quantity'), kind: 'count', value: (r) => r.quantity },
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
                key: 'comps',
                label: t('figures.compCents'),
                current: data.totals.compCents,
                previous: data.previousTotals?.compCents,
                format: money,
                higherIsBetter: false,
              },
              {
                key: 'compQty',
                label: t('compVoid.compQuantity'),
                current: data.totals.compQuantity,
                previous: data.previousTotals?.compQuantity,
                format: count,
                higherIsBetter: false,
              },
              {
                key: 'voids',
                label: t('figures.voidCents'),
                current: data.totals.voidCents,
                previous: data.previousTotals?.voidCents,
                format: money,
                higherIsBetter: false,
              },
              {
                key: 'voidQty',
                label: t('compVoid.voidQuantity'),
                current: data.totals.voidQuantity,
                previous: data.previousTotals?.voidQuantity,
                format: count,
                higherIsBetter: false,
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
                key: 'refundCount',
                label: t('figures.refundCount'),
                current: data.totals.refundCount,
                previous: data.previousTotals?.refundCount,
                format: count,
                higherIsBetter: false,
              },
            ]}
          />
          <div className="ra-report-panel">
            <ReportTable
              title={t('tables.compsVoids')}
              section="compsVoids"
              range={range}
              columns={columns}
              rows={data.rows}
              rowKey={(r, i) => `${r.posOrderId}-${r.kind}-${r.at}-${i}`}
              loading={query.isFetching}
              totals={{
                quantity: data.totals.compQuantity + data.totals.voidQuantity,
                amountCents: data.totals.compCents + data.totals.voidCents,
              }}
              previousTotals={
                data.previousTotals && {
                  quantity: data.previousTotals.compQuantity + data.previousTotals.voidQuantity,
                  amountCents: data.previousTotals.compCents + data.previousTotals.voidCents,
                }
              }
              paging={{
                ...paging,
                total: data.total,
                onChange: (page, pageSize) => setPaging((p) => ({ ...p, page, pageSize })),
              }}
              sorting={{
                keys: COMPS_VOIDS_SORT_KEYS,
                current: paging,
                onChange: (next) => setPaging((p) => withListSort(p, next)),
              }}
              loadAllRows={() => loadAllPages((page, pageSize) => getCompsVoids(range, { ...paging, page, pageSize }))}
            />
          </div>
        </div>
      )}
    </QueryState>
  );
}
