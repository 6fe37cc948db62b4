import type { TLang } from '../errors.ts';

/**
 * Dish hours (SPEC 5 "Dish hour format e.g. 07:00-11:00;1-5 with days 0-6"): when a dish may be
 * sold. One range is `HH:MM-HH:MM;DAYS`, where DAYS is a day (`6`), a span (`1-5`) or a comma list of
 * those (`0,6` or `1-3,5`), 0 = Sunday as in `Date#getDay`. Several ranges are joined by `|`
 * (`07:00-11:00;1-5|08:00-12:00;0,6`). A range whose end is not after its start runs past midnight
 * (`22:00-02:00;5-6` is Friday and Saturday nights until 2 am the next morning); its days are the
 * days it starts on. `24:00` may end a range. Empty text means "always".
 */
export interface TDishHourRange {
  /** Minutes after midnight, 0–1439. */
  startMinutes: number;
  /** Minutes after midnight, 1–1440; at or below `startMinutes` means the next day. */
  endMinutes: number;
  /** Ascending, distinct, 0 = Sunday. */
  days: number[];
}

export const DISH_HOURS_RANGE_SEPARATOR = '|';

const RANGE =
  /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*;\s*([0-6](?:\s*-\s*[0-6])?(?:\s*,\s*[0-6](?:\s*-\s*[0-6])?)*)$/;

function parseDays(text: string): number[] | null {
  const days = new Set<number>();
  for (const part of text.split(',')) {
    const [from, to = from] = part.split('-').map((d) => Number(d.trim())) as [number, number?];
    if (to < from) return null; // "5-1" is more likely a typo than "Fri to Mon"; write "5-6,0-1"
    for (let d = from; d <= to; d += 1) days.add(d);
  }
  return [...days].sort((a, b) => a - b);
}

function parseRange(text: string): TDishHourRange | null {
  const match = RANGE.exec(text.trim());
  if (!match) return null;
  const [sh, sm, eh, em] = match.slice(1, 5).map(Number) as [number, number, number, number];
  if (sh > 23 || sm > 59 || eh > 24 || em > 59 || (eh === 24 && em !== 0)) return null;
  const startMinutes = sh * 60 + sm;
  const endMinutes = eh * 60 + em;
  if (startMinutes === endMinutes) return null;
  const days = parseDays(match[5]!);
  if (!days) return null;
  return { startMinutes, endMinutes: endMinutes === 0 ? 1440 : endMinutes, days };
}

/**
 * The ranges of a dish-hour text, `[]` for empty text ("always"), or null when any range is malformed
 * (a half-understood schedule would sell dishes at the wrong times).
 */
export function parseDishHours(text: string): TDishHourRange[] | null {
  if (typeof text !== 'string') return null;
  if (text.trim() === '') return [];
  const ranges: TDishHourRange[] = [];
  for (const part of text.split(DISH_HOURS_RANGE_SEPARATOR)) {
    const range = parseRange(part);
    if (!range) return null;
    ranges.push(range);
  }
  return ranges;
}

export const isValidDishHours = (text: string): boolean => parseDishHours(text) !== null;

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function daysText(days: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < days.length;) {
    let j = i;
    while (j + 1 < days.length && days[j + 1] === days[j]! + 1) j += 1;
    parts.push(j === i ? String(days[i]) : `${days[i]}-${days[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** The canonical text of ranges (what the server stores): `07:00-11:00;1-5|22:00-02:00;5-6`. */
export function formatDishHours(ranges: TDishHourRange[]): string {
  return ranges
    .map((r) => `${hhmm(r.startMinutes)}-${hhmm(r.endMinutes)};${daysText(r.days)}`)
    .join(DISH_HOURS_RANGE_SEPARATOR);
}

/** Canonical form of a valid text (spaces dropped, days merged), or null when it is not valid. */
export function normaliseDishHours(text: string): string | null {
  const ranges = parseDishHours(text);
  return ranges === null ? null : formatDishHours(ranges);
}

/**
 * Whether a dish with these ranges is on sale at a local weekday (0 = Sunday) and minute of the day.
 * A past-midnight range counts on its start day from its start, and on the next day until its end.
 * No ranges means always.
 */
export function isWithinDishHours(ranges: TDishHourRange[], weekday: number, minuteOfDay: number): boolean {
  if (ranges.length === 0) return true;
  const yesterday = (weekday + 6) % 7;
  return ranges.some((r) => {
    if (r.endMinutes > r.startMinutes) {
      return r.days.includes(weekday) && minuteOfDay >= r.startMinutes && minuteOfDay < r.endMinutes;
    }
    return (
      (r.days.includes(weekday) && minuteOfDay >= r.startMinutes) ||
      (r.days.includes(yesterday) && minuteOfDay < r.endMinutes)
    );
  });
}

/**
 * The next minute (counted from `minuteOfWeek`, Sunday 00:00 = 0) at which the answer of
 * `isWithinDishHours` may change; the published menu is cached until then. Null when it never does.
 */
export function nextDishHourBoundary(ranges: TDishHourRange[], minuteOfWeek: number): number | null {
  const week = 7 * 1440;
  let best: number | null = null;
  for (const r of ranges) {
    for (const day of r.days) {
      const start = day * 1440 + r.startMinutes;
      const end = day * 1440 + (r.endMinutes > r.startMinutes ? r.endMinutes : r.endMinutes + 1440);
      for (const at of [start, end]) {
        const ahead = (((at - minuteOfWeek) % week) + week) % week || week;
        if (best === null || ahead < best) best = ahead;
      }
    }
  }
  return best;
}

const DAY_NAMES: Record<TLang, string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  zh: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
};
const WORDS = {
  en: {
    always: 'Any time',
    everyDay: 'Every day',
    weekdays: 'Mon–Fri',
    weekend: 'Sat–Sun',
    to: '–',
    list: ', ',
    nextDay: ' (next day)',
    join: '; ',
  },
  zh: {
    always: '全天供应',
    everyDay: '每天',
    weekdays: '周一至周五',
    weekend: '周六至周日',
    to: '至',
    list: '、',
    nextDay: '（次日）',
    join: '；',
  },
} as const;

const clock = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

function daysInWords(days: number[], lang: TLang): string {
  const w = WORDS[lang];
  if (days.length === 7) return w.everyDay;
  const key = days.join(',');
  if (key === '1,2,3,4,5') return w.weekdays;
  if (key === '0,6') return w.weekend;
  const parts: string[] = [];
  for (let i = 0; i < days.length;) {
    let j = i;
    while (j + 1 < days.length && days[j + 1] === days[j]! + 1) j += 1;
    const from = DAY_NAMES[lang][days[i]!]!;
    const to = DAY_NAMES[lang][days[j]!]!;
    parts.push(j === i ? from : j === i + 1 ? from + w.list + to : from + w.to + to);
    i = j + 1;
  }
  return parts.join(w.list);
}

/**
 * Dish hours in words: "Mon–Fri 7:00–11:00", "周一至周五 7:00–11:00", "Fri–Sat 22:00–2:00 (next day)".
 * Invalid text comes back as it was written.
 */
export function describeDishHours(text: string, lang: TLang): string {
  const ranges = parseDishHours(text);
  if (ranges === null) return text;
  const w = WORDS[lang];
  if (ranges.length === 0) return w.always;
  return ranges
    .map((r) => {
      const overnight = r.endMinutes <= r.startMinutes;
      const hours = `${clock(r.startMinutes)}–${clock(r.endMinutes)}${overnight ? w.nextDay : ''}`;
      return `${daysInWords(r.days, lang)} ${hours}`;
    })
    .join(w.join);
}
