import { Alert, Button, Result, Segmented, Skeleton, Spin } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { businessDayOf, isValidTimeZone } from '@ra/shared/business-day/business-day';
import type { TCalendarDay, TCalendarMonth } from '@ra/shared/dashboard/order-calendar.schemas';
import {
  formatCents,
  formatCount,
  formatDay,
  formatMonth,
  toDisplayLanguage,
  type TDisplayLanguage,
} from '@ra/shared/format/locale-format';
import { errorText, isApiError } from '../../../lib/request.ts';
import { useSession } from '../../../stores/session.ts';
import { useLatestSearch } from '../../../lib/use-latest-search.ts';
import { useOrderCalendar } from '../api/get-order-calendar.ts';
import { useOrderCalendarYear } from '../api/get-order-calendar-year.ts';
import {
  calendarSearch,
  dayTransactionsPath,
  monthGrid,
  parseCalendarState,
  shiftMonth,
  type TCalendarState,
} from '../calendar-url.ts';
import './order-calendar.css';

/** The restaurant's business day now (SPEC 3 hourOffsetEndOfDay), the browser's date standing in for no zone. */
function useBusinessToday(): string {
  const timeZone = useSession((s) => s.locales?.timeZone);
  const offset = useSession((s) => s.hourOffsetEndOfDay);
  const zone =
    timeZone && isValidTimeZone(timeZone) ? timeZone : Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return businessDayOf(Date.now(), zone, Number.isInteger(offset) && offset >= 0 && offset <= 23 ? offset : 0);
}

function Counts({ figures, lang }: { figures: { orders: number; parties: number }; lang: TDisplayLanguage }) {
  const { t } = useTranslation('analytics');
  return (
    <>
      <span className="ra-cal__orders">
        <span className="ra-cal__num">{formatCount(figures.orders, lang)}</span>
        <span className="ra-cal__word"> {t('calendar.ordersUnit', { count: figures.orders })}</span>
      </span>
      <span className="ra-cal__parties">
        <span className="ra-cal__num">{formatCount(figures.parties, lang)}</span>
        <span className="ra-cal__word"> {t('calendar.partiesUnit', { count: figures.parties })}</span>
      </span>
    </>
  );
}

/** What each number of a day means; "parties" is not a word everyone reads the same way. */
function Legend() {
  const { t } = useTranslation('analytics');
  return (
    <ul className="ra-cal__legend" data-testid="calendar-legend">
      <li>
        <span className="ra-cal__swatch ra-cal__swatch--orders" aria-hidden="true" />
        {t('calendar.legendOrders')}
      </li>
      <li>
        <span className="ra-cal__swatch ra-cal__swatch--parties" aria-hidden="true" />
        {t('calendar.legendParties')}
      </li>
    </ul>
  );
}

