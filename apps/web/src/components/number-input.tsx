import { InputNumber, Typography, type InputNumberProps } from 'antd';
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
> & {
  /**
   * How many decimals a value shows when not being typed (money: 2, so 100 reads "100.00"). Display only:
   * a value with more decimals is shown as it is, for the form's rule to refuse.
   */
  decimals?: number;
};

export function NumberInput<T extends number | string = number>(props: TNumberInputProps<T>) {
  const {
    min: _min,
    max: _max,
    precision: _precision,
    decimals,
    ...rest
  } = props as InputNumberProps<T> & {
    decimals?: number;
  };
  const formatter: InputNumberProps<T>['formatter'] =
    decimals === undefined
      ? undefined
      : (value, info) => {
          if (info.userTyping) return info.input;
          if (value === undefined || value === null || String(value) === '') return '';
          const n = Number(value);
          return Number.isFinite(n) && decimalsOf(n) <= decimals ? n.toFixed(decimals) : String(value);
        };
  return <InputNumber<T> formatter={formatter} {...rest} />;
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

/**
 * For number fields a component keeps in its own state (filters, inline editors): the Form.Item props
 * that show the first problem of the given values, empty when all fit. The caller also refuses to act
 * while `numberProblem` finds one.
 */
export function numberStatus(...fields: Array<[unknown, TNumberBounds]>): { validateStatus?: 'error'; help?: string } {
  for (const [value, bounds] of fields) {
    const problem = numberProblem(value, bounds);
    if (problem) return { validateStatus: 'error', help: problem };
  }
  return {};
}

/** The problem of a number field that is not in a Form.Item, shown beside it. */
export function NumberProblemText({ problem }: { problem: string | null }) {
  return problem ? (
    <Typography.Text type="danger" role="alert">
      {problem}
    </Typography.Text>
  ) : null;
}

/**
 * A typed number in whole units of `scale` (dollars to cents: 100): rounded only when the typed value has
 * no more than `decimals` places, so the rounding undoes float noise and nothing else. More places give
 * a fraction back, which every integer schema (cents, basis points) refuses with its own message.
 */
export function typedToUnits(value: number, scale: number, decimals: number): number {
  return decimalsOf(value) > decimals ? value * scale : Math.round(value * scale);
}
