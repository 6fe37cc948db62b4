import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Input,
  Row,
  Segmented,
  Select,
  Space,
  Spin,
  Statistic,
  Table,
  Typography,
  theme,
} from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { businessDayOf } from '@ra/shared/business-day/business-day';
import { AGENT_TIME_ZONE } from '@ra/shared/agent/pay-periods';
import {
  TREND_MEASURES,
  type TComparisonFigures,
  type TComparisonRow,
  type TComparisonSort,
  type TTrendMeasure,
} from '@ra/shared/insight/insight.schemas';
import { DateInput } from '../../../components/date-input.tsx';
import { showErrorMessage } from '../../../lib/feedback.ts';
import { errorText } from '../../../lib/request.ts';
import { downloadComparison, useComparison } from '../api/get-comparison.ts';
import {
  changeText,
  formatCents,
  COMPARISON_PRESETS,
  presetRange,
  shareText,
  type TComparisonPreset,
} from '../comparison-format.ts';

const ComparisonTrendChart = lazy(() => import('./comparison-trend-chart.tsx'));

const PAGE_SIZE = 25;

/** A figure with the previous period's under it and the change between them. */
function Pair({ current, previous, text }: { current: number; previous: number; text: (v: number) => string }) {
  const change = changeText(current, previous);
  return (
    <div>
      <div>{text(current)}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {text(previous)}
        {change ? ` · ${change}` : ''}
      </Typography.Text>
    </div>
  );
}

const count = (v: number) => v.toLocaleString();

/**
 * The comparison across locations (issue 24): one row per restaurant the account can see, for a
 * period with the previous period beside it; totals, a trend chart per measure, sorting, paging and
 * CSV/XLSX export. `onOpen` switches into a restaurant.
 */
