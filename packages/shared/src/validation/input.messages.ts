import type { TLang } from '../errors.ts';
import { FIRST_YEAR, LAST_YEAR } from './year-range.ts';

/**
 * Wording of the text and date rules every request schema shares (text.ts, dates.ts), in both
 * languages. Part of VALIDATION_MESSAGES; kept in a file of its own so the schema modules can import
 * it without importing the rest of the validation catalogue.
 */
export const INPUT_MESSAGES = {
  'validation.invalidCharacters': {
    en: 'This text contains a character that cannot be saved (a null character or a broken emoji)',
    zh: '此文本包含无法保存的字符（空字符或不完整的表情符号）',
  },
  'validation.invalidDay': { en: 'Please enter a date as YYYY-MM-DD', zh: '请按 YYYY-MM-DD 格式输入日期' },
  'validation.invalidMonth': { en: 'Please enter a month as YYYY-MM', zh: '请按 YYYY-MM 格式输入月份' },
  'validation.invalidYear': { en: 'Please enter a year as YYYY', zh: '请按 YYYY 格式输入年份' },
  'validation.invalidDateTime': {
    en: 'Please enter a date and time with its UTC offset, e.g. 2026-03-14T19:30:00-04:00',
    zh: '请输入带 UTC 时差的日期时间，例如 2026-03-14T19:30:00-04:00',
  },
  'validation.yearOutOfRange': {
    en: `Please choose a date between ${FIRST_YEAR} and ${LAST_YEAR}`,
    zh: `请选择 ${FIRST_YEAR} 年至 ${LAST_YEAR} 年之间的日期`,
  },
} as const satisfies Record<string, Readonly<Record<TLang, string>>>;
