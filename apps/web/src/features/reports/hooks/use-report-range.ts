import { useCallback, useMemo } from 'react';
import { useLatestSearch } from '../../../lib/use-latest-search.ts';
import type { TDatePreset, TDayRange } from '@ra/shared/business-day/date-range';
import { useSession } from '../../../stores/session.ts';
import {
  businessToday,
  parseReportRange,
  rangeForPreset,
  withReportRange,
  type TReportRange,
} from '../report-range.ts';

/** The restaurant's business day now, from the session's time zone and end-of-day hour. */
export function useBusinessToday(): string {
  const timeZone = useSession((s) => s.locales?.timeZone);
  const offset = useSession((s) => s.hourOffsetEndOfDay);
  return businessToday(timeZone, offset);
}

/** The report range kept in the URL query; changing it replaces the query so Back leaves the report. */
export function useReportRange(): {
  range: TReportRange;
  today: string;
  choosePreset: (preset: Exclude<TDatePreset, 'custom'>) => void;
  chooseDays: (days: TDayRange) => void;
} {
  const [search, setSearch] = useLatestSearch();
  const today = useBusinessToday();
  const range = useMemo(() => parseReportRange(search, today), [search, today]);
  const write = useCallback(
    (next: TReportRange) => setSearch((current) => withReportRange(current, next), { replace: true }),
    [setSearch],
  );
  const choosePreset = useCallback(
    (preset: Exclude<TDatePreset, 'custom'>) => write(rangeForPreset(preset, today)),
    [write, today],
  );
  const chooseDays = useCallback((days: TDayRange) => write({ preset: 'custom', ...days }), [write]);
  return { range, today, choosePreset, chooseDays };
}

/** The restaurant's time zone for showing instants (SPEC 9 format), or undefined for the browser's own. */
export function useRestaurantTimeZone(): string | undefined {
  const timeZone = useSession((s) => s.locales?.timeZone);
  return timeZone && timeZone !== 'Unknown' ? timeZone : undefined;
}
