import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@ra/shared/format/date';
import { formatMoneyCents, toThousands } from '@ra/shared/format/number';
import { changeTone, describeChange } from '../../../lib/period-change.ts';
import { errorText, isApiError } from '../../../lib/request.ts';
import { useSession } from '../../../stores/session.ts';
import { useSettings } from '../../../stores/settings.ts';
import { useDashboardToday, type TSoFar } from '../api/get-dashboard-today.ts';

// echarts arrives only when the chart is drawn (ARCHITECTURE "Web"; the first page stays light)
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

const FIGURES: Array<{ key: keyof Omit<TSoFar, 'businessDay'>; money: boolean; higherIsBetter: boolean }> = [
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
 * up to the same time, the last 14 business days, and the latest orders. A 403 (permission removed
 * since sign-in) leaves the plain welcome.
 */
export default function TodaySales() {
  const { t } = useTranslation('dashboard');
  const query = useDashboardToday(true);
  const timeZone = useSession((s) => s.locales?.timeZone);
  const primaryColor = useSettings((s) => s.theme);
  const zone = timeZone && timeZone !== 'Unknown' ? timeZone : undefined;

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
  const format = (value: number, money: boolean) => (money ? formatMoneyCents(value) : toThousands(value));

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
            <p className="ra-dash__hint">{t('sales.comparedWith', { day: data.sameTimeLastWeek.businessDay })}</p>
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
                  labels={{ netSales: t('sales.netSalesCents'), orders: t('sales.orders') }}
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
                      {o.partySize > 0 ? ` · ${t('sales.party', { count: o.partySize })}` : ''}
                      {o.serverName ? ` · ${o.serverName}` : ''}
                    </span>
                  </span>
                  <span className="ra-dash__order-side">
                    <strong>{formatMoneyCents(o.totalCents)}</strong>
                    <time dateTime={o.openedAt}>{formatTime(o.openedAt, '{m}-{d} {h}:{i}', zone)}</time>
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
