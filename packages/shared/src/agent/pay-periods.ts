/**
 * Semi-monthly pay periods (issue 13): the 1st–15th and the 16th to the end of the month. Dates are
 * 'YYYY-MM-DD' strings, read as calendar days with no time zone, so the arithmetic never drifts.
 */
export interface TPayPeriod {
  /** First day, inclusive. */
  start: string;
  /** Last day, inclusive. */
  end: string;
}

/**
 * The agent's own calendar and clock (docs/decisions.md "Agent area"): the product's agents are in the
 * US and their pay periods follow New York. Times about a restaurant are shown in that restaurant's zone;
 * times about the agency (applications, notifications, the team) in this one.
 */
export const AGENT_TIME_ZONE = 'America/New_York';

const pad = (n: number) => String(n).padStart(2, '0');

export function isoDay(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function parseDay(day: string): { year: number; month: number; day: number } {
  const [y, m, d] = day.split('-').map(Number);
  return { year: y!, month: m!, day: d! };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isValidDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const { year, month, day } = parseDay(value);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The pay period a day falls in. */
export function payPeriodOf(day: string): TPayPeriod {
  const { year, month, day: d } = parseDay(day);
  if (d <= 15) return { start: isoDay(year, month, 1), end: isoDay(year, month, 15) };
  return { start: isoDay(year, month, 16), end: isoDay(year, month, daysInMonth(year, month)) };
}

/** True when `start` is the first day of a pay period (the 1st or the 16th). */
export function isPayPeriodStart(start: string): boolean {
  return isValidDay(start) && (parseDay(start).day === 1 || parseDay(start).day === 16);
}

export function nextPayPeriod(period: TPayPeriod): TPayPeriod {
  return payPeriodOf(addDays(period.end, 1));
}

export function previousPayPeriod(period: TPayPeriod): TPayPeriod {
  return payPeriodOf(addDays(period.start, -1));
}

export function addDays(day: string, n: number): string {
  const { year, month, day: d } = parseDay(day);
  const t = new Date(Date.UTC(year, month - 1, d + n));
  return isoDay(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** Every day from start to end, inclusive. */
export function eachDay(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The two pay periods of a month ('YYYY-MM'). */
export function payPeriodsOfMonth(month: string): [TPayPeriod, TPayPeriod] {
  const first = payPeriodOf(`${month}-01`);
  return [first, nextPayPeriod(first)];
}
