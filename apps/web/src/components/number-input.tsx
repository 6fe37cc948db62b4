import { InputNumber, type InputNumberProps } from 'antd';
import type { FormRule } from 'antd';
import { i18n } from '../lib/i18n.ts';

/**
 * Every number field of the app (docs/decisions.md "Number fields never change what was typed").
 *
 * antd's InputNumber with `min`/`max` ignores a typed value outside the range (the form keeps the old
 * one) and on blur replaces it by the nearest bound: 150 typed as a discount became 100 and saved a
 * free-food coupon. `precision` likewise rounds on blur. So this input takes neither: what was typed is
 * what the form holds, and the range and decimals are the form's rule (`numberRule`), which shows the
 * message and keeps the form from being sent.
 */
export type TNumberInputProps<T extends number | string = number> = Omit<
  InputNumberProps<T>,
  'min' | 'max' | 'precision'
>;

export function NumberInput<T extends number | string = number>(props: TNumberInputProps<T>) {
  const { min: _min, max: _max, precision: _precision, ...rest } = props as InputNumberProps<T>;
  return <InputNumber<T> {...rest} />;
}

export interface TNumberBounds {
  min?: number;
  max?: number;
  /** Decimal places allowed: 0 is a whole number (the default), 2 is money. */
  decimals?: number;
}

/** Decimal places of a number as written (1e-7 style included). */
function decimalsOf(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const [mantissa = '', exponent] = String(value).toLowerCase().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

/**
 * Why `value` does not fit the bounds, in the user's language; null when it fits or is empty (a required
 * field says so with its own rule). Uses the `common` namespace's `number.*` texts.
 */
export function numberProblem(value: unknown, bounds: TNumberBounds): string | null {
  const t = i18n.t.bind(i18n);
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  const { min, max, decimals = 0 } = bounds;
  const range = () =>
    min !== undefined && max !== undefined
      ? t('common:number.range', { min, max })
      : min !== undefined
        ? t('common:number.min', { min })
        : t('common:number.max', { max });
  if (!Number.isFinite(n)) return t('common:number.invalid');
  if ((min !== undefined && n < min) || (max !== undefined && n > max)) return range();
  if (decimalsOf(n) > decimals)
    return decimals === 0 ? t('common:number.whole') : t('common:number.decimals', { count: decimals });
  return null;
}

/** The form rule for a NumberInput: refuses out-of-range values and too many decimals with the message. */
export function numberRule(bounds: TNumberBounds): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const problem = numberProblem(value, bounds);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}
