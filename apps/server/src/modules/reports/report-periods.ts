import { comparisonRange, type TDatePreset, type TDayRange } from '@ra/shared/business-day/date-range';
import type { TSameTimeOut } from '@ra/shared/reports/reports.schemas';
import { sameTimeCutoff, type TSameTime } from '@ra/shared/reports/same-time';
import type { Clock } from '../../lib/clock.ts';
import type { ReportsRepository } from './reports.repository.ts';

/** What every section's query says about its periods. */
export type TPeriodQuery = { from: string; to: string; compare: boolean; preset: TDatePreset };

/** Sorted by net (or amount) descending, then by name, so ties read the same way every time. */
export const byAmountThenName =
  <T>(amount: (row: T) => number, name: (row: T) => string) =>
  (a: T, b: T) =>
    amount(b) - amount(a) || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);

/**
 * The asked period of a report section and its comparison period (`comparisonRange` of the picker's
 * preset), shared by the report services.
 */
export class ReportPeriods {
  constructor(
    private readonly repo: Pick<ReportsRepository, 'clock'>,
    private readonly clock: Clock,
  ) {}

  /** The asked range and, when comparing, the range it is compared with. */
  of(query: TPeriodQuery): { range: TDayRange; previousRange: TDayRange | null } {
    const range: TDayRange = { from: query.from, to: query.to };
    return { range, previousRange: query.compare ? comparisonRange(query.preset, range) : null };
  }

  /**
   * Every section reads the asked period and, when comparing, the one before it, side by side. When
   * the asked period ends with the business day in progress, the comparison period is loaded with
   * `until`, the same time into its last day (shared same-time.ts), and `sameTime` says so; a period
   * that is over is compared whole (`until` null).
   */
  async both<T>(
    restaurantId: number,
    query: TPeriodQuery,
    load: (range: TDayRange, until: Date | null) => Promise<T>,
  ): Promise<{
    range: TDayRange;
    previousRange: TDayRange | null;
    sameTime: TSameTimeOut;
    current: T;
    previous: T | null;
  }> {
    const { range, previousRange } = this.of(query);
    const clock = previousRange ? await this.repo.clock(restaurantId) : null;
    const cut: TSameTime | null =
      previousRange && clock
        ? sameTimeCutoff(this.clock.now(), range, previousRange, clock.timeZone, clock.hourOffsetEndOfDay)
        : null;
    const [current, previous] = await Promise.all([
      load(range, null),
      previousRange ? load(previousRange, cut?.previousUntil ?? null) : null,
    ]);
    const sameTime = cut ? { asOf: cut.asOf.toISOString(), previousUntil: cut.previousUntil.toISOString() } : null;
    return { range, previousRange, sameTime, current, previous };
  }
}
