import { queryClient } from '../../../lib/query-client.ts';
import { useSession, whenRestInfoLoaded } from '../../../stores/session.ts';
import { businessToday, parseReportRange } from '../report-range.ts';
import { salesSummaryQueryOptions } from './get-sales-summary.ts';

/**
 * The sales summary route's loader (issue 21): starts the summary of the period in the address (the
 * default period when there is none) as soon as the session's permissions and time zone are known,
 * while the report's code downloads, into the cache entry the report reads (its opening check and the
 * summary section share it): one request.
 */
export async function prefetchSalesSummary(url: URL): Promise<void> {
  if (!(await whenRestInfoLoaded())) return;
  const s = useSession.getState();
  if (s.PagePermissions.viewSalesReport !== true) return;
  const range = parseReportRange(url.searchParams, businessToday(s.locales?.timeZone, s.hourOffsetEndOfDay));
  await queryClient.prefetchQuery(salesSummaryQueryOptions(range));
}
