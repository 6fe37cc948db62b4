import type { TSheetShift, TWorkDurationResponse } from '@ra/shared/work-hours/work-hours.schemas';

export interface TDayCard {
  day: string;
  /** Hundredths of an hour across everyone that day. */
  total: number;
  shifts: Array<{ name: string; shift: TSheetShift }>;
}

/** The phone layout's cards: business days that have shifts, newest first, each day's shifts by clock-in. */
export function dayCards(sheet: TWorkDurationResponse['timesheet']): TDayCard[] {
  const byDay = new Map<string, TDayCard>();
  for (const row of sheet.rows) {
    for (const shift of row.shifts) {
      const card = byDay.get(shift.businessDay) ?? { day: shift.businessDay, total: 0, shifts: [] };
      card.shifts.push({ name: row.name, shift });
      card.total += shift.paid;
      byDay.set(shift.businessDay, card);
    }
  }
  return [...byDay.values()]
    .sort((a, b) => b.day.localeCompare(a.day))
    .map((card) => ({ ...card, shifts: card.shifts.sort((a, b) => a.shift.clockInAt - b.shift.clockInAt) }));
}
