import {
  CHANNELS,
  rangeSpan,
  type TBusinessDay,
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
  weekly: Array<Pick<TBusinessDay, 'day' | 'closed' | 'ranges'>>;
  specialDays: Array<{ date: string; closed: boolean; ranges: TTimeRange[]; note: string }>;
  /** Dates closed all day (SPEC 3 "holiday dates"), when not also a special day. */
  holidays: string[];
  channels: Record<TChannel, TChannelState>;
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
    out.push({ date, weekday, source, note, channels });
  }
  return out;
}
