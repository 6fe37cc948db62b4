/**
 * What people read: dates, times and numbers in the conventions of the interface language
 * (en-US: "Nov 22, 2026, 8:45 PM"; zh-CN: "2026年11月22日 20:45"). Exports and URLs keep ISO
 * (`format/date.ts`); every screen goes through these so the two languages never mix conventions.
 */

export type TDisplayLanguage = 'en' | 'zh';

const LOCALE: Record<TDisplayLanguage, string> = { en: 'en-US', zh: 'zh-CN' };

/** Intl formatters are costly to build; one per (language, options, zone) is kept. */
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormatter(lang: TDisplayLanguage, options: Intl.DateTimeFormatOptions, timeZone?: string) {
  const key = `d|${lang}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE[lang], { ...options, ...(timeZone ? { timeZone } : {}) });
    cache.set(key, f);
  }
  return f;
}

function numberFormatter(lang: TDisplayLanguage, options: Intl.NumberFormatOptions) {
  const key = `n|${lang}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(LOCALE[lang], options);
    cache.set(key, f);
  }
  return f;
}

export function toDisplayLanguage(lang: string | undefined): TDisplayLanguage {
  return lang?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

function asDate(value: Date | string | number): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * A calendar day 'YYYY-MM-DD' (a business day, not an instant): "Nov 22, 2026" / "2026年11月22日".
 * Read in UTC so the day never shifts with the viewer's zone.
 */
export function formatDay(day: string, lang: TDisplayLanguage, opts: { weekday?: boolean } = {}): string {
  const d = asDate(`${day}T00:00:00Z`);
  if (!d) return day;
  return dateFormatter(
    lang,
    {
      year: 'numeric',
      month: lang === 'zh' ? 'long' : 'short',
      day: 'numeric',
      ...(opts.weekday ? { weekday: 'short' } : {}),
    },
    'UTC',
  ).format(d);
}

/** An instant, date and time, in the restaurant's zone: "Nov 22, 2026, 8:45 PM" / "2026年11月22日 20:45". */
export function formatDateTime(value: Date | string | number, lang: TDisplayLanguage, timeZone?: string): string {
  const d = asDate(value);
  if (!d) return '—';
  return dateFormatter(
    lang,
    {
      year: 'numeric',
      month: lang === 'zh' ? 'long' : 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: lang === 'en',
    },
    timeZone,
  ).format(d);
}

/** Time of day only: "8:45 PM" / "20:45". */
export function formatClock(value: Date | string | number, lang: TDisplayLanguage, timeZone?: string): string {
  const d = asDate(value);
  if (!d) return '—';
  return dateFormatter(lang, { hour: 'numeric', minute: '2-digit', hour12: lang === 'en' }, timeZone).format(d);
}

/** A business day without its year, for chart axes and short lists: "Nov 22" / "11月22日". */
export function formatMonthDay(day: string, lang: TDisplayLanguage): string {
  const d = asDate(`${day}T00:00:00Z`);
  if (!d) return day;
  return dateFormatter(lang, { month: lang === 'zh' ? 'long' : 'short', day: 'numeric' }, 'UTC').format(d);
}

/** A month 'YYYY-MM': "Nov 2026" / "2026年11月". */
export function formatMonth(month: string, lang: TDisplayLanguage): string {
  const d = asDate(`${month}-01T00:00:00Z`);
  if (!d) return month;
  return dateFormatter(lang, { year: 'numeric', month: lang === 'zh' ? 'long' : 'short' }, 'UTC').format(d);
}

/** A count with thousand separators: 11,489. */
export function formatCount(n: number, lang: TDisplayLanguage): string {
  return numberFormatter(lang, { maximumFractionDigits: 0 }).format(n);
}

/**
 * Integer cents as US dollars with separators: 1234567 -> "$12,345.67" in both languages. The one
 * money formatter of every screen: the narrow symbol, since zh-CN would otherwise write "US$".
 */
export function formatCents(cents: number, lang: TDisplayLanguage): string {
  return numberFormatter(lang, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' }).format(
    cents / 100,
  );
}

/**
 * Money for a chart axis, short enough for a narrow gutter: "$20K" / "$2万", "$1.5M" / "$150万",
 * small amounts whole ("$250"); at most one decimal. Tooltips and tables keep formatCents.
 */
export function formatCentsCompact(cents: number, lang: TDisplayLanguage): string {
  return numberFormatter(lang, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  }).format(cents / 100);
}
