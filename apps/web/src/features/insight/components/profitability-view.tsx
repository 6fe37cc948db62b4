import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QUADRANTS, type TQuadrant } from '@ra/shared/insight/menu-engineering';
import type { TProfitabilityItem, TUncostedItem } from '@ra/shared/insight/insight.schemas';
import { showErrorMessage } from '../../../lib/feedback.ts';
import { errorText } from '../../../lib/request.ts';
import { downloadProfitability, useProfitability } from '../api/get-profitability.ts';
import { editItemPath, formatCents } from '../comparison-format.ts';
import { QUADRANT_TAGS } from './profitability-colors.ts';

const ProfitabilityScatter = lazy(() => import('./profitability-scatter.tsx'));

const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`);

/**
 * Item profitability (menu engineering, issue 24): each sold item with a cost placed by popularity and
 * contribution margin in four quadrants, as a scatter chart and a table; sold items without a cost are
 * listed apart with a link to add one in the item editor.
 */
export function ProfitabilityView({ range, rangeBar }: { range: { from: string; to: string }; rangeBar: ReactNode }) {
  const { t } = useTranslation('insight');
  const data = useProfitability({ from: range.from, to: range.to });
  const body = data.data;
  const [quadrant, setQuadrant] = useState<TQuadrant | 'all'>('all');
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const labels = Object.fromEntries(QUADRANTS.map((q) => [q, t(`quadrant.${q}`)])) as Record<TQuadrant, string>;

  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await downloadProfitability(range, format);
    } catch (error) {
      showErrorMessage(errorText(error, t('exportFailed')));
    } finally {
      setExporting(null);
    }
  };

  const editLink = (id: number | null, text: string) =>
    id === null ? text : <Link to={editItemPath(id)}>{text}</Link>;
  const columns: ColumnsType<TProfitabilityItem> = [
    { key: 'name', title: t('pf.item'), render: (_, r) => editLink(r.menuItemId, r.name), fixed: 'left', width: 180 },
    {
      key: 'quadrant',
      title: t('pf.class'),
      render: (_, r) => <Tag color={QUADRANT_TAGS[r.quadrant]}>{labels[r.quadrant]}</Tag>,
      filters: QUADRANTS.map((q) => ({ text: labels[q], value: q })),
      onFilter: (value, r) => r.quadrant === value,
    },
    { key: 'category', title: t('pf.category'), dataIndex: 'category' },
    {
      key: 'quantity',
      title: t('pf.quantity'),
      dataIndex: 'quantity',
      align: 'right',
      sorter: (a, b) => a.quantity - b.quantity,
    },
    { key: 'mix', title: t('pf.mix'), align: 'right', render: (_, r) => pct(r.mix), sorter: (a, b) => a.mix - b.mix },
    {
      key: 'net',
      title: t('pf.net'),
      align: 'right',
      render: (_, r) => formatCents(r.netCents),
      sorter: (a, b) => a.netCents - b.netCents,
    },
    { key: 'cost', title: t('pf.cost'), align: 'right', render: (_, r) => formatCents(r.costCents) },
    {
      key: 'margin',
      title: t('pf.margin'),
      align: 'right',
      render: (_, r) => formatCents(r.marginCents),
      sorter: (a, b) => a.marginCents - b.marginCents,
    },
    {
      key: 'totalMargin',
      title: t('pf.totalMargin'),
      align: 'right',
      render: (_, r) => formatCents(r.totalMarginCents),
      sorter: (a, b) => a.totalMarginCents - b.totalMarginCents,
      defaultSortOrder: 'descend',
    },
    { key: 'foodCost', title: t('pf.foodCost'), align: 'right', render: (_, r) => pct(r.foodCostShare) },
  ];
  const uncostedColumns: ColumnsType<TUncostedItem> = [
    { key: 'name', title: t('pf.item'), dataIndex: 'name' },
    { key: 'category', title: t('pf.category'), dataIndex: 'category' },
    { key: 'quantity', title: t('pf.quantity'), dataIndex: 'quantity', align: 'right' },
    { key: 'net', title: t('pf.net'), align: 'right', render: (_, r) => formatCents(r.netCents) },
    {
      key: 'action',
      title: '',
      render: (_, r) =>
        r.menuItemId === null ? (
          <Typography.Text type="secondary">{t('pf.notOnMenu')}</Typography.Text>
        ) : (
          <Link to={editItemPath(r.menuItemId)}>{t('pf.addCost')}</Link>
        ),
    },
  ];
  const shown = body ? (quadrant === 'all' ? body.items : body.items.filter((i) => i.quadrant === quadrant)) : [];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="profitability-view">
      <Card size="small">
        <Space wrap>
          {rangeBar}
          <Button onClick={() => void exportAs('csv')} loading={exporting === 'csv'}>
            {t('exportCsv')}
          </Button>
          <Button onClick={() => void exportAs('xlsx')} loading={exporting === 'xlsx'}>
            {t('exportXlsx')}
          </Button>
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
          {t('pf.explain')}
        </Typography.Paragraph>
      </Card>
      {data.isError && <Alert type="error" showIcon message={errorText(data.error, t('loadFailed'))} />}
      {body && body.uncosted.length > 0 && (
        <Alert type="warning" showIcon message={t('pf.uncostedPrompt', { count: body.uncosted.length })} />
      )}
      {body && body.items.length > 0 && (
        <Card size="small" title={t('pf.chartTitle')}>
          <Suspense fallback={<div style={{ height: 360 }} />}>
            <ProfitabilityScatter
              items={body.items}
              popularityThreshold={body.popularityThreshold}
              marginThresholdCents={body.marginThresholdCents}
              labels={labels}
              axis={{ mix: t('pf.mix'), margin: t('pf.margin') }}
            />
          </Suspense>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('pf.thresholds', {
              mix: pct(body.popularityThreshold),
              margin: formatCents(body.marginThresholdCents),
            })}
          </Typography.Text>
        </Card>
      )}
      <Card
        size="small"
        title={t('pf.tableTitle')}
        extra={
          <Space wrap size={4}>
            {(['all', ...QUADRANTS] as const).map((q) => (
              <Button key={q} size="small" type={quadrant === q ? 'primary' : 'default'} onClick={() => setQuadrant(q)}>
                {q === 'all' ? t('pf.all') : labels[q]}
              </Button>
            ))}
          </Space>
        }
      >
        <Table<TProfitabilityItem>
          rowKey="itemCode"
          size="small"
          loading={data.isFetching}
          columns={columns}
          dataSource={shown}
          scroll={{ x: 1000 }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty description={t('pf.empty')} /> }}
        />
      </Card>
      {body && body.uncosted.length > 0 && (
        <Card size="small" title={t('pf.uncostedTitle')}>
          <Table<TUncostedItem>
            rowKey="itemCode"
            size="small"
            columns={uncostedColumns}
            dataSource={body.uncosted}
            scroll={{ x: 600 }}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
          />
        </Card>
      )}
    </Space>
  );
}
