import { useMemo, useState } from 'react';
import { Button, Checkbox, Empty, Input, Pagination, Result, Select, Space, Table, Tag, Typography } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCount, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { BULK_EDIT_MAX_ITEMS } from '@ra/shared/menu/menu.messages';
import { LIBRARY_PAGE_SIZES, MENU_CHANNELS, type TLibraryRow } from '@ra/shared/menu/menu.schemas';
import { showErrorMessage } from '../../../lib/feedback.ts';
import { useLatestSearch } from '../../../lib/use-latest-search.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { isApiError } from '../../../lib/request.ts';
import { useRestaurantZone } from '../../../lib/restaurant-time.ts';
import { useCategories } from '../api/categories.ts';
import { useLibrary } from '../api/get-library.ts';
import { downloadMenuXlsx } from '../api/import-export.ts';
import {
  cellText,
  isSortable,
  libraryColumns,
  sortFromTable,
  sortOrderOf,
  type TCellContext,
  type TLibraryColumn,
} from '../library-columns.ts';
import {
  dollarsToCents,
  isFiltered,
  librarySearch,
  parseLibraryFilter,
  type TLibraryFilter,
} from '../library-filter.ts';
import { addItemPath, editItemPath } from '../menu-paths.ts';
import { menuErrorText } from '../menu-messages.ts';
import { useNarrow } from '../../../lib/media-query.ts';
import { BulkEditDrawer } from './bulk-edit-drawer.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { ItemThumb } from './item-thumb.tsx';
import { SoldOutToggle } from './sold-out-toggle.tsx';
import './menu.css';
import { NumberInput, NumberProblemText, numberProblem } from '../../../components/number-input.tsx';

/**
 * The item library (SPEC 2 /menu/newItemLibrary, issue 8 "Library, search, bulk edit"): searched by
 * name, foreign name, item_id and pinyin (full or initials) on the server, filtered by category,
 * channel, sold out and price, paged on the server. Filters, sort, page and the open dialog live in
 * the URL. Rows are selected for a bulk edit; each row's sold-out switch works in place.
 */
