import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePortfolio } from '../api/get-portfolio.ts';

export interface TPicked {
  value: string;
  label: string;
}

/**
 * Restaurants of the caller's portfolio, searched on the server as one types (a tree of thousands is
 * never loaded whole). The chosen ones keep their names (labelInValue) while the search moves on.
 */
export function RestaurantPicker(
  props:
    | { multiple: true; value?: TPicked[]; onChange?: (v: TPicked[]) => void; ariaLabel: string; id?: string }
    | {
        multiple?: false;
        value?: TPicked | null;
        onChange?: (v: TPicked | null) => void;
        ariaLabel: string;
        id?: string;
      },
) {
  const { t } = useTranslation('agent');
  const [search, setSearch] = useState('');
  const options = usePortfolio({ q: search || undefined, page: 1, pageSize: 50 });
  const common = {
    id: props.id,
    showSearch: true,
    filterOption: false,
    labelInValue: true,
    allowClear: true,
    onSearch: setSearch,
    loading: options.isFetching,
    placeholder: t('portfolio.search'),
    'aria-label': props.ariaLabel,
    style: { width: '100%', minWidth: 220 },
    notFoundContent: t('portfolio.empty'),
    options: (options.data?.items ?? []).map((r) => ({ value: r.xid, label: r.name })),
  } as const;
  if (props.multiple)
    return (
      <Select<TPicked[]>
        {...common}
        mode="multiple"
        value={props.value}
        onChange={(v) => {
          setSearch('');
          props.onChange?.((v ?? []).map((x) => ({ value: x.value, label: String(x.label) })));
        }}
      />
    );
  return (
    <Select<TPicked | null>
      {...common}
      value={props.value ?? null}
      onChange={(v) => props.onChange?.(v ? { value: v.value, label: String(v.label) } : null)}
    />
  );
}
