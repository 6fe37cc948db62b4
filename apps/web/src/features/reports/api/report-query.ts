import type { TReportSection } from '@ra/shared/reports/reports.schemas';
import type { TReportRange } from '../report-range.ts';
import type { TListSort } from '../report-sort.ts';

/** What every report request sends (shared ZReportQuery): the days, the preset and compare on. */
export function reportQuery(
  range: TReportRange,
  extra: Record<string, string | number | undefined> = {},
): Record<string, string | number | boolean | undefined> {
  return { from: range.from, to: range.to, preset: range.preset, compare: true, ...extra };
}

/** Query keys: ['reports', section, range, extra]; a restaurant switch clears the whole client. */
export const reportKey = (section: TReportSection, range: TReportRange, extra?: Record<string, unknown>) =>
  ['reports', section, { from: range.from, to: range.to, preset: range.preset }, extra ?? {}] as const;

/** The pages show their own error state with a retry, so the global toast stays quiet. */
export const REPORT_REQUEST = { silent: true } as const;

/** One page of an event list in one order (shared ZCompsVoidsQuery / ZPayoutsQuery). */
export interface TListRequest<TKey extends string = string> extends TListSort<TKey> {
  page: number;
  pageSize: number;
}

/** The query of one page of an event list: the order applies to the whole range, then it is paged. */
export function listQuery(range: TReportRange, request: TListRequest) {
  return reportQuery(range, {
    page: request.page,
    pageSize: request.pageSize,
    sort: request.sort,
    order: request.order,
  });
}
