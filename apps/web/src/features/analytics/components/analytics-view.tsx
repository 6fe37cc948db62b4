import { lazy, Suspense, useMemo } from 'react';
import { Button, DatePicker, Result, Skeleton, Table, theme } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type {
  TAnalyticsOverviewResponse,
  TCheckTrendWeek,
  TComparison,
  TItemRank,
  TPeriodFigures,
} from '@ra/shared/analytics/analytics.schemas';
import { businessDayOf, isValidTimeZone } from '@ra/shared/business-day/business-day';
import { addDays } from '@ra/shared/business-day/calendar-day';
import {
  formatCents,
  formatClock,
  formatCount,
  formatDay,
  formatMonthDay,
  toDisplayLanguage,
  type TDisplayLanguage,
} from '@ra/shared/format/locale-format';
import { ZDateRange } from '@ra/shared/reports/reports.schemas';
import { dayPickerFormat } from '../../../lib/day-picker-format.ts';
import { changeTone, describeChange } from '../../../lib/period-change.ts';
import { errorText, isApiError } from '../../../lib/request.ts';
import { useSession } from '../../../stores/session.ts';
import { useAnalyticsOverview } from '../api/get-analytics-overview.ts';
import { formatAverage, heatmapTable, WEEKDAY_ROWS } from '../chart-data.ts';
import { ChartFrame } from './chart-frame.tsx';
import { LaborSection } from './labor-section.tsx';
import './analytics.css';
import { dayPickerKeys } from '../../../components/date-input.tsx';

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

/** "Mar 8 – Mar 14, 2026"-style spans read through the locale formatter. */
function span(r: { from: string; to: string }, lang: TDisplayLanguage): string {
  return r.from === r.to ? formatDay(r.from, lang) : `${formatDay(r.from, lang)} – ${formatDay(r.to, lang)}`;
}

/** An hour of the day as the user's clock shows it: "7:00 PM" / "19:00". */
export function hourLabel(hour: number, lang: TDisplayLanguage): string {
  return formatClock(Date.UTC(2000, 0, 1, hour), lang, 'UTC');
}

type TFigure = 'netSales' | 'orders' | 'guests' | 'averageCheck';
const FIGURES: Array<{ key: TFigure; value: (p: TPeriodFigures) => number; money: boolean }> = [
  { key: 'netSales', value: (p) => p.netSalesCents, money: true },
  { key: 'orders', value: (p) => p.orders, money: false },
  { key: 'guests', value: (p) => p.guests, money: false },
  { key: 'averageCheck', value: (p) => p.averageCheckCents, money: true },
];

