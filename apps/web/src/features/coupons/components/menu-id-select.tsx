import { useMemo } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCents, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { useCouponMenu } from '../api/get-coupon-menu.ts';

export type TMenuIdKind = 'items' | 'categories' | 'toppings';

/** "12, 15,18" → ['12', '15', '18']; the text form of the shared schema's id list (SPEC 5). */
export function idTokens(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Picks item, category or topping ids from the restaurant's menu by name (searchable), writing the
 * comma-separated id list the coupon form keeps. An id typed by hand stays possible, so the SPEC 5
 * format rules and the server's "not on the menu" answer still show on the field.
 */
export function MenuIdSelect({
  kind,
  value,
  onChange,
  id,
  ariaLabel,
}: {
  kind: TMenuIdKind;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  ariaLabel: string;
}) {
  const { t, i18n } = useTranslation('coupons');
  const lang = toDisplayLanguage(i18n.language);
  const menu = useCouponMenu();
  const options = useMemo(() => {
    const data = menu.data;
    if (!data) return [];
    if (kind === 'items') {
      const category = new Map(data.categories.map((c) => [c.id, c.name]));
      return data.items.map((i) => ({
        value: String(i.id),
        label: `${i.name} · ${formatCents(i.priceCents, lang)}`,
        search: `${i.name} ${i.code} ${i.id} ${category.get(i.categoryId ?? 0) ?? ''}`.toLowerCase(),
      }));
    }
    if (kind === 'categories')
      return data.categories.map((c) => ({
        value: String(c.id),
        label: c.name,
        search: `${c.name} ${c.id}`.toLowerCase(),
      }));
    return data.toppings.map((m) => ({
      value: String(m.id),
      label: `${m.name} (${m.groupName})`,
      search: `${m.name} ${m.groupName} ${m.id}`.toLowerCase(),
    }));
  }, [menu.data, kind, lang]);

  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      mode="tags"
      allowClear
      loading={menu.isLoading}
      placeholder={t('hints.pickFromMenu')}
      tokenSeparators={[',', '，']}
      value={idTokens(value)}
      onChange={(next: string[]) =>
        onChange?.(
          next
            .map((v) => v.trim())
            .filter(Boolean)
            .join(','),
        )
      }
      options={options.map(({ value: v, label }) => ({ value: v, label }))}
      showSearch={{
        filterOption: (input, option) =>
          (options.find((o) => o.value === option?.value)?.search ?? String(option?.value ?? '')).includes(
            input.trim().toLowerCase(),
          ),
      }}
      notFoundContent={menu.isError ? t('hints.menuUnavailable') : undefined}
      style={{ width: '100%' }}
    />
  );
}
