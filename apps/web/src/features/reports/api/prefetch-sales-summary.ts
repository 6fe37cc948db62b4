import { matchesMedia, NARROW_QUERY } from '../../../lib/media-query.ts';
import type ReportTabsComponent from '../components/report-tabs.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { fallbackDay, opensOnDefault } from '../../../lib/last-sales-day.ts';
import { useSession, whenRestInfoLoaded } from '../../../stores/session.ts';
import { businessToday, parseReportRange, searchOpenedOnLastSales } from '../report-range.ts';
import { salesSummaryQueryOptions } from './get-sales-summary.ts';

/**
 * The sales summary route's loader (issue 21): starts the summary of the days the URL names (today
 * by default) as soon as the session's permissions are known, while the frame and the report's code
 * still download, instead of once the section is on screen. It fills the cache entry the section and
 * the report frame read (`salesSummaryQueryOptions`), so they join the request in flight: one request.
 * Nothing for a visitor without a session (the guard sends them to sign in) or a user who may not
 * see sales (SPEC 6 viewSalesReport); the guard still decides the page.
 *
 * Opened without days before the day's first sale, the report moves to the last business day with
 * sales (lib/last-sales-day.ts): the loader asks for that day's summary as soon as today's answer
 * names it, and settles with that day's address, which the route's loader sends the page to before
 * it renders (app/router.tsx `prefetchLoader`): one render, on the final address, with that day's
 * figures. ReportLayout moves the page itself when the answer came too late for the loader.
 */
export async function prefetchSalesSummary(url: URL): Promise<string | undefined> {
  // A wide screen's report is drawn inside its tab strip (ReportLayout): the loader waits for its code
  // beside the figures, so the report is not drawn first without it, then drawn again inside it.
  const tabs = matchesMedia(NARROW_QUERY) ? undefined : loadReportTabs().catch(() => undefined);
  const moveTo = await prefetchFigures(url);
  await tabs;
  return moveTo;
}

async function prefetchFigures(url: URL): Promise<string | undefined> {
  if (!(await whenRestInfoLoaded())) return;
  const session = useSession.getState();
  if (session.PagePermissions.viewSalesReport !== true) return;
  const today = businessToday(session.locales?.timeZone, session.hourOffsetEndOfDay);
  const options = salesSummaryQueryOptions(parseReportRange(url.searchParams, today));
  await queryClient.prefetchQuery(options);
  if (!opensOnDefault(url.searchParams)) return undefined;
  const fallback = fallbackDay(today, queryClient.getQueryData(options.queryKey)?.lastSalesDay);
  if (!fallback) return undefined;
  const moved = searchOpenedOnLastSales(url.searchParams, today, fallback);
  // asked now; the moved page's own loader joins this request (the same cache entry) and waits for it
  void queryClient.prefetchQuery(salesSummaryQueryOptions(parseReportRange(moved, today)));
  return `${url.pathname}?${moved.toString()}`;
}

type TReportTabs = typeof ReportTabsComponent;

let loaded: TReportTabs | undefined;
let loading: Promise<TReportTabs> | undefined;

/**
 * The wide screen's tab strip (components/report-tabs.tsx), loaded once. The loader above waits for it
 * beside the figures, so ReportLayout draws the report inside its tabs at once instead of drawing it
 * bare, then again inside the tabs when their code arrives (issue 21). It lives here, with the loader,
 * so the page gets it without a script of its own. A failed load is tried again by the next caller.
 */
export function loadReportTabs(): Promise<TReportTabs> {
  loading ??= import('../components/report-tabs.tsx').then(
    (m) => (loaded = m.default),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The tab strip if its code is already here, so a render need not suspend for it. */
export function loadedReportTabs(): TReportTabs | undefined {
  return loaded;
}
