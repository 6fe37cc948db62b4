import {
  CHANNELS,
  rangeSpan,
  type TWeekdayHours,
  type TChannel,
  type TEffectiveDay,
  type TTimeRange,
} from './business.schemas.ts';

/** A local wall-clock moment at the restaurant: its calendar day and minutes after midnight. */
export interface TLocalMoment {
  date: string;
  minutes: number;
}

/** How a channel stands apart from the store's hours (SPEC: per-channel pauses; busy mode). */
export interface TChannelState {
  enabled: boolean;
  /** Paused from now until this moment (ordering off meanwhile). */
  pausedUntil?: TLocalMoment | null;
  /** Open, but every order takes extraMinutes more until this moment. */
  busyUntil?: TLocalMoment | null;
  extraMinutes?: number | null;
}

export interface TEffectiveHoursInput {
  /** Today at the restaurant; the view starts here. */
  now: TLocalMoment;
  days: number;
  weekly: Array<Pick<TWeekdayHours, 'day' | 'closed' | 'ranges'>>;
  specialDays: Array<{ date: string; closed: boolean; ranges: TTimeRange[]; note: string }>;
  /** Dates closed all day (SPEC 3 "holiday dates"), when not also a special day. */
  holidays: string[];
  channels: Record<TChannel, TChannelState>;
  /**
   * Dishes sold only at some hours (the menu's dish hours), grouped by their hours: each group shows,
   * per day, the part of its hours the store is open.
   */
  dishGroups?: TDishGroupInput[];
  /** Connected delivery platforms: their own hours (or the store's) and a pause. */
  platforms?: TPlatformInput[];
}

export interface TDishGroupInput {
  /** The dish-hour text as the menu stores it (`06:00-11:30;0-6`), the group's key. */
  hours: string;
  ranges: Array<{ startMinutes: number; endMinutes: number; days: number[] }>;
  items: string[];
}

