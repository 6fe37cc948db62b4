import { formatMoneyCents, toThousands } from '@ra/shared/format/number';

/** SPEC 9: thousand separators and two decimals for money ('$1,234.50'). */
export const money = (cents: number | null | undefined): string =>
  cents === null || cents === undefined ? '—' : formatMoneyCents(cents);

/** Counts with thousand separators ('1,234'). */
export const count = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : toThousands(value);
