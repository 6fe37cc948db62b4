import { milliPercentToPercentText } from '@ra/shared/business/tax-rate';

/** A rate in thousandths of a percent as text: 8875 -> "8.875%", 10100 -> "10.1%". */
export function milliPercentToPercentLabel(milliPercent: number): string {
  return `${milliPercentToPercentText(milliPercent)}%`;
}
