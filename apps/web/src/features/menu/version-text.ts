import { formatCents, formatDateTime, type TDisplayLanguage } from '@ra/shared/format/locale-format';
import { milliPercentToPercentText } from '@ra/shared/business/tax-rate';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A changed value of the version history as a short text. Money fields arrive in cents and are named
 * so (`priceCents`), so the caller passes the field to format them as money.
 */
export function changeValueText(value: unknown, lang: TDisplayLanguage, field = '', timeZone?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && /Cents$/.test(field)) return formatCents(value, lang);
  if (typeof value === 'number' && /MilliPercent$/.test(field)) return `${milliPercentToPercentText(value)}%`;
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (typeof value === 'string' && ISO_TIME.test(value)) return formatDateTime(value, lang, timeZone);
  if (typeof value === 'string') return value.length > 60 ? `${value.slice(0, 57)}…` : value;
  if (typeof value === 'number') return String(value);
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 57)}…` : json;
}
