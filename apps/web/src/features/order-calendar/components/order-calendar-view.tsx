import { Alert, Button, Calendar, Result, Skeleton, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { businessDayOf, isValidTimeZone } from '@ra/shared/business-day/business-day';
import { formatMoneyCents, toThousands } from '@ra/shared/format/number';
import { errorText, isApiError } from '../../../lib/request.ts';
import { useOrderCalendar, type TCalendarDay } from '../api/get-order-calendar.ts';
import './order-calendar.css';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month in the URL (?month=YYYY-MM), else this month. */
export function monthFrom(search: URLSearchParams, now: Dayjs = dayjs()): string {
  const month = search.get('month');
  return month && MONTH.test(month) ? month : now.format('YYYY-MM');
}

/**
 * Order calendar (SPEC 2): total orders and total parties per business day of a month, with the
 * restaurant's time-zone label, since a day here is the restaurant's business day, not the viewer's.
 */
export function OrderCalendarView() {
  const { t } = useTranslation('analytics');
  const [search, setSearch] = useSearchParams();
  const month = monthFrom(search);
  const query = useOrderCalendar(month);
  const zone = query.data?.timeZone;
  // days still to come have no orders to show, not zeros
  const today =
    zone && isValidTimeZone(zone)
      ? businessDayOf(Date.now(), zone, query.data?.hourOffsetEndOfDay ?? 0)
      : dayjs().format('YYYY-MM-DD');
  const byDay = new Map<string, TCalendarDay>((query.data?.days ?? []).map((d) => [d.day, d]));
  const setMonth = (value: Dayjs) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('month', value.format('YYYY-MM'));
        return next;
      },
      { replace: true },
    );

  if (query.isError && !query.data) {
    const forbidden = isApiError(query.error) && query.error.status === 403;
    return (
      <Result
        status={forbidden ? '403' : 'warning'}
        title={forbidden ? t('calendar.forbidden') : t('calendar.error')}
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
    <div className="ra-cal">
      {data ? (
        <div className="ra-cal__head">
          <span className="ra-cal__zone" data-testid="calendar-time-zone">
            {data.timeZone === 'Unknown'
              ? t('calendar.noTimeZone')
              : t('calendar.timeZone', {
                  zone: data.timeZone,
                  gmt: data.GMT,
                  hour: String(data.hourOffsetEndOfDay).padStart(2, '0'),
                })}
          </span>
          <span className="ra-cal__totals">
            {t('calendar.monthTotals', {
              orders: toThousands(data.totals.orders),
              parties: toThousands(data.totals.parties),
              sales: formatMoneyCents(data.totals.netSalesCents),
            })}
          </span>
        </div>
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 1 }} />
      )}
      {data && data.totals.orders === 0 && <Alert type="info" showIcon title={t('calendar.empty')} />}
      <Spin spinning={query.isFetching}>
        <div className="ra-cal__panel">
          <Calendar
            value={dayjs(`${month}-01`)}
            onPanelChange={(value) => setMonth(value)}
            onSelect={(value, info) => {
              if (info.source === 'month' || info.source === 'year') setMonth(value);
            }}
            cellRender={(date, info) => {
              if (info.type !== 'date') return info.originNode;
              const day = byDay.get(date.format('YYYY-MM-DD'));
              if (!day || date.format('YYYY-MM') !== month || day.day > today) return null;
              return (
                <div className="ra-cal__cell" data-day={day.day}>
                  <div>{t('calendar.orders', { count: day.orders })}</div>
                  <div>{t('calendar.parties', { count: day.parties })}</div>
                </div>
              );
            }}
          />
        </div>
      </Spin>
    </div>
  );
}
