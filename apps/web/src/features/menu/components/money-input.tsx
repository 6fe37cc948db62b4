import { NumberInput, typedToUnits } from '../../../components/number-input.tsx';
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
  ...aria
}: {
  value?: number | null;
  onChange?: (cents: number | null) => void;
  id?: string;
  placeholder?: string;
  'aria-label'?: string;
}) {
  return (
    <NumberInput<number>
      decimals={2}
      id={id}
      {...aria}
      style={{ width: '100%' }}
      prefix="$"
      step={0.5}
      placeholder={placeholder}
      value={value === null || value === undefined ? null : value / 100}
      onChange={(dollars) =>
        onChange?.(dollars === null || dollars === undefined ? null : typedToUnits(dollars, 100, 2))
      }
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
    <NumberInput<number>
      decimals={3}
      id={id}
      style={{ width: '100%' }}
      suffix="%"
      placeholder={placeholder}
      value={value === null || value === undefined ? null : value / MILLI_PERCENT_PER_PERCENT}
      onChange={(percent) =>
        onChange?.(
          percent === null || percent === undefined ? null : typedToUnits(percent, MILLI_PERCENT_PER_PERCENT, 3),
        )
      }
    />
  );
}
