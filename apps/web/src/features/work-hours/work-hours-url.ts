import { isIsoDay } from '@ra/shared/business-day/calendar-day';
import { zonedParts } from '@ra/shared/business-day/business-day';

/**
 * The page's state as it lives in the URL, so a refresh or a shared link shows the same thing:
 * `period` (any business day inside it; default today's), `shift` (the shift open in the editor),
 * `add` (the employee a new shift is being added for), `dialog` ('close', 'reopen' or 'setup', the pay setup drawer)
 * and `view` (the hours, or the period's tips: issue 23).
 */
export interface TWorkHoursUrl {
  period: string | null;
  shift: number | null;
  add: string | null;
  dialog: 'close' | 'reopen' | 'setup' | null;
  view?: 'hours' | 'tips';
}

export function parseWorkHoursUrl(search: URLSearchParams): TWorkHoursUrl {
  const period = search.get('period');
  const shift = Number(search.get('shift'));
  const add = search.get('add');
  const dialog = search.get('dialog');
  return {
    period: period && isIsoDay(period) ? period : null,
    shift: Number.isSafeInteger(shift) && shift > 0 ? shift : null,
    add: add && /^[A-Za-z0-9]{1,40}$/.test(add) ? add : null,
    dialog: dialog === 'close' || dialog === 'reopen' || dialog === 'setup' ? dialog : null,
    ...(search.get('view') === 'tips' ? { view: 'tips' as const } : {}),
  };
}

export function workHoursSearch(state: TWorkHoursUrl): URLSearchParams {
  const out = new URLSearchParams();
  if (state.period) out.set('period', state.period);
  if (state.shift !== null) out.set('shift', String(state.shift));
  if (state.add) out.set('add', state.add);
  if (state.dialog) out.set('dialog', state.dialog);
  if (state.view === 'tips') out.set('view', 'tips');
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the restaurant's wall-clock 'YYYY-MM-DDTHH:mm', for a datetime-local input. */
export function toZonedInput(ms: number, timeZone: string): string {
  const p = zonedParts(ms, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * The instant the restaurant's clocks read `value` ('YYYY-MM-DDTHH:mm'), whatever zone the browser is
 * in; null when it is not a time. A time skipped by daylight saving resolves to the hour after.
 */
export function fromZonedInput(value: string, timeZone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wanted = Date.UTC(y, mo - 1, d, h, mi);
  let guess = wanted;
  // Two passes settle the zone's offset at that moment (it may differ on either side of a change).
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(guess, timeZone);
    guess += wanted - Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  }
  return guess;
}
