import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { businessDayOf, isValidTimeZone } from '@ra/shared/business-day/business-day';
import type { TSoFar } from '@ra/shared/dashboard/dashboard.schemas';
import {
  formatCents,
  formatCentsCompact,
  formatClock,
  formatCount,
  formatDateTime,
  formatDay,
  formatMonthDay,
  toDisplayLanguage,
} from '@ra/shared/format/locale-format';
import { changeTone, describeChange } from '../../../lib/period-change.ts';
import { errorText, isApiError } from '../../../lib/request.ts';
import { useSession } from '../../../stores/session.ts';
import { useSettings } from '../../../stores/settings.ts';
import { useLiveSales } from '../../../lib/live-sales.ts';
import { dashboardTodayQueryOptions, useDashboardToday } from '../api/get-dashboard-today.ts';

// the chart is drawn once the data is there; its code rides in the signed-in chunk (vite-chunks.ts)
const SalesChart = lazy(() => import('./sales-chart.tsx'));

function Panel({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="ra-dash__panel" aria-label={title}>
      <div className="ra-dash__panel-head">
        <h2 className="ra-dash__panel-title">{title}</h2>
        {extra}
      </div>
      {children}
    </section>
  );
}

type TFigureKey = keyof Omit<TSoFar, 'businessDay' | 'until'>;

const FIGURES: Array<{ key: TFigureKey; money: boolean; higherIsBetter: boolean }> = [
  { key: 'netSalesCents', money: true, higherIsBetter: true },
  { key: 'orders', money: false, higherIsBetter: true },
  { key: 'guests', money: false, higherIsBetter: true },
  { key: 'averageCheckCents', money: true, higherIsBetter: true },
  { key: 'openOrders', money: false, higherIsBetter: false },
];

function Skeleton({ lines }: { lines: number }) {
  return (
    <div className="ra-dash__skeleton" aria-busy="true">
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} />
      ))}
    </div>
  );
}

/**
 * The home page's sales (users with viewSalesReport): today so far against the same weekday last week
 * up to the same time, the last 14 business days (today marked as partial), and the latest orders.
 * A 403 (permission removed since sign-in) leaves the plain welcome.
 */
