import type { TFunction } from 'i18next';
import { formatCount, toDisplayLanguage } from '@ra/shared/format/locale-format';

/**
 * A counted phrase of the team pages: i18next picks the plural form from `count` ("1 member",
 * "2 members"; Chinese has one form), and the number is written by the locale formatter ("1,234").
 * The keys have _one and _other forms and show the number as {{n}}.
 */
export function countText(t: TFunction<'team'>, key: 'roles.members' | 'employees.total', count: number, lang: string) {
  return t(key, { count, n: formatCount(count, toDisplayLanguage(lang)) });
}