export function ComparisonPanel({ onOpen }: { onOpen?: (xid: string) => void }) {
  const { t } = useTranslation('insight');
  const { token } = theme.useToken();
  const today = businessDayOf(new Date(), AGENT_TIME_ZONE, 0);
  const [preset, setPreset] = useState<TComparisonPreset>('last7');
  const [custom, setCustom] = useState(() => presetRange('last7', today));
  const range = preset === 'custom' ? custom : presetRange(preset, today);
  const [sort, setSort] = useState<{ sort: TComparisonSort; order: 'asc' | 'desc' }>({
    sort: 'netSales',
    order: 'desc',
  });
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [measure, setMeasure] = useState<TTrendMeasure>('netSales');
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const validRange = range.from !== '' && range.to !== '' && range.from <= range.to;
  const query = { ...range, ...sort, page, pageSize: PAGE_SIZE, q: q || undefined };
  // The rollup figures first; labour (worked out shift by shift) follows in a second answer.
  const data = useComparison({ ...query, labor: false });
  const withLabor = useComparison({ ...query, labor: true });
  const laborBody = withLabor.data && !withLabor.isPlaceholderData ? withLabor.data : undefined;
  const laborOf = new Map((laborBody?.rows ?? []).map((r) => [r.restaurantId, r]));
  const body = data.data;

  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await downloadComparison(query, format);
    } catch (error) {
      showErrorMessage(errorText(error, t('exportFailed')));
    } finally {
      setExporting(null);
    }
  };

  const money = (pick: (f: TComparisonFigures) => number) => (row: TComparisonRow) => (
    <Pair current={pick(row.current)} previous={pick(row.previous)} text={formatCents} />
  );
  const sortOrder = (key: TComparisonSort) =>
    sort.sort === key ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;
  const columns: ColumnsType<TComparisonRow> = [
    {
      key: 'name',
      title: t('col.restaurant'),
      fixed: 'left',
      width: 180,
      sorter: true,
      sortOrder: sortOrder('name'),
      render: (_, row) =>
        onOpen ? (
          <Button
            type="link"
            style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
            onClick={() => onOpen(row.xid)}
          >
            {row.name}
          </Button>
        ) : (
          row.name
        ),
    },
    {
      key: 'netSales',
      title: t('col.netSales'),
      sorter: true,
      sortOrder: sortOrder('netSales'),
      align: 'right',
      render: (_, r) => money((f) => f.netSalesCents)(r),
    },
    {
      key: 'orders',
      title: t('col.orders'),
      sorter: true,
      sortOrder: sortOrder('orders'),
      align: 'right',
      render: (_, r) => <Pair current={r.current.orders} previous={r.previous.orders} text={count} />,
    },
    {
      key: 'guests',
      title: t('col.guests'),
      sorter: true,
      sortOrder: sortOrder('guests'),
      align: 'right',
      render: (_, r) => <Pair current={r.current.guests} previous={r.previous.guests} text={count} />,
    },
    {
      key: 'averageCheck',
      title: t('col.averageCheck'),
      sorter: true,
      sortOrder: sortOrder('averageCheck'),
      align: 'right',
      render: (_, r) => money((f) => f.averageCheckCents)(r),
    },
    {
      key: 'labor',
      title: t('col.labor'),
      align: 'right',
      render: (_, row) => {
        const r = laborOf.get(row.restaurantId);
        if (!r) return withLabor.isError ? '—' : <Spin size="small" aria-label={t('laborLoading')} />;
        return (
          <div>
            <div>
              {formatCents(r.current.laborCents ?? 0)} · {shareText(r.current)}
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatCents(r.previous.laborCents ?? 0)} · {shareText(r.previous)}
            </Typography.Text>
          </div>
        );
      },
    },
    {
      key: 'refunds',
      title: t('col.refunds'),
      sorter: true,
      sortOrder: sortOrder('refunds'),
      align: 'right',
      render: (_, r) => money((f) => f.refundsCents)(r),
    },
    {
      key: 'discounts',
      title: t('col.discounts'),
      sorter: true,
      sortOrder: sortOrder('discounts'),
      align: 'right',
      render: (_, r) => money((f) => f.discountsCents)(r),
    },
  ];

  const totals = body?.totals;
  const laborTotals = laborBody?.totals;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="comparison-panel">
      <Card size="small">
        <Space wrap>
          <Select
            aria-label={t('period')}
            value={preset}
            style={{ minWidth: 150 }}
            onChange={(v) => {
              setPreset(v);
              setPage(1);
            }}
            options={COMPARISON_PRESETS.map((p) => ({ value: p, label: t(`preset.${p}`) }))}
          />
          {preset === 'custom' ? (
            <>
              <DateInput
                aria-label={t('from')}
                value={custom.from}
                onChange={(e) => setCustom({ ...custom, from: e.target.value })}
                style={{ width: 150 }}
              />
              <DateInput
                aria-label={t('to')}
                value={custom.to}
                onChange={(e) => setCustom({ ...custom, to: e.target.value })}
                style={{ width: 150 }}
              />
            </>
          ) : (
            <Typography.Text type="secondary">
              {range.from} – {range.to}
            </Typography.Text>
          )}
          <Input.Search
            allowClear
            placeholder={t('search')}
            aria-label={t('search')}
            style={{ width: 220 }}
            onSearch={(v) => {
              setQ(v.trim());
              setPage(1);
            }}
          />
          <Button onClick={() => void exportAs('csv')} loading={exporting === 'csv'} disabled={!validRange}>
            {t('exportCsv')}
          </Button>
          <Button onClick={() => void exportAs('xlsx')} loading={exporting === 'xlsx'} disabled={!validRange}>
            {t('exportXlsx')}
          </Button>
        </Space>
        {!validRange && <Alert type="error" showIcon style={{ marginTop: 8 }} message={t('rangeInvalid')} />}
      </Card>

      {data.isError && <Alert type="error" showIcon message={errorText(data.error, t('loadFailed'))} />}

      {totals && body && (
        <Row gutter={[12, 12]}>
          {(
            [
              [
                'netSales',
                formatCents(totals.current.netSalesCents),
                changeText(totals.current.netSalesCents, totals.previous.netSalesCents),
              ],
              ['orders', count(totals.current.orders), changeText(totals.current.orders, totals.previous.orders)],
              ['guests', count(totals.current.guests), changeText(totals.current.guests, totals.previous.guests)],
              [
                'averageCheck',
                formatCents(totals.current.averageCheckCents),
                changeText(totals.current.averageCheckCents, totals.previous.averageCheckCents),
              ],
              [
                'labor',
                !laborTotals || laborTotals.current.laborCents === null
                  ? '—'
                  : `${formatCents(laborTotals.current.laborCents)} · ${shareText(laborTotals.current)}`,
                '',
              ],
              [
                'refunds',
                formatCents(totals.current.refundsCents),
                changeText(totals.current.refundsCents, totals.previous.refundsCents),
              ],
              [
                'discounts',
                formatCents(totals.current.discountsCents),
                changeText(totals.current.discountsCents, totals.previous.discountsCents),
              ],
            ] as const
          ).map(([key, value, change]) => (
            <Col key={key} xs={12} sm={8} lg={6}>
              <Card size="small">
                <Statistic title={t(`col.${key}`)} value={value} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {change ? t('vsPrevious', { change }) : ' '}
                </Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {laborBody && !laborBody.laborTotalsComplete && (
        <Typography.Text type="secondary">{t('laborTotalsPartial')}</Typography.Text>
      )}

      {body && body.total > 0 && (
        <Card size="small" title={t('trendTitle')}>
          <Segmented
            value={measure}
            onChange={(v) => setMeasure(v as TTrendMeasure)}
            options={TREND_MEASURES.map((m) => ({ value: m, label: t(`col.${m}`) }))}
            style={{ marginBottom: 8, maxWidth: '100%', overflowX: 'auto' }}
          />
          <Suspense fallback={<div style={{ height: 280 }} />}>
            <ComparisonTrendChart
              measure={measure}
              current={body.trend.current}
              previous={body.trend.previous}
              labels={{ current: t('thisPeriod'), previous: t('previousPeriod') }}
              primaryColor={token.colorPrimary}
            />
          </Suspense>
        </Card>
      )}

      <Card size="small" title={t('tableTitle', { count: body?.total ?? 0 })}>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {body
            ? t('periods', {
                from: body.range.from,
                to: body.range.to,
                pfrom: body.previousRange.from,
                pto: body.previousRange.to,
              })
            : ''}
        </Typography.Paragraph>
        <Table<TComparisonRow>
          rowKey="restaurantId"
          size="small"
          loading={data.isFetching}
          columns={columns}
          dataSource={body?.rows ?? []}
          scroll={{ x: 1100 }}
          locale={{ emptyText: <Empty description={t('empty')} /> }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: body?.total ?? 0, showSizeChanger: false }}
          onChange={(pagination, _filters, sorter) => {
            const s = sorter as SorterResult<TComparisonRow>;
            const key = (s.columnKey as TComparisonSort | undefined) ?? 'netSales';
            const next = s.order
              ? { sort: key, order: s.order === 'ascend' ? ('asc' as const) : ('desc' as const) }
              : { sort: 'netSales' as const, order: 'desc' as const };
            if (next.sort !== sort.sort || next.order !== sort.order) {
              setSort(next);
              setPage(1);
            } else setPage(pagination.current ?? 1);
          }}
        />
      </Card>
    </Space>
  );
}
