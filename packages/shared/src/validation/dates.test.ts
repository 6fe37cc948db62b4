import { describe, expect, it } from 'vitest';
import { isSupportedDay, ZInstant, zIsoDay, ZIsoDay, zIsoMonth, ZIsoMonth, zIsoYear } from './dates.ts';
import { INPUT_MESSAGES } from './input.messages.ts';
import { FIRST_DAY, LAST_DAY } from './year-range.ts';

const messagesOf = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];
const notADay = INPUT_MESSAGES['validation.invalidDay'].en;
const outOfRange = INPUT_MESSAGES['validation.yearOutOfRange'].en;

describe('ZIsoDay', () => {
  it('accepts real days from the first to the last supported one', () => {
    for (const day of [FIRST_DAY, '2024-02-29', '2026-03-14', LAST_DAY]) expect(ZIsoDay.parse(day)).toBe(day);
  });

  it.each(['2024-02-30', '2026-02-29', '2026-13-01', 'abc', '', '2026-3-14', ' 2026-03-14', 'Mei\u0000'])(
    'calls %j not a date',
    (value) => {
      expect(messagesOf(ZIsoDay.safeParse(value))).toEqual([notADay]);
    },
  );

  it.each(['0000-01-01', '1999-12-31', '2101-01-01', '9999-12-31'])('refuses %s as outside the years, once', (day) => {
    expect(messagesOf(ZIsoDay.safeParse(day))).toEqual([outOfRange]);
  });

  it('refuses a number or nothing with the format message', () => {
    expect(messagesOf(ZIsoDay.safeParse(20260314))).toEqual([notADay]);
    expect(messagesOf(ZIsoDay.safeParse(undefined))).toEqual([notADay]);
  });

  it('takes a screen’s own wording for a malformed day', () => {
    expect(messagesOf(zIsoDay('Please choose a date').safeParse('2024-02-30'))).toEqual(['Please choose a date']);
  });

  it('answers the same through isSupportedDay', () => {
    expect([isSupportedDay('2026-03-14'), isSupportedDay('0000-01-01'), isSupportedDay(5)]).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe('ZIsoMonth', () => {
  it('accepts YYYY-MM in the supported years', () => {
    expect(ZIsoMonth.parse('2026-03')).toBe('2026-03');
    expect(ZIsoMonth.parse('2100-12')).toBe('2100-12');
  });

  it('refuses year 0 and years past the last one as outside the years', () => {
    expect(messagesOf(ZIsoMonth.safeParse('0000-01'))).toEqual([outOfRange]);
    expect(messagesOf(ZIsoMonth.safeParse('2101-01'))).toEqual([outOfRange]);
  });

  it('refuses what is not a month', () => {
    for (const value of ['2026-13', '2026-00', '2026-3', '2026-03-01', 'abc']) {
      expect(messagesOf(ZIsoMonth.safeParse(value)), value).toEqual([INPUT_MESSAGES['validation.invalidMonth'].en]);
    }
    expect(messagesOf(ZIsoMonth.safeParse('2026-03\u0000'))).toEqual([
      INPUT_MESSAGES['validation.invalidCharacters'].en,
    ]);
  });
});

describe('zIsoMonth and zIsoYear', () => {
  it('take a screen’s own wording for a malformed value and keep the year rule', () => {
    expect(messagesOf(zIsoMonth('Pick a month').safeParse('2026-3'))).toEqual(['Pick a month']);
    expect(messagesOf(zIsoMonth('Pick a month').safeParse('0000-01'))).toEqual([outOfRange]);
    expect(zIsoYear().parse('2026')).toBe('2026');
    expect(messagesOf(zIsoYear('Pick a year').safeParse('26'))).toEqual(['Pick a year']);
    expect(messagesOf(zIsoYear().safeParse('2999'))).toEqual([outOfRange]);
    expect(messagesOf(zIsoYear().safeParse('0000'))).toEqual([outOfRange]);
  });
});

describe('ZInstant', () => {
  it('accepts ISO date-times with Z or an offset', () => {
    for (const value of ['2026-03-14T19:30:00-04:00', '2026-03-14T23:30:00.123Z', '2000-01-01T00:00:00+14:00']) {
      expect(ZInstant.parse(value)).toBe(value);
    }
  });

  it('refuses a local time, an impossible day and a missing seconds field', () => {
    for (const value of ['2026-03-14T19:30:00', '2026-02-30T10:00:00Z', '2026-03-14T19:30Z', '2026-03-14']) {
      expect(messagesOf(ZInstant.safeParse(value)), value).toEqual([INPUT_MESSAGES['validation.invalidDateTime'].en]);
    }
  });

  it('refuses year 0 and far-future years as outside the years', () => {
    expect(messagesOf(ZInstant.safeParse('0000-01-01T00:00:00Z'))).toEqual([outOfRange]);
    expect(messagesOf(ZInstant.safeParse('9999-12-31T23:59:59Z'))).toEqual([outOfRange]);
  });
});
