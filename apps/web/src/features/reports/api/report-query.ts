import type { TReportSection } from '@ra/shared/reports/reports.schemas';
import type { TReportRange } from '../report-range.ts';

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