export default function TodaySales() {
  const { t, i18n } = useTranslation('dashboard');
  const lang = toDisplayLanguage(i18n.language);
  const query = useDashboardToday(true);
  const timeZone = useSession((s) => s.locales?.timeZone);
  const offset = useSession((s) => s.hourOffsetEndOfDay);
  const primaryColor = useSettings((s) => s.theme);
  const zone = timeZone && isValidTimeZone(timeZone) ? timeZone : undefined;
  // Today so far follows the POS within a moment (not for a 403: the page shows no sales then).
  useLiveSales(!(query.isError && isApiError(query.error) && query.error.status === 403), [
    dashboardTodayQueryOptions().queryKey,
  ]);

  if (query.isError && isApiError(query.error) && query.error.status === 403) return null;
  if (query.isError) {
    return (
      <div className="ra-dash__error" role="alert">
        <span>
          {t('sales.error')} {errorText(query.error)}
        </span>
        <button type="button" className="ra-dash__button" onClick={() => void query.refetch()}>
          {t('sales.retry')}
        </button>
      </div>
    );
  }
  const data = query.data;
  const format = (value: number, money: boolean) => (money ? formatCents(value, lang) : formatCount(value, lang));
  // an order of today's business day shows its time; an older one its date too
  const openedAt = (at: string) =>
    zone && data && businessDayOf(Date.parse(at), zone, offset) === data.today.businessDay
      ? formatClock(at, lang, zone)
      : formatDateTime(at, lang, zone);

  return (
    <>
      <Panel
        title={t('sales.todayTitle')}
        extra={
          <Link className="ra-dash__more" to="/salesReport/salesSummary?preset=today">
            {t('sales.openReport')}
          </Link>
        }
      >
        {!data ? (
          <Skeleton lines={3} />
        ) : (
          <>
            {data.today.businessDay && (
              <p className="ra-dash__hint" data-testid="dashboard-comparison">
                {t('sales.comparedWith', {
                  today: formatDay(data.today.businessDay, lang, { weekday: true }),
                  time: formatClock(data.today.until, lang, zone),
                  day: formatDay(data.sameTimeLastWeek.businessDay, lang, { weekday: true }),
                })}
              </p>
            )}
            <div className="ra-dash__figures">
              {FIGURES.map((f) => {
                const change = describeChange(data.today[f.key], data.sameTimeLastWeek[f.key]);
                const tone = changeTone(change.trend, f.higherIsBetter);
                return (
                  <div key={f.key} className="ra-dash__figure" data-figure={f.key}>
                    <div className="ra-dash__figure-label">{t(`sales.${f.key}`)}</div>
                    <div className="ra-dash__figure-value">{format(data.today[f.key], f.money)}</div>
                    <div className="ra-dash__figure-compare">
                      <span className={`ra-dash__change ra-dash__change--${tone}`}>
                        {change.trend === 'up' ? '↑ ' : change.trend === 'down' ? '↓ ' : ''}
                        {change.text}
                      </span>{' '}
                      <span>{t('sales.lastWeek', { value: format(data.sameTimeLastWeek[f.key], f.money) })}</span>
                    </div>
                  </div>
                );
              })}
            </div>
            {data.today.orders === 0 && <p className="ra-dash__empty">{t('sales.noSalesToday')}</p>}
          </>
        )}
      </Panel>
      <div className="ra-dash__grid">
        <Panel title={t('sales.chartTitle')}>
          {!data ? (
            <Skeleton lines={6} />
          ) : data.last14Days.every((d) => d.orders === 0) ? (
            <p className="ra-dash__empty">{t('sales.noSales')}</p>
          ) : (
            <div className="ra-chart" data-chart="dashboard-14-days">
              <Suspense fallback={<Skeleton lines={6} />}>
                <SalesChart
                  days={data.last14Days}
                  primaryColor={primaryColor}
                  labels={{
                    netSales: t('sales.netSalesCents'),
                    orders: t('sales.orders'),
                    soFar: t('sales.todaySoFar'),
                    day: t('sales.day'),
                    summary: t('sales.chartSummary'),
                  }}
                  formatDayLabel={(day, partial) => (partial ? t('sales.today') : formatMonthDay(day, lang))}
                  formatDayLong={(day) => formatDay(day, lang, { weekday: true })}
                  formatMoney={(cents) => formatCents(cents, lang)}
                  formatAxisMoney={(cents) => formatCentsCompact(cents, lang)}
                  formatCount={(n) => formatCount(n, lang)}
                />
              </Suspense>
            </div>
          )}
        </Panel>
        <Panel title={t('sales.latestTitle')}>
          {!data ? (
            <Skeleton lines={6} />
          ) : data.latestOrders.length === 0 ? (
            <p className="ra-dash__empty">{t('sales.noOrders')}</p>
          ) : (
            <ul className="ra-dash__orders">
              {data.latestOrders.map((o) => (
                <li key={o.id} className="ra-dash__order">
                  <span className="ra-dash__order-main">
                    <strong>#{o.orderNumber ?? o.posOrderId}</strong>
                    <span className={`ra-dash__status ra-dash__status--${o.status}`}>{t(`status.${o.status}`)}</span>
                    <span className="ra-dash__order-meta">
                      {t(`channel.${o.channel}`)}
                      {o.partySize > 0
                        ? ` · ${t('sales.party', { count: o.partySize, value: formatCount(o.partySize, lang) })}`
                        : ''}
                      {o.serverName ? ` · ${o.serverName}` : ''}
                    </span>
                  </span>
                  <span className="ra-dash__order-side">
                    <strong>{formatCents(o.totalCents, lang)}</strong>
                    <time dateTime={o.openedAt}>{openedAt(o.openedAt)}</time>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </>
  );
}
