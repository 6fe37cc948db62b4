import { toThousands } from '@ra/shared/format/number';

/** A fraction as a percentage with one decimal ('12.5%'); shares and changes read the same way. */
export function percent(fraction: number, digits = 1): string {
  return `${toThousands((fraction * 100).toFixed(digits))}%`;
}
