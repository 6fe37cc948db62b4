import type { FocusEvent, KeyboardEvent } from 'react';
import { Input, type InputProps } from 'antd';
import type { FormRule } from 'antd';
import { i18n } from '../lib/i18n.ts';

/**
 * Every day and date-time field of the app (docs/decisions.md "Date fields: Enter does not submit").
 *
 * Two defects came from the browser's own date field: Enter in it submitted the form (a service fee was
 * saved for one day by accident), and its year part takes up to six digits, so typing 261201 over a
 * prefilled 2026-11-27 gave "261201-11-27". Here the year part is bounded (`min`/`max`, which also limit
 * it to four digits), a day outside the bounds shows as an error and is refused by `dayRule`, and Enter
 * never submits.
 */
export const DAY_MIN = '2000-01-01';
export const DAY_MAX = '2099-12-31';

/** Enter in a date field confirms the field (or does nothing); it never sends the form around it. */
export function stopEnterSubmit(event: KeyboardEvent<HTMLElement>) {
  if (event.key === 'Enter') event.preventDefault();
}

/** A day or date-time as the input holds it is in bounds (the date part is compared). */
export function dayInBounds(value: string | null | undefined): boolean {
  if (!value) return true;
  const day = value.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= DAY_MIN && day <= DAY_MAX;
}

export type TDateInputProps = Omit<InputProps, 'type' | 'min' | 'max'> & {
  /** `date` (YYYY-MM-DD, the default) or `datetime-local` (YYYY-MM-DDTHH:mm). */
  kind?: 'date' | 'datetime-local';
};

export function DateInput({ kind = 'date', onKeyDown, status, value, ...rest }: TDateInputProps) {
  const text = typeof value === 'string' ? value : undefined;
  return (
    <Input
      {...rest}
      type={kind}
      value={value}
      min={kind === 'date' ? DAY_MIN : `${DAY_MIN}T00:00`}
      max={kind === 'date' ? DAY_MAX : `${DAY_MAX}T23:59`}
      status={status ?? (dayInBounds(text) ? undefined : 'error')}
      onKeyDown={(e) => {
        stopEnterSubmit(e);
        onKeyDown?.(e);
      }}
    />
  );
}

/** The form rule of a DateInput: a day outside the bounds is refused with the message. */
export function dayRule(): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      typeof value === 'string' && !dayInBounds(value)
        ? Promise.reject(new Error(i18n.t('common:date.range', { min: DAY_MIN, max: DAY_MAX })))
        : Promise.resolve(),
  };
}

/**
 * For antd DatePicker / RangePicker: Enter confirms the typed day without sending the form, and focusing
 * a filled field selects its text, so what is typed replaces the day instead of being added to it.
 */
export const dayPickerKeys = {
  onKeyDown: stopEnterSubmit,
  onFocus: (event: FocusEvent<HTMLElement>) => {
    const target = event.target;
    if (target instanceof HTMLInputElement) target.select();
  },
};
