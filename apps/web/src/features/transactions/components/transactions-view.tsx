import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, DatePicker, Empty, Input, Pagination, Result, Select, Space, Table, Tag, Tooltip } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import FileExcelOutlined from '@ant-design/icons/FileExcelOutlined';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { refundReasonText } from '../refund-labels.ts';
import { presetRangeOn, DATE_PRESETS } from '@ra/shared/business-day/date-range';
import { formatCents, formatCount, formatDateTime, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { dayPickerFormat } from '../../../lib/day-picker-format.ts';
import { PAYMENT_METHODS } from '@ra/shared/orders/orders.schemas';
import { showErrorMessage } from '../../../lib/feedback.ts';
import { LastSalesNotice } from '../../../components/last-sales-notice.tsx';
import {
  fallbackDay,
  OPENED_ON_LAST_SALES,
  OPENED_PARAM,
  openedOnLastSalesDay,
  opensOnDefault,
} from '../../../lib/last-sales-day.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText, isApiError } from '../../../lib/request.ts';
import { useSession } from '../../../stores/session.ts';
import { useLatestSearch } from '../../../lib/use-latest-search.ts';
import {
  TRANSACTION_KINDS,
  TRANSACTION_STATUSES,
  type TTransactionRow,
} from '@ra/shared/transactions/transactions.schemas';
import { downloadTransactions, type TTransactionsExportFormat } from '../api/export-transactions.ts';
import { useTransactions, type TTransactionsFilter } from '../api/get-transactions.ts';
import { businessToday, dollarsToCents, parseTransactionsFilter, transactionsSearch } from '../transactions-filter.ts';
import { OrderDrawer } from './order-drawer.tsx';
import './transactions.css';
import { NumberInput, NumberProblemText, numberProblem } from '../../../components/number-input.tsx';
import { dayPickerKeys } from '../../../components/date-input.tsx';

const DAY = 'YYYY-MM-DD';
const MOBILE_WIDTH = 992;

function StatusTag({ row, label }: { row: TTransactionRow; label: string }) {
  const { t } = useTranslation('transactions');
  return (
    <Tooltip title={row.reason ? `${row.by ?? ''} · ${refundReasonText(row.reason, t)}` : undefined}>
      <Tag color={row.status === 'completed' ? 'green' : row.status === 'refunded' ? 'red' : 'orange'}>{label}</Tag>
    </Tooltip>
  );
}

/**
 * The list on a phone: one card per payment or refund, amount and status on the first line, so the
 * figures that matter never sit behind sideways scrolling. Each card is one button that opens the order.
 */
function TransactionCards({
  rows,
  loading,
  label,
  onOpen,
  render,
  empty,
}: {
  rows: readonly TTransactionRow[];
  loading: boolean;
  label: (row: TTransactionRow) => string;
  onOpen: (orderId: number) => void;
  render: (row: TTransactionRow) => ReactNode;
  empty: string;
}) {
  if (rows.length === 0) {
    return loading ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  }
  return (
    <ul className="ra-tx-cards" aria-busy={loading || undefined}>
      {rows.map((r) => (
        <li key={r.key}>
          <button
            type="button"
            className="ra-tx-card ra-tx__row"
            aria-label={label(r)}
            onClick={() => onOpen(r.orderId)}
          >
            {render(r)}
          </button>
        </li>
      ))}
    </ul>
  );
}

function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.innerWidth < MOBILE_WIDTH);
  useEffect(() => {
    const onResize = () => setNarrow(window.innerWidth < MOBILE_WIDTH);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return narrow;
}

/**
 * Transactions (SPEC 2 /transactions/index): payments and refunds of a range of business days,
 * searched, filtered and paged on the server; a row opens the order behind it. Filters live in the URL.
 */
export function TransactionsView() {
  const { t } = useTranslation(['transactions', 'reports']);
  const [search, setSearch] = useLatestSearch();
  const timeZone = useSession((s) => s.locales?.timeZone);
  const offset = useSession((s) => s.hourOffsetEndOfDay);
  const zone = timeZone && timeZone !== 'Unknown' ? timeZone : undefined;
  const today = businessToday(timeZone, offset);
  const filter = useMemo(() => parseTransactionsFilter(search, today), [search, today]);
  const query = useTransactions(filter);
  // Opened without days before the day's first sale: show the last business day with sales instead of
  // an empty today, and say so (lib/last-sales-day.ts); any filter change drops the mark.
  const fallback = opensOnDefault(search) ? fallbackDay(today, query.data?.lastSalesDay) : null;
  useEffect(() => {
    if (!fallback) return;
    setSearch(
      (current) => {
        const next = transactionsSearch({ ...parseTransactionsFilter(current, today), from: fallback, to: fallback });
        next.set(OPENED_PARAM, OPENED_ON_LAST_SALES);
        return next;
      },
      { replace: true },
    );
  }, [fallback, today, setSearch]);
  const openedOn = openedOnLastSalesDay(search);
  const [orderId, setOrderId] = useState<number | null>(null);
  const [q, setQ] = useState(filter.q ?? '');
  const narrow = useNarrow();

  // each change builds on the last one asked for, even before the page has rendered it (useLatestSearch)
  const change = (patch: Partial<TTransactionsFilter>) =>
    setSearch((current) => transactionsSearch({ ...parseTransactionsFilter(current, today), ...patch }), {
      replace: true,
    });
  // a new filter starts again from the first page
  const update = (patch: Partial<TTransactionsFilter>) => change({ page: 1, ...patch });
  // an amount filter as typed: a negative or over-precise amount shows why and filters nothing
  const [amountProblem, setAmountProblem] = useState<string | null>(null);
  const setAmount = (key: 'minCents' | 'maxCents', raw: string) => {
    const value = raw.trim() === '' ? null : Number(raw);
    const problem = numberProblem(value, { min: 0, decimals: 2 });
    setAmountProblem(problem);
    if (!problem) update({ [key]: dollarsToCents(value) });
  };

  const presets = DATE_PRESETS.filter((p) => p !== 'custom').map((p) => {
    const r = presetRangeOn(p, today);
    return {
      label: t(`reports:range.presets.${p}`),
      value: [dayjs(r.from, DAY), dayjs(r.to, DAY)] as [dayjs.Dayjs, dayjs.Dayjs],
    };
  });

  const lang = toDisplayLanguage(currentLanguage());
  const money = (cents: number) => formatCents(cents, lang);
  const when = (at: string) => formatDateTime(at, lang, zone);
  const methodText = (r: TTransactionRow) =>
    `${t(`method.${r.method}`)}${r.cardBrand ? ` · ${t(`cardBrand.${r.cardBrand}`)}` : ''}${r.cardLast4 ? ` ••${r.cardLast4}` : ''}`;
  const amountText = (r: TTransactionRow) => (r.kind === 'refund' ? `-${money(r.amountCents)}` : money(r.amountCents));
  const orderText = (r: TTransactionRow) => `#${r.orderNumber ?? r.posOrderId}`;
  /** What a screen reader says for a row: the row's own contents, then that it opens the order. */
  const rowLabel = (r: TTransactionRow) =>
    t('rowLabel', {
      kind: t(`kind.${r.kind}`),
      time: when(r.at),
      order: orderText(r),
      method: methodText(r),
      amount: amountText(r),
      status: t(`status.${r.status}`),
    });
  const [exporting, setExporting] = useState<TTransactionsExportFormat | null>(null);
  const exportAs = async (format: TTransactionsExportFormat) => {
    setExporting(format);
    try {
      await downloadTransactions(filter, format);
    } catch (e) {
      showErrorMessage(errorText(e, t('export.failed')));
    } finally {
      setExporting(null);
    }
  };
  const columns: ColumnsType<TTransactionRow> = [
    {
      key: 'at',
      title: t('columns.time'),
      sorter: true,
      sortOrder: filter.sort === 'at' ? 'ascend' : filter.sort === '-at' ? 'descend' : null,
      render: (_, r) => when(r.at),
    },
    {
      key: 'kind',
      title: t('columns.kind'),
      render: (_, r) => <Tag color={r.kind === 'refund' ? 'volcano' : 'cyan'}>{t(`kind.${r.kind}`)}</Tag>,
    },
    { key: 'order', title: t('columns.order'), render: (_, r) => orderText(r) },
    { key: 'channel', title: t('columns.channel'), render: (_, r) => t(`channel.${r.channel}`) },
    {
      key: 'method',
      title: t('columns.method'),
      render: (_, r) => methodText(r),
    },
    { key: 'server', title: t('columns.server'), render: (_, r) => r.serverName ?? '—' },
    {
      key: 'amount',
      title: t('columns.amount'),
      align: 'right',
      sorter: true,
      sortOrder: filter.sort === 'amount' ? 'ascend' : filter.sort === '-amount' ? 'descend' : null,
      render: (_, r) => <span className={r.kind === 'refund' ? 'ra-tx__refund' : undefined}>{amountText(r)}</span>,
    },
    { key: 'tip', title: t('columns.tip'), align: 'right', render: (_, r) => (r.tipCents ? money(r.tipCents) : '—') },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_, r) => <StatusTag row={r} label={t(`status.${r.status}`)} />,
    },
  ];

  if (query.isError && !query.data) {
    const forbidden = isApiError(query.error) && query.error.status === 403;
    return (
      <Result
        status={forbidden ? '403' : 'warning'}
        title={forbidden ? t('forbidden') : t('error')}
        subTitle={forbidden ? undefined : errorText(query.error)}
        extra={
          forbidden ? undefined : (
            <Button type="primary" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          )
        }
      />
    );
  }

  const data = query.data;
  return (
    <div className="ra-tx">
      {/* one Tab to the list instead of through every filter (WCAG 2.4.1 bypass blocks) */}
      <a
        className="ra-tx__skip"
        href="#ra-tx-list"
        onClick={(e) => {
          e.preventDefault();
          const list = document.getElementById('ra-tx-list');
          const first = list?.querySelector<HTMLElement>('.ra-tx__row');
          (first ?? list)?.focus();
        }}
      >
        {t('skipToList')}
      </a>
      {openedOn && <LastSalesNotice day={openedOn} today={today} />}
      <div className="ra-tx__filters" role="search">
        <DatePicker.RangePicker
          {...dayPickerKeys}
          aria-label={t('filters.range')}
          allowClear={false}
          format={dayPickerFormat(lang)}
          value={[dayjs(filter.from, DAY), dayjs(filter.to, DAY)]}
          presets={presets}
          disabledDate={(d) => d.format(DAY) > today}
          onChange={(v) => {
            if (v?.[0] && v[1]) update({ from: v[0].format(DAY), to: v[1].format(DAY) });
          }}
        />
        <Input.Search
          aria-label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          allowClear
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onSearch={(value) => update({ q: value.trim() || undefined })}
          className="ra-tx__search"
        />
        <Select
          aria-label={t('filters.method')}
          placeholder={t('filters.method')}
          allowClear
          value={filter.method}
          onChange={(method) => update({ method })}
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`method.${m}`) }))}
          className="ra-tx__select"
        />
        <Select
          aria-label={t('filters.kind')}
          placeholder={t('filters.kind')}
          allowClear
          value={filter.kind}
          onChange={(kind) => update({ kind })}
          options={TRANSACTION_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          className="ra-tx__select"
        />
        <Select
          aria-label={t('filters.status')}
          placeholder={t('filters.status')}
          allowClear
          value={filter.status}
          onChange={(status) => update({ status })}
          options={TRANSACTION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          className="ra-tx__select"
        />
        <span className="ra-tx__amounts">
          <NumberInput<number>
            decimals={2}
            aria-label={t('filters.min')}
            placeholder={t('filters.min')}
            prefix="$"
            defaultValue={filter.minCents !== undefined ? filter.minCents / 100 : undefined}
            onBlur={(e) => setAmount('minCents', e.target.value)}
            onPressEnter={(e) => setAmount('minCents', (e.target as HTMLInputElement).value)}
          />
          <span aria-hidden>–</span>
          <NumberInput<number>
            decimals={2}
            aria-label={t('filters.max')}
            placeholder={t('filters.max')}
            prefix="$"
            defaultValue={filter.maxCents !== undefined ? filter.maxCents / 100 : undefined}
            onBlur={(e) => setAmount('maxCents', e.target.value)}
            onPressEnter={(e) => setAmount('maxCents', (e.target as HTMLInputElement).value)}
          />
          <NumberProblemText problem={amountProblem} />
        </span>
      </div>

      <div className="ra-tx__head">
        {data && (
          <p className="ra-tx__summary" data-testid="transactions-totals">
            {t('summary.payments', {
              count: data.totals.paymentCount,
              countText: formatCount(data.totals.paymentCount, lang),
              amount: money(data.totals.paymentCents),
            })}
            {' · '}
            {t('summary.refunds', {
              count: data.totals.refundCount,
              countText: formatCount(data.totals.refundCount, lang),
              amount: money(data.totals.refundCents),
            })}
          </p>
        )}
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting === 'csv'}
            disabled={!data || data.total === 0}
            onClick={() => void exportAs('csv')}
            aria-label={t('export.csvOf')}
          >
            {t('export.csv')}
          </Button>
          <Button
            icon={<FileExcelOutlined />}
            loading={exporting === 'xlsx'}
            disabled={!data || data.total === 0}
            onClick={() => void exportAs('xlsx')}
            aria-label={t('export.xlsxOf')}
          >
            {t('export.xlsx')}
          </Button>
        </Space>
      </div>

      <div className="ra-tx__panel" id="ra-tx-list" tabIndex={-1} aria-label={t('listLabel')}>
        {narrow ? (
          <TransactionCards
            rows={data?.rows ?? []}
            loading={query.isFetching}
            label={rowLabel}
            onOpen={setOrderId}
            render={(r) => (
              <>
                <span className="ra-tx-card__amount">
                  <span className={r.kind === 'refund' ? 'ra-tx__refund' : undefined}>{amountText(r)}</span>
                  <StatusTag row={r} label={t(`status.${r.status}`)} />
                </span>
                <span className="ra-tx-card__line">
                  {t(`kind.${r.kind}`)} · {orderText(r)} · {when(r.at)}
                </span>
                <span className="ra-tx-card__line">
                  {methodText(r)}
                  {r.serverName ? ` · ${r.serverName}` : ''}
                  {r.tipCents ? ` · ${t('payment.tip', { value: money(r.tipCents) })}` : ''}
                </span>
              </>
            )}
            empty={t('empty')}
          />
        ) : null}
        {narrow && data && data.total > 0 && (
          <Pagination
            className="ra-tx__pager"
            simple
            current={filter.page}
            pageSize={filter.pageSize}
            total={data.total}
            onChange={(page) => change({ page })}
          />
        )}
        {!narrow && (
          <Table<TTransactionRow>
            size="middle"
            rowKey="key"
            columns={columns}
            dataSource={data?.rows ?? []}
            loading={query.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
            onRow={(r) => ({
              onClick: () => setOrderId(r.orderId),
              onKeyDown: (e) => {
                if (e.key === 'Enter') setOrderId(r.orderId);
              },
              tabIndex: 0,
              className: 'ra-tx__row',
              'aria-label': rowLabel(r),
            })}
            onChange={(pagination, _filters, sorter, extra) => {
              if (extra.action === 'sort') {
                const s = sorter as SorterResult<TTransactionRow>;
                const field = s.columnKey === 'amount' ? 'amount' : 'at';
                update({ sort: s.order === 'ascend' ? field : s.order === 'descend' ? `-${field}` : '-at' });
              } else if (extra.action === 'paginate') {
                change({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? filter.pageSize });
              }
            }}
            pagination={{
              current: filter.page,
              pageSize: filter.pageSize,
              total: data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [20, 50, 100, 200],
              showTotal: (total) => t('rowsTotal', { count: total, countText: formatCount(total, lang) }),
            }}
          />
        )}
      </div>
      <OrderDrawer orderId={orderId} onClose={() => setOrderId(null)} zone={zone} narrow={narrow} />
    </div>
  );
}
