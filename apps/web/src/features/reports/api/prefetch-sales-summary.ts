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
 * sales (ReportLayout, lib/last-sales-day.ts): the loader asks for that day's summary as soon as
 * today's answer names it, so the page that moves finds it ready instead of asking only then (the
 * notice and the figures were the page's largest paint, one round trip and one render later).
 */
export async function prefetchSalesSummary(url: URL): Promise<void> {
  if (!(await whenRestInfoLoaded())) return;
  const session = useSession.getState();
  if (session.PagePermissions.viewSalesReport !== true) return;
  const today = businessToday(session.locales?.timeZone, session.hourOffsetEndOfDay);
  const options = salesSummaryQueryOptions(parseReportRange(url.searchParams, today));
  await queryClient.prefetchQuery(options);
  if (!opensOnDefault(url.searchParams)) return;
  const fallback = fallbackDay(today, queryClient.getQueryData(options.queryKey)?.lastSalesDay);
  if (!fallback) return;
  const moved = searchOpenedOnLastSales(url.searchParams, today, fallback);
  await queryClient.prefetchQuery(salesSummaryQueryOptions(parseReportRange(moved, today)));
}
