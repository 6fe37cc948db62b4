import { useEffect, useMemo, useRef, useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getLibrary } from '../api/get-library.ts';

/**
 * Items chosen by searching the library on the server (name, item_id or pinyin), for "items applied"
 * of a modifier group. Names of chosen items are remembered as they are seen.
 */
export function ItemPicker({
  value = [],
  onChange,
  id,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
}) {
  const { t } = useTranslation('menu');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const names = useRef(new Map<number, string>());
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery({
    queryKey: ['menu', 'items', 'picker', q],
    queryFn: ({ signal }) => getLibrary({ q: q || undefined, page: 1, pageSize: 200, sort: 'name' }, { signal }),
  });
  for (const row of found.data?.items ?? []) names.current.set(row.id, row.name);
  const options = useMemo(() => {
    const shown = new Map<number, string>();
    for (const row of found.data?.items ?? [])
      shown.set(row.id, row.foreignName ? `${row.name} · ${row.foreignName}` : row.name);
    for (const chosen of value) if (!shown.has(chosen)) shown.set(chosen, names.current.get(chosen) ?? `#${chosen}`);
    return [...shown].map(([v, label]) => ({ value: v, label }));
  }, [found.data, value]);
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      showSearch
      filterOption={false}
      onSearch={setTyped}
      searchValue={typed}
      loading={found.isFetching}
      options={options}
      placeholder={t('modifierGroups.itemsPlaceholder')}
      notFoundContent={found.isFetching ? undefined : t('library.emptyFiltered')}
    />
  );
}
