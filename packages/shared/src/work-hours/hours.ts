/**
 * Clock arithmetic for timesheets (SPEC 9: "Work hours adjust to 15-minute blocks (step default 15);
 * stored as hundredths of an hour, shown as N.NNh"). Pure: used by the server's timesheet and payroll
 * export and by the browser's editor preview, so both show the same figures.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
/** SPEC 3 "workHoursSteps (default 15)". */
export const DEFAULT_WORK_HOURS_STEP = 15;

/**
 * A punch rounded to the nearest `stepMinutes` (7:07 -> 7:00, 7:08 -> 7:15 at 15; exactly half way
 * rounds up, as the FLSA's "7-minute rule" reads). Counted on the epoch, which matches local time for
 * every zone whose offset is a multiple of the step (all US zones at every step that divides the hour).
 */
export function roundPunch(ms: number, stepMinutes: number = DEFAULT_WORK_HOURS_STEP): number {
  if (!Number.isInteger(stepMinutes) || stepMinutes < 1 || stepMinutes > 60) {
    throw new RangeError(`workHoursSteps must be a whole number of minutes from 1 to 60, got ${stepMinutes}`);
  }
  const stepMs = stepMinutes * MINUTE_MS;
  return Math.floor(ms / stepMs + 0.5) * stepMs;
}

/** Hundredths of an hour in a duration (SPEC 9): 7 min = 12, 15 min = 25, 8 h = 800. Half a hundredth rounds up. */
export function msToHundredths(ms: number): number {
  // One hundredth of an hour is 36 seconds.
  return Math.floor(ms / 36_000 + 0.5);
}

/** '8.25h' (SPEC 9 "shown as N.NNh"); negative values keep their sign. */
export function formatHundredths(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(Math.round(hundredths));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}h`;
}

/** A duration in ms as N.NNh. Sum durations first, then format: rounding each part would drift. */
export function formatDuration(ms: number): string {
  return formatHundredths(msToHundredths(ms));
}

/** Length of the overlap of [a0, a1) and [b0, b1) in ms (0 when they do not meet). */
export function overlapMs(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

/** Labour cost as a percentage of net sales; null when there were no sales (no percentage, not 0%). */
export function laborPercent(laborCents: number, netSalesCents: number): number | null {
  return netSalesCents > 0 ? (laborCents / netSalesCents) * 100 : null;
}