function ComparisonCard({
  kind,
  comparison,
  timeZone,
}: {
  kind: 'weekOverWeek' | 'yearOverYear';
  comparison: TComparison;
  timeZone: string | undefined;
}) {
  const { t, i18n } = useTranslation('analytics');
  const lang = toDisplayLanguage(i18n.language);
  const { current, previous } = comparison;
  // no orders at all in the comparison period: say so, rather than "prev. $0.00" and a dash
  const noData = previous.orders === 0;
  const format = (v: number, money: boolean) => (money ? formatCents(v, lang) : formatCount(v, lang));
  const title = t(kind);
  return (
    <section className="ra-an__panel" aria-label={title} data-comparison={kind}>
      <h2 className="ra-an__title">{title}</h2>
      <p className="ra-an__hint">
        {t('compare.periods', { current: span(current.range, lang), previous: span(previous.range, lang) })}
      </p>
      {current.partial && previous.partial && (
        <p className="ra-an__hint ra-an__same-time" data-testid={`${kind}-same-time`}>
          {t('compare.sameTime', {
            day: formatDay(current.partial.day, lang, { weekday: true }),
            time: formatClock(current.partial.until, lang, timeZone),
            previous: formatDay(previous.partial.day, lang, { weekday: true }),
          })}
        </p>
      )}
      {noData && (
        <p className="ra-an__no-data" data-testid={`${kind}-no-data`}>
          {t(`compare.noData.${kind}`)}
        </p>
      )}
      <dl className="ra-an__figures">
        {FIGURES.map((f) => {
          const now = f.value(current);
          const before = f.value(previous);
          const change = describeChange(now, noData ? null : before);
          const tone = changeTone(change.trend, true);
          return (
            <div key={f.key} className="ra-an__figure" data-figure={f.key}>
              <dt>{t(`figures.${f.key}`)}</dt>
              <dd>
                <strong>{format(now, f.money)}</strong>
                {!noData && (
                  <span>
                    <span className={`ra-an__change ra-an__change--${tone}`}>
                      {change.trend === 'up' ? '↑ ' : change.trend === 'down' ? '↓ ' : ''}
                      {change.text}
                    </span>{' '}
                    {t('compare.previous', { value: format(before, f.money) })}
                  </span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

function ItemList({ title, items }: { title: string; items: TItemRank[] }) {
  const { t, i18n } = useTranslation('analytics');
  const lang = toDisplayLanguage(i18n.language);
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
          {
            key: 'qty',
            title: t('items.quantity'),
            align: 'right',
            render: (_, r) => formatCount(r.quantity, lang),
          },
          { key: 'net', title: t('items.net'), align: 'right', render: (_, r) => formatCents(r.netCents, lang) },
        ]}
      />
    </section>
  );
}

/** A week of the trend as the user reads it: "Mar 9 (so far)", "Feb 23 (3 days)" or "Mar 2". */
export function weekLabel(
  w: Pick<TCheckTrendWeek, 'week' | 'days' | 'inProgress'>,
  lang: TDisplayLanguage,
  t: (key: string, opts?: Record<string, unknown>) => string,
): string {
  const day = formatMonthDay(w.week, lang);
  if (w.inProgress) return t('trend.weekSoFar', { week: day });
  if (w.days < 7) return t('trend.weekPart', { week: day, count: w.days });
  return day;
}

function BusiestHours({ data, primaryColor }: { data: TAnalyticsOverviewResponse; primaryColor: string }) {
  const { t, i18n } = useTranslation('analytics');
  const lang = toDisplayLanguage(i18n.language);
  const weekdayNames = t('weekdays').split(',');
  const table = heatmapTable(data.heatmap);
  const busiest = table.busiest;
  return (
    <ChartFrame
      title={t('busiestHours')}
      chart="busiest-hours"
      summary={
        busiest
          ? t('heatmap.busiest', {
              weekday: weekdayNames[busiest.weekday],
              hour: hourLabel(busiest.hour, lang),
              // a day on average (the title says so), rounded to whole orders in the sentence
              orders: formatCount(busiest.averageOrders, lang),
              count: Math.round(busiest.averageOrders),
            })
          : t('empty')
      }
      table={
        <table className="ra-an__data-table">
          <caption className="ra-visually-hidden">{t('heatmap.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('heatmap.weekday')}</th>
              {table.hours.map((h) => (
                <th key={h} scope="col">
                  {hourLabel(h, lang)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r) => (
              <tr key={r.weekday}>
                <th scope="row">{weekdayNames[r.weekday]}</th>
                {r.averages.map((n, i) => (
                  <td key={table.hours[i]}>{formatAverage(n, lang)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <Suspense fallback={<ChartSkeleton />}>
        <BusiestHoursChart
          cells={data.heatmap}
          rows={WEEKDAY_ROWS}
          weekdayNames={weekdayNames}
          ordersLabel={t('heatmap.averageOrders')}
          primaryColor={primaryColor}
          formatCount={(n) => formatAverage(n, lang)}
          hourLabel={(h) => hourLabel(h, lang)}
        />
      </Suspense>
    </ChartFrame>
  );
}

function AverageCheckTrend({ data, primaryColor }: { data: TAnalyticsOverviewResponse; primaryColor: string }) {
  const { t, i18n } = useTranslation('analytics');
  const lang = toDisplayLanguage(i18n.language);
  const weeks = data.averageCheckTrend;
  const label = (w: TCheckTrendWeek) => weekLabel(w, lang, t);
  return (
    <ChartFrame
      title={t('averageCheckTrend')}
      chart="average-check"
      summary={weeks.some((w) => w.inProgress) ? t('trend.soFarNote') : undefined}
      table={
        <table className="ra-an__data-table">
          <caption className="ra-visually-hidden">{t('averageCheckTrend')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('trend.week')}</th>
              <th scope="col">{t('figures.averageCheck')}</th>
              <th scope="col">{t('figures.orders')}</th>
              <th scope="col">{t('figures.netSales')}</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week}>
                <th scope="row">{label(w)}</th>
                <td>{w.averageCheckCents === null ? t('trend.noOrders') : formatCents(w.averageCheckCents, lang)}</td>
                <td>{formatCount(w.orders, lang)}</td>
                <td>{formatCents(w.netSalesCents, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <Suspense fallback={<ChartSkeleton />}>
        <CheckTrendChart
          weeks={weeks}
          primaryColor={primaryColor}
          weekLabel={label}
          formatMoney={(cents) => formatCents(cents, lang)}
          labels={{
            averageCheck: t('figures.averageCheck'),
            averageCheckSoFar: t('trend.averageCheckSoFar'),
            orders: t('figures.orders'),
          }}
        />
      </Suspense>
    </ChartFrame>
  );
}

function ChartSkeleton() {
  return (
    <Skeleton.Node active className="ra-an__chart-skeleton">
      <span />
    </Skeleton.Node>
  );
}

/** Analytic center (SPEC 2 /analyticCenter/index; viewAnalyticCenter). */
export function AnalyticsView() {
  const { t, i18n } = useTranslation('analytics');
  const { token } = theme.useToken();
  const [search, setSearch] = useSearchParams();
  const timeZone = useSession((s) => s.locales?.timeZone);
  const offset = useSession((s) => s.hourOffsetEndOfDay);
  const zone = timeZone && isValidTimeZone(timeZone) ? timeZone : undefined;
  const today = useMemo(
    () =>
      businessDayOf(
        Date.now(),
        zone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'),
        Number.isInteger(offset) && offset >= 0 && offset <= 23 ? offset : 0,
      ),
    [zone, offset],
  );
  const range = analyticsRange(search, today);
  const query = useAnalyticsOverview(range);

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
  return (
    <div className="ra-an">
      <div className="ra-an__bar">
        <DatePicker.RangePicker
          {...dayPickerKeys}
          aria-label={t('range')}
          allowClear={false}
          format={dayPickerFormat(toDisplayLanguage(i18n.language))}
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
            <ComparisonCard kind="weekOverWeek" comparison={data.weekOverWeek} timeZone={zone} />
            <ComparisonCard kind="yearOverYear" comparison={data.yearOverYear} timeZone={zone} />
          </div>
          <BusiestHours data={data} primaryColor={token.colorPrimary} />
          <div className="ra-an__grid">
            <ItemList title={t('topItems')} items={data.topItems} />
            <ItemList title={t('bottomItems')} items={data.bottomItems} />
          </div>
          <AverageCheckTrend data={data} primaryColor={token.colorPrimary} />
          <LaborSection range={range} />
        </>
      )}
    </div>
  );
}
