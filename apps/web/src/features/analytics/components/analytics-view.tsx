import { lazy, Suspense, useMemo } from 'react';
import { Button, DatePicker, Result, Skeleton, Table, theme } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { businessDayOf, isValidTimeZone } from '@ra/shared/business-day/business-day';
import { addDays } from '@ra/shared/business-day/calendar-day';
import { ZDateRange } from '@ra/shared/reports/reports.schemas';
import { formatMoneyCents, toThousands } from '@ra/shared/format/number';
import { errorText, isApiError } from '../../../lib/request.ts';
import { useSession } from '../../../stores/session.ts';
import { useAnalyticsOverview, type TComparison, type TItemRank } from '../api/get-analytics-overview.ts';
import './analytics.css';

// echarts arrives with the charts, after the page's figures (ARCHITECTURE "Web")
const BusiestHoursChart = lazy(() => import('./heatmap-chart.tsx'));
const CheckTrendChart = lazy(() => import('./check-trend-chart.tsx'));

const DAY = 'YYYY-MM-DD';
/** Four weeks: enough for a week-over-week figure and a weekly average check trend. */
export const DEFAULT_DAYS = 28;

export function analyticsRange(search: URLSearchParams, today: string): { from: string; to: string } {
  const parsed = ZDateRange.safeParse({ from: search.get('from') ?? '', to: search.get('to') ?? '' });
  return parsed.success ? parsed.data : { from: addDays(today, -(DEFAULT_DAYS - 1)), to: today };
}

function ChangeText({ ratio }: { ratio: number | null }) {
  if (ratio === null) return <span className="ra-an__change ra-an__change--neutral">—</span>;
  const text = `${toThousands((Math.abs(ratio) * 100).toFixed(1))}%`;
  const trend = text === '0.0%' ? 'neutral' : ratio > 0 ? 'good' : 'bad';
  return (
    <span className={`ra-an__change ra-an__change--${trend}`}>
      {trend === 'good' ? '↑ +' : trend === 'bad' ? '↓ -' : ''}
      {text}
    </span>
  );
}

