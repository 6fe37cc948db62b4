import type { TLang } from '../errors.ts';
import { toDate, toDateParts } from './date.ts';
import type { TTimeInput } from './date.ts';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Browser and server clocks disagree by a few seconds, so a time slightly in the future is
 * treated like one slightly in the past instead of being printed as a full date.
 */
const JUST_NOW_MS = 30 * SECOND_MS;

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function explicitDate(date: Date, lang: TLang, timeZone?: string): string {
  const parts = toDateParts(date, timeZone);
  if (!parts) return '';
  if (lang === 'zh') return `${parts.month}月${parts.day}日${parts.hour}时${parts.minute}分`;
  const minute = String(parts.minute).padStart(2, '0');
  return `${MONTHS_EN[parts.month - 1]} ${parts.day}, ${parts.hour}:${minute}`;
}

/**
 * How long ago `time` was, as SPEC 9 labels it: under 30 s "just now", under an hour minutes ago,
 * under a day hours ago, under two days "1 day ago", otherwise the explicit date and time
 * (`M月D日H时I分` in Chinese, `Mar 5, 14:07` in English) in `timeZone` (the runtime's zone when unset).
 *
 * Counts are rounded down with a floor of 1, so 59 min 59 s reads "59 minutes ago", not "60".
 * Returns '' when either time is invalid.
 */
export function relativeTime(
  time: TTimeInput,
  now: TTimeInput = Date.now(),
  lang: TLang = 'zh',
  timeZone?: string,
): string {
  const date = toDate(time);
  const nowDate = toDate(now);
  if (!date || !nowDate) return '';
  const elapsed = nowDate.getTime() - date.getTime();

  if (Math.abs(elapsed) < JUST_NOW_MS) return lang === 'zh' ? '刚刚' : 'just now';
  if (elapsed < 0) return explicitDate(date, lang, timeZone);
  if (elapsed < HOUR_MS) {
    const minutes = Math.max(1, Math.floor(elapsed / MINUTE_MS));
    if (lang === 'zh') return `${minutes}分钟前`;
    return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  }
  if (elapsed < DAY_MS) {
    const hours = Math.floor(elapsed / HOUR_MS);
    if (lang === 'zh') return `${hours}小时前`;
    return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  }
  if (elapsed < 2 * DAY_MS) return lang === 'zh' ? '1天前' : '1 day ago';
  return explicitDate(date, lang, timeZone);
}