export function ItemLibrary() {
  const { t } = useTranslation('menu');
  const [search, setSearch] = useLatestSearch();
  const navigate = useNavigate();
  const filter = useMemo(() => parseLibraryFilter(search), [search]);
  const query = useLibrary(filter);
  const categories = useCategories();
  const [q, setQ] = useState(filter.q ?? '');
  const [selected, setSelected] = useState<number[]>([]);
  const [exporting, setExporting] = useState(false);
  const narrow = useNarrow();
  const lang = toDisplayLanguage(currentLanguage());
  const zone = useRestaurantZone();

  // each change builds on the last one asked for, even before the page has rendered it (useLatestSearch)
  const change = (patch: Partial<TLibraryFilter>) =>
    setSearch((current) => librarySearch({ ...parseLibraryFilter(current), ...patch }), { replace: true });
  // a new filter starts again from the first page
  const update = (patch: Partial<TLibraryFilter>) => change({ page: 1, ...patch });
  // a price filter as typed: a negative or over-precise price shows why and filters nothing
  const [priceProblem, setPriceProblem] = useState<string | null>(null);
  const setPrice = (key: 'minCents' | 'maxCents', raw: string) => {
    const value = raw.trim() === '' ? null : Number(raw.replace(/[$,\s]/g, ''));
    const problem = numberProblem(value, { min: 0, decimals: 2 });
    setPriceProblem(problem);
    if (!problem) update({ [key]: dollarsToCents(value) });
  };
  const setDialog = (dialog: TLibraryFilter['dialog']) => change({ dialog });

  const ctx: TCellContext = {
    lang,
    timeZone: zone,
    words: {
      channel: (c) => t(`channels.${c}`),
      noCategory: t('library.noCategory'),
      allChannels: t('library.allChannels'),
      noChannels: t('library.noChannels'),
      onSale: t('soldOut.onSale'),
      soldOut: t('soldOut.short'),
      soldOutUntil: (when) => t('soldOut.until', { when }),
    },
  };

  const exportXlsx = async () => {
    setExporting(true);
    try {
      await downloadMenuXlsx();
    } catch (e) {
      showErrorMessage(menuErrorText(e));
    } finally {
      setExporting(false);
    }
  };

  const titles: Record<TLibraryColumn, string> = {
    item: t('fields.name'),
    itemId: t('fields.itemId'),
    category: t('fields.category'),
    price: t('fields.price'),
    channels: t('fields.channels'),
    dishHours: t('fields.dishHours'),
    soldOut: t('fields.soldOut'),
  };
  const columns: ColumnsType<TLibraryRow> = [
    ...libraryColumns().map((key) => ({
      key,
      title: titles[key],
      sorter: isSortable(key),
      sortOrder: sortOrderOf(key, filter.sort),
      align: key === 'price' ? ('right' as const) : undefined,
      render: (_: unknown, row: TLibraryRow) => {
        if (key === 'item')
          return (
            <span className="ra-menu__item-cell">
              <ItemThumb imageId={row.coverImageId} />
              <span>
                <Link to={editItemPath(row.id)} className="ra-menu__name">
                  {row.name}
                </Link>
                {row.foreignName && <div className="ra-menu__sub">{row.foreignName}</div>}
              </span>
            </span>
          );
        if (key === 'soldOut')
          return (
            <Space size={4} wrap>
              <SoldOutToggle row={row} />
              {row.soldOut && row.soldOutUntil && <span className="ra-menu__sub">{cellText('soldOut', row, ctx)}</span>}
            </Space>
          );
        if (key === 'category' && !row.categoryName) return <Tag>{ctx.words.noCategory}</Tag>;
        return cellText(key, row, ctx);
      },
    })),
    {
      key: 'actions',
      title: <span className="ra-sr-only">{t('library.actions')}</span>,
      render: (_: unknown, row: TLibraryRow) => (
        <Button
          type="text"
          icon={<EditOutlined />}
          aria-label={t('library.editItem', { name: row.name })}
          onClick={() => navigate(editItemPath(row.id))}
        />
      ),
    },
  ];

  if (query.isError && !query.data) {
    const forbidden = isApiError(query.error) && query.error.status === 403;
    return (
      <Result
        status={forbidden ? '403' : 'warning'}
        title={forbidden ? t('library.forbidden') : t('library.loadFailed')}
        subTitle={forbidden ? undefined : menuErrorText(query.error)}
        extra={
          forbidden ? undefined : (
            <Button type="primary" onClick={() => void query.refetch()}>
              {t('actions.retry')}
            </Button>
          )
        }
      />
    );
  }

  const data = query.data;
  const rows = data?.items ?? [];
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={isFiltered(filter) ? t('library.emptyFiltered') : t('library.empty')}
    >
      {isFiltered(filter) ? (
        <Button
          onClick={() => {
            setQ('');
            setSearch(librarySearch({ page: 1, pageSize: filter.pageSize, sort: filter.sort }), { replace: true });
          }}
        >
          {t('library.clearFilters')}
        </Button>
      ) : (
        <Button type="primary" onClick={() => navigate(addItemPath())}>
          {t('actions.addItem')}
        </Button>
      )}
    </Empty>
  );
  const toggle = (id: number, on: boolean) =>
    setSelected((ids) => (on ? (ids.length < BULK_EDIT_MAX_ITEMS ? [...ids, id] : ids) : ids.filter((x) => x !== id)));

  return (
    <div className="ra-menu-library">
      <div className="ra-menu__toolbar" role="search">
        <Input.Search
          className="ra-menu__search"
          aria-label={t('library.search')}
          placeholder={t('library.searchPlaceholder')}
          allowClear
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onSearch={(value) => update({ q: value.trim() || undefined })}
        />
        <Select
          className="ra-menu__select"
          aria-label={t('fields.category')}
          placeholder={t('fields.category')}
          allowClear
          showSearch
          optionFilterProp="label"
          value={filter.categoryId}
          loading={categories.isPending}
          onChange={(categoryId?: number) => update({ categoryId })}
          options={(categories.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
        <Select
          className="ra-menu__select"
          aria-label={t('fields.channel')}
          placeholder={t('fields.channel')}
          allowClear
          value={filter.channel}
          onChange={(channel) => update({ channel })}
          options={MENU_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))}
        />
        <Select
          className="ra-menu__select"
          aria-label={t('fields.soldOut')}
          placeholder={t('library.availability')}
          allowClear
          value={filter.soldOut === undefined ? undefined : String(filter.soldOut)}
          onChange={(v?: string) => update({ soldOut: v === undefined ? undefined : v === 'true' })}
          options={[
            { value: 'false', label: t('soldOut.onSale') },
            { value: 'true', label: t('soldOut.short') },
          ]}
        />
        <span className="ra-menu__prices">
          <NumberInput<number>
            decimals={2}
            aria-label={t('library.minPrice')}
            placeholder={t('library.minPrice')}
            prefix="$"
            defaultValue={filter.minCents !== undefined ? filter.minCents / 100 : undefined}
            onBlur={(e) => setPrice('minCents', e.target.value)}
            onPressEnter={(e) => setPrice('minCents', (e.target as HTMLInputElement).value)}
          />
          <span aria-hidden>–</span>
          <NumberInput<number>
            decimals={2}
            aria-label={t('library.maxPrice')}
            placeholder={t('library.maxPrice')}
            prefix="$"
            defaultValue={filter.maxCents !== undefined ? filter.maxCents / 100 : undefined}
            onBlur={(e) => setPrice('maxCents', e.target.value)}
            onPressEnter={(e) => setPrice('maxCents', (e.target as HTMLInputElement).value)}
          />
          <NumberProblemText problem={priceProblem} />
        </span>
        <div className="ra-menu__toolbar-end">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(addItemPath())}>
            {t('actions.addItem')}
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportXlsx()}>
            {t('actions.export')}
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setDialog('import')}>
            {t('actions.import')}
          </Button>
        </div>
      </div>

      {selected.length > 0 && (
        <div className="ra-menu__selection" role="status" data-selection-bar>
          <span>
            {t('library.selected', { count: selected.length, countText: formatCount(selected.length, lang) })}
          </span>
          <Button type="primary" onClick={() => setDialog('bulk')}>
            {t('actions.bulkEdit')}
          </Button>
          <Button onClick={() => setSelected([])}>{t('actions.clearSelection')}</Button>
        </div>
      )}

      {narrow ? (
        <>
          {rows.length === 0 ? (
            query.isFetching ? null : (
              empty
            )
          ) : (
            <ul className="ra-menu-cards" aria-busy={query.isFetching || undefined} aria-label={t('library.listLabel')}>
              {rows.map((row) => (
                <li key={row.id} className="ra-menu-card" data-item-card>
                  <Checkbox
                    checked={selected.includes(row.id)}
                    onChange={(e) => toggle(row.id, e.target.checked)}
                    aria-label={t('library.select', { name: row.name })}
                  />
                  <ItemThumb imageId={row.coverImageId} />
                  <div className="ra-menu-card__body">
                    <div className="ra-menu-card__line">
                      <Link to={editItemPath(row.id)} className="ra-menu-card__title">
                        {row.name}
                      </Link>
                      <strong>{cellText('price', row, ctx)}</strong>
                    </div>
                    <div className="ra-menu-card__line">
                      <span className="ra-menu__sub">
                        {[row.foreignName, row.itemId, row.categoryName].filter(Boolean).join(' · ')}
                      </span>
                      <SoldOutToggle row={row} />
                    </div>
                    {row.soldOut && row.soldOutUntil && (
                      <div className="ra-menu__sub">{cellText('soldOut', row, ctx)}</div>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          {data && data.total > 0 && (
            <Pagination
              style={{ marginTop: 12 }}
              simple
              current={filter.page}
              pageSize={filter.pageSize}
              total={data.total}
              onChange={(page) => change({ page })}
            />
          )}
        </>
      ) : (
        <Table<TLibraryRow>
          size="middle"
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: query.isPending ? ' ' : empty }}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected((keys as number[]).slice(0, BULK_EDIT_MAX_ITEMS)),
            getCheckboxProps: (row) => ({ 'aria-label': t('library.select', { name: row.name }) }),
          }}
          onChange={(pagination, _filters, sorter, extra) => {
            if (extra.action === 'sort') {
              const s = sorter as SorterResult<TLibraryRow>;
              update({ sort: sortFromTable(s.columnKey as string | undefined, s.order) });
            } else if (extra.action === 'paginate') {
              change({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? filter.pageSize });
            }
          }}
          pagination={{
            current: filter.page,
            pageSize: filter.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [...LIBRARY_PAGE_SIZES],
            showTotal: (total) => t('library.total', { count: total, countText: formatCount(total, lang) }),
          }}
        />
      )}
      {narrow && data && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('library.total', { count: data.total, countText: formatCount(data.total, lang) })}
        </Typography.Paragraph>
      )}

      <BulkEditDrawer
        open={filter.dialog === 'bulk'}
        ids={selected}
        onClose={() => setDialog(undefined)}
        onApplied={() => {
          setSelected([]);
          setDialog(undefined);
        }}
      />
      <ImportDialog open={filter.dialog === 'import'} onClose={() => setDialog(undefined)} />
    </div>
  );
}