function ComparisonCard({ title, comparison }: { title: string; comparison: TComparison }) {
  const { t } = useTranslation('analytics');
  const rows: Array<[string, string, string, number | null]> = [
    [
      t('figures.netSales'),
      formatMoneyCents(comparison.current.netSalesCents),
      formatMoneyCents(comparison.previous.netSalesCents),
      comparison.change.netSales,
    ],
    [
      t('figures.orders'),
      toThousands(comparison.current.orders),
      toThousands(comparison.previous.orders),
      comparison.change.orders,
    ],
    [
      t('figures.guests'),
      toThousands(comparison.current.guests),
      toThousands(comparison.previous.guests),
      comparison.change.guests,
    ],
    [
      t('figures.averageCheck'),
      formatMoneyCents(comparison.current.averageCheckCents),
      formatMoneyCents(comparison.previous.averageCheckCents),
      comparison.change.averageCheck,
    ],
  ];
  const span = (r: { from: string; to: string }) => (r.from === r.to ? r.from : `${r.from} – ${r.to}`);
  return (
    <section className="ra-an__panel" aria-label={title}>
      <h2 className="ra-an__title">{title}</h2>
      <p className="ra-an__hint">
        {t('compare.periods', { current: span(comparison.current.range), previous: span(comparison.previous.range) })}
      </p>
      <dl className="ra-an__figures">
        {rows.map(([label, current, previous, ratio]) => (
          <div key={label} className="ra-an__figure">
            <dt>{label}</dt>
            <dd>
              <strong>{current}</strong>
              <span>
                <ChangeText ratio={ratio} /> {t('compare.previous', { value: previous })}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ItemList({ title, items }: { title: string; items: TItemRank[] }) {
  const { t } = useTranslation('analytics');
  return (
    <section className="ra-an__panel" aria-label={title}>
      <h2 className="ra-an__title">{title}</h2>
      <Table<TItemRank>
        size="small"
        pagination={false}
        rowKey="itemId"
        dataSource={items}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('empty') }}
        columns={[
          { key: 'rank', title: '#', width: 40, render: (_, __, i) => i + 1 },
          { key: 'name', title: t('items.item'), render: (_, r) => r.itemName },
          { key: 'category', title: t('items.category'), render: (_, r) => r.category },
          { key: 'qty', title: t('items.quantity'), align: 'right', render: (_, r) => toThousands(r.quantity) },
          { key: 'net', title: t('items.net'), align: 'right', render: (_, r) => formatMoneyCents(r.netCents) },
        ]}
      />
    </section>
  );
}

/** Analytic center (SPEC 2 /analyticCenter/index; viewAnalyticCenter). */
export function AnalyticsView() {
  const { t } = useTranslation('analytics');
  const { token } = theme.useToken();
  const [search, setSearch] = useSearchParams();
  const timeZone = useSession((s) => s.locales?.timeZone);
  const offset = useSession((s) => s.hourOffsetEndOfDay);
  const today = useMemo(() => {
    const zone = timeZone && isValidTimeZone(timeZone) ? timeZone : Intl.DateTimeFormat().resolvedOptions().timeZone;
    return businessDayOf(
      Date.now(),
      zone || 'UTC',
      Number.isInteger(offset) && offset >= 0 && offset <= 23 ? offset : 0,
    );
  }, [timeZone, offset]);
  const range = analyticsRange(search, today);
  const query = useAnalyticsOverview(range);
  const weekdayNames = t('weekdays').split(',');

  if (query.isError && !query.data) {
    const forbidden = isApiError(query.error) && query.error.status === 403;
    return (
      <Result
        status={forbidden ? '403' : 'warning'}
        title={forbidden ? t('forbidden') : t('error')}
        subTitle={forbidden ? undefined : errorText(query.error)}
        extra={
          forbidden ? undefined : (
            <Button type="primary" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          )
        }
      />
    );
  }
  const data = query.data;
  const chartSkeleton = (
    <Skeleton.Node active className="ra-an__chart-skeleton">
      <span />
    </Skeleton.Node>
  );
  return (
    <div className="ra-an">
      <div className="ra-an__bar">
        <DatePicker.RangePicker
          aria-label={t('range')}
          allowClear={false}
          value={[dayjs(range.from, DAY), dayjs(range.to, DAY)]}
          disabledDate={(d) => d.format(DAY) > today}
          presets={[7, 28, 90, 365].map((days) => ({
            label: t('lastDays', { count: days }),
            value: [dayjs(addDays(today, -(days - 1)), DAY), dayjs(today, DAY)] as [dayjs.Dayjs, dayjs.Dayjs],
          }))}
          onChange={(v) => {
            if (!v?.[0] || !v[1]) return;
            setSearch({ from: v[0].format(DAY), to: v[1].format(DAY) }, { replace: true });
          }}
        />
      </div>
      {!data ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : (
        <>
          {data.weekOverWeek.current.orders === 0 && data.yearOverYear.current.orders === 0 && (
            <p className="ra-an__empty">{t('empty')}</p>
          )}
          <div className="ra-an__grid">
            <ComparisonCard title={t('weekOverWeek')} comparison={data.weekOverWeek} />
            <ComparisonCard title={t('yearOverYear')} comparison={data.yearOverYear} />
          </div>
          <section className="ra-an__panel" aria-label={t('busiestHours')}>
            <h2 className="ra-an__title">{t('busiestHours')}</h2>
            <div className="ra-chart" data-chart="busiest-hours">
              <Suspense fallback={chartSkeleton}>
                <BusiestHoursChart
                  cells={data.heatmap}
                  weekdayNames={weekdayNames}
                  ordersLabel={t('figures.orders')}
                  primaryColor={token.colorPrimary}
                />
              </Suspense>
            </div>
          </section>
          <div className="ra-an__grid">
            <ItemList title={t('topItems')} items={data.topItems} />
            <ItemList title={t('bottomItems')} items={data.bottomItems} />
          </div>
          <section className="ra-an__panel" aria-label={t('averageCheckTrend')}>
            <h2 className="ra-an__title">{t('averageCheckTrend')}</h2>
            <div className="ra-chart" data-chart="average-check">
              <Suspense fallback={chartSkeleton}>
                <CheckTrendChart
                  weeks={data.averageCheckTrend}
                  primaryColor={token.colorPrimary}
                  labels={{ averageCheck: t('figures.averageCheck'), orders: t('figures.orders') }}
                />
              </Suspense>
            </div>
          </section>
        </>
      )}
    </div>
  );
}
