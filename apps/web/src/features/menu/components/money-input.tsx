import { InputNumber } from 'antd';
import { MILLI_PERCENT_PER_PERCENT } from '@ra/shared/business/tax-rate';

/**
 * A money box whose value is integer cents (ARCHITECTURE "Money is integer cents") while the person
 * types dollars with at most two decimals (SPEC 5). Empty is null.
 */
export function MoneyInput({
  value,
  onChange,
  id,
  placeholder,
  allowNegative = false,
  ...aria
}: {
  value?: number | null;
  onChange?: (cents: number | null) => void;
  id?: string;
  placeholder?: string;
  allowNegative?: boolean;
  'aria-label'?: string;
}) {
  return (
    <InputNumber<number>
      id={id}
      {...aria}
      style={{ width: '100%' }}
      prefix="$"
      precision={2}
      step={0.5}
      min={allowNegative ? undefined : 0}
      placeholder={placeholder}
      value={value === null || value === undefined ? null : value / 100}
      onChange={(dollars) => onChange?.(dollars === null || dollars === undefined ? null : Math.round(dollars * 100))}
    />
  );
}

/** A percent box whose value is basis points (1010 = 10.1%). Empty is null ("the default rate"). */
export function PercentInput({
  value,
  onChange,
  id,
  placeholder,
}: {
  value?: number | null;
  onChange?: (milliPercent: number | null) => void;
  id?: string;
  placeholder?: string;
}) {
  return (
    <InputNumber<number>
      id={id}
      style={{ width: '100%' }}
      suffix="%"
      precision={3}
      min={0}
      max={100}
      placeholder={placeholder}
      value={value === null || value === undefined ? null : value / MILLI_PERCENT_PER_PERCENT}
      onChange={(percent) =>
        onChange?.(percent === null || percent === undefined ? null : Math.round(percent * MILLI_PERCENT_PER_PERCENT))
      }
    />
  );
}
