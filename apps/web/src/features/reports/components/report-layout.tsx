import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useLatestSearch } from '../../../lib/use-latest-search.ts';
import { useTranslation } from 'react-i18next';
import { gmtLabel, isValidTimeZone } from '@ra/shared/business-day/business-day';
import { LastSalesNotice } from '../../../components/last-sales-notice.tsx';
import { fallbackDay, openedOnLastSalesDay, opensOnDefault } from '../../../lib/last-sales-day.ts';
import { useNarrow } from '../../../lib/media-query.ts';
import { salesSummaryQueryOptions } from '../api/get-sales-summary.ts';
import { useReportRange } from '../hooks/use-report-range.ts';
import { days } from '../report-format.ts';
import { parseReportRange, previousRangeOf, searchOpenedOnLastSales, type TReportRange } from '../report-range.ts';
import { SectionSkeleton } from './query-state.tsx';
import { SALES_REPORT_SECTIONS } from '../report-sections.ts';
import { DateRangeBar } from './date-range-bar.tsx';
import { loadedReportTabs, loadReportTabs } from '../api/prefetch-sales-summary.ts';
import { useSession } from '../../../stores/session.ts';
import './reports.css';

/** The tabs of a wide screen (report-tabs.tsx); until their code is here, the section under a bar of their height. */
const LazyReportTabs = lazy(async () => ({ default: await loadReportTabs() }));

/**
 * The frame of every sales report section: the sections as tabs (switching keeps the period; on a
 * phone a list, since ten tabs do not fit), the period picker, and which days are compared with which,
 * in which time zone. The section is rendered inside its tab's panel, so assistive technology reads
 * the tab and its content together.
 */
export function ReportLayout({ children }: { children: (range: TReportRange) => ReactNode }) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { range: urlRange, today, choosePreset, chooseDays } = useReportRange();
  const narrow = useNarrow();
  // chosen once per mount: the loaded strip when the route's loader already has it (no suspending, no
  // second draw), the lazy one otherwise; switching between them later would draw the report anew
  const [ReportTabs] = useState(() => loadedReportTabs() ?? LazyReportTabs);
  const timeZone = useSession((s) => s.locales?.timeZone);
  const zoneLabel = timeZone && isValidTimeZone(timeZone) ? `${timeZone} (${gmtLabel(timeZone)})` : null;
  const go = (path: string) => navigate(`${path}${search}`);
  // Opened without days before the day's first sale: open on the last business day with sales instead
  // of a page of zeros (lib/last-sales-day.ts). Today's summary says which day that is; it is the same
  // request the summary section makes, so staying on today costs nothing more. The summary's route
  // loader usually moves the page before it renders (features/reports/api/prefetch-sales-summary.ts,
  // issue 21); when the answer comes later, the page shows that day as soon as the answer names it and
  // the URL follows here: drawing today's skeleton first, then that day once the URL had moved, cost a
  // second render of the whole report before its first figures.
  const [searchParams, setSearchParams] = useLatestSearch();
  const opening = opensOnDefault(searchParams);
  const todaySummary = useQuery({ ...salesSummaryQueryOptions(urlRange), enabled: opening });
  const fallback = opening ? fallbackDay(today, todaySummary.data?.lastSalesDay) : null;
  const movedSearch = useMemo(
    () => (fallback ? searchOpenedOnLastSales(searchParams, today, fallback) : null),
    [fallback, searchParams, today],
  );
  const range = useMemo(
    () => (movedSearch ? parseReportRange(movedSearch, today) : urlRange),
    [movedSearch, today, urlRange],
  );
  useEffect(() => {
    if (fallback) setSearchParams((current) => searchOpenedOnLastSales(current, today, fallback), { replace: true });
  }, [fallback, today, setSearchParams]);
  const previous = previousRangeOf(range);
  const deciding = opening && todaySummary.isPending;
  const openedOn = openedOnLastSalesDay(movedSearch ?? searchParams);
  const active = SALES_REPORT_SECTIONS.some((s) => s.path === pathname) ? pathname : SALES_REPORT_SECTIONS[0].path;

  const body = (
    <div className="ra-report__content">
      <div className="ra-report__bar">
        <DateRangeBar range={range} today={today} onPreset={choosePreset} onDays={chooseDays} />
        <p className="ra-report__period" data-testid="report-period">
          {t('range.comparing', { current: days(range), previous: days(previous) })}
          {zoneLabel && <span className="ra-report__zone"> · {t('range.timeZone', { zone: zoneLabel })}</span>}
        </p>
      </div>
      {openedOn && <LastSalesNotice day={openedOn} today={today} />}
      {deciding ? <SectionSkeleton shape="cards" /> : children(range)}
    </div>
  );

  if (narrow) {
    return (
      <div className="ra-report">
        <Select
          className="ra-report__section-select"
          aria-label={t('sections.label')}
          value={active}
          onChange={go}
          options={SALES_REPORT_SECTIONS.map((s) => ({ value: s.path, label: t(s.titleKey) }))}
        />
        <section aria-label={t(SALES_REPORT_SECTIONS.find((s) => s.path === active)!.titleKey)}>{body}</section>
      </div>
    );
  }
  return (
    <div className="ra-report">
      <Suspense
        fallback={
          <>
            <div className="ra-report__tabs-loading" aria-busy="true" />
            {body}
          </>
        }
      >
        <ReportTabs active={active} onChange={go} body={body} />
      </Suspense>
    </div>
  );
}
