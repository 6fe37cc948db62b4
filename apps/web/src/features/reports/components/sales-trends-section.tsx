import { lazy, Suspense } from 'react';
import { Segmented, theme } from 'antd';
import { useLatestSearch } from '../../../lib/use-latest-search.ts';
import { useTranslation } from 'react-i18next';
import { daysInRange } from '@ra/shared/business-day/date-range';
import { TREND_GRANULARITIES, type TTrendGranularity } from '@ra/shared/reports/report-constants';
import type { TTrendPoint } from '@ra/shared/reports/reports.schemas';
import { changeRatio } from '@ra/shared/reports/report-math';
import { useSalesTrends } from '../api/get-sales-trends.ts';
import type { TReportColumn } from '../report-columns.ts';
import { clock, day, month } from '../report-format.ts';
import type { TReportRange } from '../report-range.ts';
import { ChangeTag } from './change-tag.tsx';
import { NoSales, QueryState, SectionSkeleton } from './query-state.tsx';
import { ReportTable } from './report-table.tsx';
import { SameTimeNote } from './same-time-note.tsx';

// echarts loads only when a chart is on screen (ARCHITECTURE "Web": charts lazy-loaded)
const TrendChart = lazy(() => import('./trend-chart.tsx'));

const isGranularity = (v: string | null): v is TTrendGranularity =>
  v !== null && (TREND_GRANULARITIES as readonly string[]).includes(v);

/** One day reads best by hour; up to two months by day; longer by week. */
export function defaultGranularity(range: { from: string; to: string }): TTrendGranularity {
  const days = daysInRange(range);
  if (days <= 1) return 'hour';
  if (days <= 62) return 'day';
  return 'week';
}

type TTrendRow = { point: TTrendPoint; previous: TTrendPoint | null };

/** A bucket as people read it: '7:00 PM' / '19:00', 'Mar 14, 2026', 'Mar 2026'; files keep ISO keys. */
export function bucketLabel(point: TTrendPoint, granularity: TTrendGranularity): string {
  if (point.key === '') return '';
  if (granularity === 'hour') return clock(new Date(Date.UTC(2026, 0, 1, Number(point.key))), 'UTC');
  if (granularity === 'month') return month(point.key);
  return day(point.key);
}

/** Sales trends (SPEC 2 "salesTrends"): hourly, daily, weekly or monthly, the previous period overlaid. */
export function SalesTrendsSection({ range }: { range: TReportRange }) {
  const { t } = useTranslation('reports');
  const { token } = theme.useToken();
  const [search, setSearch] = useLatestSearch();
  const asked = search.get('granularity');
  const granularity = isGranularity(asked) ? asked : defaultGranularity(range);
  const query = useSalesTrends(range, granularity);

  // The rows on screen may still be the previous grouping's while the new one loads: headings follow
  // the rows, and the table shows it is loading and offers no export until they match the choice.
  const columnsFor = (shown: TTrendGranularity): TReportColumn<TTrendRow>[] => [
    { key: 'label', title: t(`trends.bucket.${shown}`), value: (r) => bucketLabel(r.point, shown) },
    { key: 'orders', title: t('figures.orderCount'), kind: 'count', value: (r) => r.point.orders },
    { key: 'guests', title: t('figures.guestCount'), kind: 'count', value: (r) => r.point.guests },
    {
      key: 'net',
      title: t('figures.netSalesCents'),
      kind: 'cents',
      value: (r) => r.point.netSalesCents,
      phone: 'first',
    },
    {
      key: 'prevLabel',
      title: t('columns.previousBucket'),
      value: (r) => (r.previous ? bucketLabel(r.previous, shown) : null),
    },
    { key: 'prevNet', title: t('columns.previousNet'), kind: 'cents', value: (r) => r.previous?.netSalesCents ?? null },
    {
      key: 'change',
      title: t('columns.change'),
      kind: 'percent',
      value: (r) => (r.previous ? changeRatio(r.point.netSalesCents, r.previous.netSalesCents) : null),
      render: (r) => <ChangeTag current={r.point.netSalesCents} previous={r.previous?.netSalesCents} />,
    },
  ];

  return (
    <div className="ra-report__body">
      <Segmented<TTrendGranularity>
        className="ra-report__granularity"
        aria-label={t('trends.granularity')}
        value={granularity}
        options={TREND_GRANULARITIES.map((g) => ({ value: g, label: t(`trends.${g}`) }))}
        onChange={(g) =>
          setSearch(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('granularity', g);
              return next;
            },
            { replace: true },
          )
        }
      />
      <QueryState query={query} shape="chart">
        {(data) => {
          const stale = query.isPlaceholderData || data.granularity !== granularity;
          const columns = columnsFor(data.granularity);
          const rows: TTrendRow[] = data.points.map((point, i) => ({
            point,
            previous: data.previousPoints?.[i] ?? null,
          }));
          const sum = (points: readonly TTrendPoint[]) =>
            points.reduce(
              (acc, p) => ({
                orders: acc.orders + p.orders,
                guests: acc.guests + p.guests,
                net: acc.net + p.netSalesCents,
              }),
              { orders: 0, guests: 0, net: 0 },
            );
          const total = sum(data.points);
          const previousTotal = data.previousPoints ? sum(data.previousPoints) : null;
          const empty = total.orders === 0;
          return (
            <>
              {empty && <NoSales />}
              <SameTimeNote sameTime={data.sameTime} previousRange={data.previousRange} />
              <div
                className={`ra-report-panel ra-chart${stale ? ' ra-chart--stale' : ''}`}
                data-chart="sales-trend"
                role="figure"
                aria-label={t('trends.chartLabel')}
                aria-busy={stale || undefined}
              >
                <Suspense fallback={<SectionSkeleton shape="chart" />}>
                  <TrendChart
                    points={data.points.map((p) => ({ ...p, label: bucketLabel(p, data.granularity) }))}
                    previousPoints={data.previousPoints}
                    primaryColor={token.colorPrimary}
                    labels={{
                      netSales: t('figures.netSalesCents'),
                      previousNetSales: t('trends.previousNetSales'),
                      orders: t('figures.orderCount'),
                    }}
                  />
                </Suspense>
              </div>
              <div className="ra-report-panel">
                <ReportTable
                  title={t('tables.trend')}
                  section="salesTrends"
                  range={range}
                  columns={columns}
                  rows={empty ? [] : rows}
                  rowKey={(r) => r.point.key}
                  stale={stale}
                  totals={{
                    label: null,
                    orders: total.orders,
                    guests: total.guests,
                    net: total.net,
                    prevLabel: null,
                    prevNet: previousTotal?.net ?? null,
                    change: previousTotal ? changeRatio(total.net, previousTotal.net) : null,
                  }}
                />
              </div>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