export interface TPlatformInput {
  platform: string;
  label: string;
  sameAsRestaurant: boolean;
  /** Index 0 is Sunday; ranges as 'HH:MM' (a close before the open runs past midnight). */
  weekly: TTimeRange[][];
  /** Paused: until this moment, or (paused with no end) every day shown. */
  paused: boolean;
  pausedUntil: TLocalMoment | null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor((minutes % 1440) / 60))}:${pad(minutes % 60)}`;

/** 'YYYY-MM-DD' plus n days, on the calendar alone (no time zone can move it). */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

type TSpan = { start: number; end: number };

/** Keeps the part of each span from `from` minutes on (spans running past midnight keep their end). */
function clipFrom(spans: TSpan[], from: number): TSpan[] {
  return spans.map((s) => ({ start: Math.max(s.start, from), end: s.end })).filter((s) => s.start < s.end);
}

/** The minutes both lists share (each sorted or not; the answer is sorted). */
function intersect(a: TSpan[], b: TSpan[]): TSpan[] {
  const out: TSpan[] = [];
  for (const x of a)
    for (const y of b) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (start < end) out.push({ start, end });
    }
  return out.sort((p, q) => p.start - q.start);
}

/**
 * A dish group's hours that start on `weekday`, as spans of that day (past midnight above 1440), plus
 * the end of the night before's overnight range (it belongs to the store's day that opened then).
 */
function dishSpans(ranges: TDishGroupInput['ranges'], weekday: number): TSpan[] {
  const spans: TSpan[] = [];
  const yesterday = (weekday + 6) % 7;
  for (const r of ranges) {
    const overnight = r.endMinutes <= r.startMinutes;
    if (r.days.includes(weekday))
      spans.push({ start: r.startMinutes, end: overnight ? r.endMinutes + 1440 : r.endMinutes });
    if (overnight && r.days.includes(yesterday)) spans.push({ start: 0, end: r.endMinutes });
  }
  return spans;
}

const toRanges = (spans: TSpan[]) =>
  spans.map((s) => ({ open: hhmm(s.start), close: hhmm(s.end), overnight: s.end > 1440 }));

/** How a pause ending at `until` leaves `spans` on `date` (the same rule as a channel's pause). */
function pausedSpans(spans: TSpan[], date: string, until: TLocalMoment | null, indefinite: boolean) {
  if (indefinite) return { spans: [] as TSpan[], paused: spans.length > 0, until: null as string | null };
  if (!until || date > until.date || spans.length === 0) return { spans, paused: false, until: null };
  if (date < until.date) return { spans: [] as TSpan[], paused: true, until: null };
  return { spans: clipFrom(spans, until.minutes), paused: true, until: hhmm(until.minutes) };
}

/**
 * What each channel will offer on each of the next `days` days: the weekday's ranges, replaced by a
 * special day's (or closed by a holiday), then per channel switched off, paused until a moment, or
 * marked busy. A range past midnight stays on the day it opens and is flagged `overnight`.
 */
export function effectiveHours(input: TEffectiveHoursInput): TEffectiveDay[] {
  const special = new Map(input.specialDays.map((s) => [s.date, s]));
  const holidays = new Set(input.holidays);
  const out: TEffectiveDay[] = [];
  for (let i = 0; i < input.days; i += 1) {
    const date = addDays(input.now.date, i);
    const weekday = weekdayOf(date);
    const sp = special.get(date);
    let source: TEffectiveDay['source'] = 'weekly';
    let note = '';
    let ranges: TTimeRange[];
    if (sp) {
      source = sp.closed ? 'holiday' : 'special';
      note = sp.note;
      ranges = sp.closed ? [] : sp.ranges;
    } else if (holidays.has(date)) {
      source = 'holiday';
      ranges = [];
    } else {
      const day = input.weekly.find((d) => d.day === weekday);
      ranges = !day || day.closed ? [] : day.ranges;
    }
    const spans: TSpan[] = ranges
      .map(rangeSpan)
      .map(([start, end]) => ({ start, end }))
      .sort((a, b) => a.start - b.start);

    const channels = CHANNELS.map((channel) => {
      const state = input.channels[channel];
      let own = spans;
      let reason: TEffectiveDay['channels'][number]['reason'] = null;
      let until: string | null = null;
      let extraMinutes: number | null = null;
      if (!state.enabled) {
        own = [];
        reason = 'disabled';
      } else if (state.pausedUntil && date <= state.pausedUntil.date && spans.length > 0) {
        reason = 'paused';
        if (date < state.pausedUntil.date) own = [];
        else {
          own = clipFrom(spans, state.pausedUntil.minutes);
          until = hhmm(state.pausedUntil.minutes);
        }
      } else if (state.busyUntil && date <= state.busyUntil.date && spans.length > 0) {
        reason = 'busy';
        extraMinutes = state.extraMinutes ?? null;
        if (date === state.busyUntil.date) until = hhmm(state.busyUntil.minutes);
      }
      return {
        channel,
        ranges: own.map((s) => ({ open: hhmm(s.start), close: hhmm(s.end), overnight: s.end > 1440 })),
        reason,
        extraMinutes,
        until,
      };
    });
    const dishes = (input.dishGroups ?? []).map((group) => ({
      hours: group.hours,
      items: group.items,
      ranges: toRanges(intersect(spans, dishSpans(group.ranges, weekday))),
    }));
    const platforms = (input.platforms ?? []).map((p) => {
      const own = p.sameAsRestaurant
        ? spans
        : (p.weekly[weekday] ?? [])
            .map(rangeSpan)
            .map(([start, end]) => ({ start, end }))
            .sort((a, b) => a.start - b.start);
      const after = pausedSpans(own, date, p.pausedUntil, p.paused && !p.pausedUntil);
      return {
        platform: p.platform,
        label: p.label,
        ranges: toRanges(after.spans),
        reason: after.paused ? ('paused' as const) : null,
        until: after.until,
      };
    });
    out.push({ date, weekday, source, note, channels, dishes, platforms });
  }
  return out;
}
