import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePermittedRoutes } from '../use-permitted-routes.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useSettings } from '../../stores/settings.ts';
import { buildSearchIndex, searchPages, type TPinyinFn } from './header-search-match.ts';
import { searchablePages } from './menu-model.ts';

/** pinyin-pro is large: it is fetched the first time a Chinese user opens the search, never before. */
function useLazyPinyin(wanted: boolean): TPinyinFn | undefined {
  const [pinyin, setPinyin] = useState<TPinyinFn>();
  useEffect(() => {
    if (!wanted || pinyin) return;
    let alive = true;
    import('pinyin-pro')
      .then((m) => {
        if (alive) setPinyin(() => m.pinyin);
      })
      .catch(() => {
        // offline or a failed chunk: searching by title still works
      });
    return () => {
      alive = false;
    };
  }, [wanted, pinyin]);
  return pinyin;
}

/**
 * The search field itself (antd Select and its virtual list): loaded only when the search opens, so
 * the shell every signed-in page needs does not carry it.
 */
export default function HeaderSearchBox({ onClose }: { onClose: (refocus: boolean) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const routes = usePermittedRoutes();
  const supportPinyin = useSettings((s) => s.supportPinyinSearch);
  const [query, setQuery] = useState('');
  const pinyin = useLazyPinyin(supportPinyin && currentLanguage() === 'zh');

  const entries = useMemo(
    () => searchablePages(routes).map((p) => ({ path: p.path, titles: p.titleKeys.map((k) => t(`route:${k}`)) })),
    [routes, t],
  );
  const index = useMemo(() => buildSearchIndex(entries, pinyin), [entries, pinyin]);
  const options = useMemo(
    () => searchPages(index, query).map((e) => ({ value: e.path, label: e.label })),
    [index, query],
  );

  return (
    <Select<string>
      className="ra-header-search"
      style={{ width: 220 }}
      autoFocus
      defaultOpen
      showSearch={{ searchValue: query, onSearch: setQuery, filterOption: false }}
      value={null}
      options={options}
      placeholder={t('layout:search.placeholder')}
      aria-label={t('layout:search.placeholder')}
      notFoundContent={query.trim() ? t('layout:search.noResults') : null}
      suffixIcon={<SearchOutlined />}
      onChange={(path) => {
        onClose(false);
        navigate(path);
      }}
      onBlur={() => onClose(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && query === '') onClose(true);
      }}
    />
  );
}
