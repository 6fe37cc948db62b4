import { laborPercent as pct } from '@ra/shared/work-hours/hours';
import type { TWorkDurationResponse } from '@ra/shared/work-hours/work-hours.schemas';

/**
 * Labour cost against net sales: one row per business day of the period, and one per hour of the day
 * that had either (labour % is empty when there were no sales).
 */
export function laborRows(sheet: TWorkDurationResponse['timesheet']) {
  const byDay = sheet.days.map((day) => {
    const laborCents = sheet.laborCents[day] ?? 0;
    const salesCents = sheet.netSalesCents[day] ?? 0;
    return { day, hours: sheet.dayTotals[day] ?? 0, laborCents, salesCents, percent: pct(laborCents, salesCents) };
  });
  const byHour = Array.from({ length: 24 }, (_, hour) => {
    const laborCents = sheet.laborByHourCents[hour] ?? 0;
    const salesCents = sheet.netSalesByHourCents[hour] ?? 0;
    return { hour, laborCents, salesCents, percent: pct(laborCents, salesCents) };
  }).filter((r) => r.laborCents > 0 || r.salesCents > 0);
  return { byDay, byHour };
}