function MonthGrid({
  month,
  days,
  today,
  lang,
}: {
  month: string;
  days: readonly TCalendarDay[];
  today: string;
  lang: TDisplayLanguage;
}) {
  const { t } = useTranslation('analytics');
  // US calendars start on Sunday, Chinese ones on Monday
  const weekStartsOn = lang === 'zh' ? 1 : 0;
  const names = t('weekdays').split(',');
  const byDay = new Map(days.map((d) => [d.day, d]));
  const weeks = monthGrid(month, weekStartsOn);
  return (
    <div className="ra-cal__grid" role="grid" aria-label={formatMonth(month, lang)}>
      <div className="ra-cal__week ra-cal__weekdays" role="row">
        {Array.from({ length: 7 }, (_, i) => (
          <div key={i} role="columnheader" className="ra-cal__weekday">
            {names[(i + weekStartsOn) % 7]}
          </div>
        ))}
      </div>
      {weeks.map((week, w) => (
        <div key={w} className="ra-cal__week" role="row">
          {week.map((day, i) => {
            if (!day) return <div key={`pad-${i}`} role="gridcell" className="ra-cal__day ra-cal__day--pad" />;
            const figures = byDay.get(day);
            const number = <span className="ra-cal__date">{Number(day.slice(8))}</span>;
            // days still to come have no orders to show, not zeros
            if (day > today || !figures)
              return (
                <div key={day} role="gridcell" className="ra-cal__day ra-cal__day--future" data-day={day}>
                  {number}
                </div>
              );
            const isToday = day === today;
            const label = t('calendar.openDay', {
              day: formatDay(day, lang, { weekday: true }),
              orders: t('calendar.orders', { count: figures.orders, value: formatCount(figures.orders, lang) }),
              parties: t('calendar.parties', { count: figures.parties, value: formatCount(figures.parties, lang) }),
            });
            return (
              <div key={day} role="gridcell" className="ra-cal__day-cell">
                <Link
                  to={dayTransactionsPath(day)}
                  className={`ra-cal__day${isToday ? ' ra-cal__day--today' : ''}`}
                  data-day={day}
                  aria-current={isToday ? 'date' : undefined}
                >
                  {/* the whole sentence is the link's name; the short figures on screen are its picture */}
                  <span className="ra-sr-only">{isToday ? `${label} (${t('calendar.soFar')})` : label}</span>
                  <span aria-hidden="true" style={{ display: 'contents' }}>
                    {number}
                    <Counts figures={figures} lang={lang} />
                  </span>
                </Link>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function YearGrid({
  months,
  today,
  lang,
  onOpen,
}: {
  months: readonly TCalendarMonth[];
  today: string;
  lang: TDisplayLanguage;
  onOpen: (month: string) => string;
}) {
  const { t } = useTranslation('analytics');
  return (
    <ul className="ra-cal__months">
      {months.map((m) => {
        const name = formatMonth(m.month, lang);
        const future = m.month > today.slice(0, 7);
        return (
          <li key={m.month}>
            {future ? (
              <div className="ra-cal__month ra-cal__month--future" data-month={m.month}>
                <span className="ra-cal__month-name">{name}</span>
              </div>
            ) : (
              <Link
                className="ra-cal__month"
                data-month={m.month}
                to={onOpen(m.month)}
                aria-label={t('calendar.openMonth', {
                  month: name,
                  orders: t('calendar.orders', { count: m.orders, value: formatCount(m.orders, lang) }),
                  parties: t('calendar.parties', { count: m.parties, value: formatCount(m.parties, lang) }),
                })}
              >
                <span className="ra-cal__month-name">{name}</span>
                <Counts figures={m} lang={lang} />
                <span className="ra-cal__sales">{formatCents(m.netSalesCents, lang)}</span>
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Order calendar (SPEC 2): total orders and total parties per business day of a month, or per month
 * of a year, with the restaurant's time-zone label, since a day here is the restaurant's business
 * day, not the viewer's. A day opens that day's transactions; a month of the year view opens the month.
 */
export function OrderCalendarView() {
  const { t, i18n } = useTranslation('analytics');
  const lang = toDisplayLanguage(i18n.language);
  const [search, setSearch] = useLatestSearch();
  const browserToday = useBusinessToday();
  const state = parseCalendarState(search, browserToday);
  const year = state.month.slice(0, 4);
  const monthQuery = useOrderCalendar(state.month, state.view === 'month');
  const yearQuery = useOrderCalendarYear(year, state.view === 'year');
  const query = state.view === 'month' ? monthQuery : yearQuery;
  const data = query.data;
  // the server's business day when it has one: it knows the restaurant's clock
  const today = data?.today || browserToday;
  // each change builds on the last one asked for, so two quick clicks on "next" move two months (useLatestSearch)
  const go = (next: (current: TCalendarState) => TCalendarState) =>
    setSearch((current) => calendarSearch(next(parseCalendarState(current, browserToday))), { replace: true });
  const step = (direction: 1 | -1) =>
    go((current) => ({
      ...current,
      month: shiftMonth(current.month, direction * (current.view === 'month' ? 1 : 12)),
    }));

  if (query.isError && !data) {
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
  const totals = data?.totals;
  return (
    <div className="ra-cal">
      <div className="ra-cal__toolbar">
        <div className="ra-cal__nav">
          <Button
            icon={<LeftOutlined />}
            aria-label={state.view === 'month' ? t('calendar.previousMonth') : t('calendar.previousYear')}
            onClick={() => step(-1)}
          />
          <h2 className="ra-cal__title" aria-live="polite">
            {state.view === 'month' ? formatMonth(state.month, lang) : year}
          </h2>
          <Button
            icon={<RightOutlined />}
            aria-label={state.view === 'month' ? t('calendar.nextMonth') : t('calendar.nextYear')}
            onClick={() => step(1)}
          />
          <Button onClick={() => go((current) => ({ ...current, month: today.slice(0, 7) }))}>
            {t('calendar.current')}
          </Button>
        </div>
        <Segmented<'month' | 'year'>
          aria-label={t('calendar.view')}
          value={state.view}
          onChange={(view) => go((current) => ({ ...current, view }))}
          options={[
            { value: 'month', label: t('calendar.viewMonth') },
            { value: 'year', label: t('calendar.viewYear') },
          ]}
        />
      </div>
      {data && totals ? (
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
          <span className="ra-cal__totals" data-testid="calendar-totals">
            {t(state.view === 'month' ? 'calendar.monthTotals' : 'calendar.yearTotals', {
              year,
              orders: formatCount(totals.orders, lang),
              parties: formatCount(totals.parties, lang),
              sales: formatCents(totals.netSalesCents, lang),
            })}
          </span>
        </div>
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 1 }} />
      )}
      <Legend />
      {totals && totals.orders === 0 && (
        <Alert type="info" showIcon title={state.view === 'month' ? t('calendar.empty') : t('calendar.emptyYear')} />
      )}
      <Spin spinning={query.isFetching}>
        <div className="ra-cal__panel">
          {state.view === 'month' ? (
            <MonthGrid month={state.month} days={monthQuery.data?.days ?? []} today={today} lang={lang} />
          ) : (
            <YearGrid
              months={yearQuery.data?.months ?? []}
              today={today}
              lang={lang}
              onOpen={(month) => `?${calendarSearch({ view: 'month', month }).toString()}`}
            />
          )}
        </div>
      </Spin>
    </div>
  );
}
