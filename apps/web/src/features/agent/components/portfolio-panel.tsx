import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  Modal,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { PORTFOLIO_STATUSES, type TPortfolioRow, type TPortfolioStatus } from '@ra/shared/agent/agent.schemas';
import { PLANS, type TPlan } from '@ra/shared/agent/commission';
import { useUpdatePortfolio } from '../api/update-portfolio.ts';
import { showErrorMessage, showSuccessMessage } from '../../../lib/feedback.ts';
import { useAgentDashboard } from '../api/get-agent-dashboard.ts';
import { usePortfolio } from '../api/get-portfolio.ts';
import { errorText } from '../../../lib/request.ts';
import { AGENT_TIME_ZONE } from '@ra/shared/agent/pay-periods';
import { restaurantZoneOf } from '@ra/shared/format/restaurant-time';
import { StatusTag, type TStatusTone } from '../../../components/status-tag.tsx';
import { formatCents, formatInstant } from '../agent-format.ts';
import { Sparkline } from './sparkline.tsx';
import { validFormValues } from '../../../lib/form-values.ts';

const STATUS_TONE: Record<TPortfolioStatus, TStatusTone> = {
  live: 'success',
  onboarding: 'info',
  paused: 'warning',
  churned: 'neutral',
};

/** The agent's restaurants with the portfolio dashboard above them; "Manage" switches into one. */
export function PortfolioPanel({
  onManage,
  busyXid,
  isAdmin,
}: {
  onManage: (xid: string) => void;
  busyXid: string | null;
  isAdmin: boolean;
}) {
  const { t, i18n } = useTranslation('agent');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<TPortfolioStatus | undefined>();
  const [page, setPage] = useState(1);
  const dashboard = useAgentDashboard();
  const list = usePortfolio({ q: q || undefined, status, page, pageSize: 20 });
  const d = dashboard.data;
  const update = useUpdatePortfolio();
  const [editing, setEditing] = useState<TPortfolioRow | null>(null);
  const [editForm] = Form.useForm<{ status: TPortfolioStatus; plan: TPlan }>();
  const saveEdit = async () => {
    if (!editing) return;
    const v = await validFormValues(editForm);
    if (!v) return;
    try {
      await update.mutateAsync({ xid: editing.xid, status: v.status, plan: v.plan });
      showSuccessMessage(t('portfolio.saved', { name: editing.name }));
      setEditing(null);
    } catch (e) {
      showErrorMessage(errorText(e));
    }
  };

  const columns = [
    {
      title: t('portfolio.restaurant'),
      key: 'name',
      render: (_: unknown, r: TPortfolioRow) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{r.name}</Typography.Text>
          <Typography.Text type="secondary">{r.city}</Typography.Text>
          {r.quiet && <StatusTag tone="error">{t('portfolio.quiet')}</StatusTag>}
        </Space>
      ),
    },
    {
      title: t('portfolio.status'),
      key: 'status',
      render: (_: unknown, r: TPortfolioRow) => (
        <StatusTag tone={STATUS_TONE[r.status]}>{t(`status.${r.status}`)}</StatusTag>
      ),
    },
    {
      title: t('portfolio.plan'),
      key: 'plan',
      responsive: ['md' as const],
      render: (_: unknown, r: TPortfolioRow) => t(`plan.${r.plan}`),
    },
    {
      title: t('portfolio.lastActivity'),
      key: 'activity',
      responsive: ['lg' as const],
      render: (_: unknown, r: TPortfolioRow) => (
        <Space direction="vertical" size={0}>
          <span>{t('portfolio.lastOrder', { when: formatInstant(r.lastOrderAt, i18n.language, r.timeZone) })}</span>
          <Typography.Text type="secondary">
            {t('portfolio.lastSignIn', { when: formatInstant(r.lastSignInAt, i18n.language, r.timeZone) })}
          </Typography.Text>
          <Typography.Text type="secondary" data-testid="portfolio-zone">
            {restaurantZoneOf(r.timeZone) ?? AGENT_TIME_ZONE}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('portfolio.monthSales'),
      key: 'sales',
      responsive: ['sm' as const],
      render: (_: unknown, r: TPortfolioRow) => (
        <Space>
          <Sparkline values={r.trend} label={t('portfolio.trendLabel', { name: r.name })} />
          <span>{formatCents(r.monthSalesCents)}</span>
        </Space>
      ),
    },
    {
      title: t('portfolio.actions'),
      key: 'manage',
      render: (_: unknown, r: TPortfolioRow) => (
        <Space wrap size={4}>
          <Button size="small" type="primary" loading={busyXid === r.xid} onClick={() => onManage(r.xid)}>
            {t('portfolio.manage')}
            {/* the name read after the visible word, so the accessible name starts with what is seen */}
            <span className="ra-sr-only"> {r.name}</span>
          </Button>
          {isAdmin && (
            <Button
              size="small"
              onClick={() => {
                setEditing(r);
                editForm.setFieldsValue({ status: r.status, plan: r.plan });
              }}
            >
              {t('portfolio.edit')}
              <span className="ra-sr-only"> {r.name}</span>
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {dashboard.isError ? (
        <Alert type="error" showIcon message={errorText(dashboard.error)} />
      ) : (
        <Row gutter={[12, 12]}>
          <Col xs={12} md={6}>
            <Card size="small" loading={dashboard.isLoading}>
              <Statistic title={t('dashboard.live')} value={d?.live ?? 0} suffix={`/ ${d?.total ?? 0}`} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small" loading={dashboard.isLoading}>
              <Statistic title={t('dashboard.newThisMonth')} value={d?.newThisMonth ?? 0} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small" loading={dashboard.isLoading}>
              <Statistic title={t('dashboard.quiet')} value={d?.quiet.length ?? 0} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small" loading={dashboard.isLoading}>
              <Statistic title={t('dashboard.earnings')} value={formatCents(d?.earningsThisMonthCents ?? 0)} />
            </Card>
          </Col>
        </Row>
      )}
      {d && d.quiet.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={t('dashboard.quietList', { names: d.quiet.map((x) => x.name).join(', ') })}
        />
      )}
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('portfolio.search')}
          aria-label={t('portfolio.search')}
          onSearch={(v) => {
            setQ(v.trim());
            setPage(1);
          }}
          style={{ width: 260 }}
        />
        <Select
          allowClear
          placeholder={t('portfolio.allStatuses')}
          aria-label={t('portfolio.status')}
          style={{ width: 180 }}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={PORTFOLIO_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
      </Space>
      {list.isError ? (
        <Alert type="error" showIcon message={errorText(list.error)} />
      ) : (
        <Table<TPortfolioRow>
          rowKey="xid"
          size="small"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.items ?? []}
          locale={{ emptyText: <Empty description={t('portfolio.empty')} /> }}
          pagination={{
            current: page,
            pageSize: 20,
            total: list.data?.total ?? 0,
            onChange: setPage,
            showTotal: (total) => t('portfolio.total', { count: total }),
          }}
        />
      )}
      <Modal
        open={editing !== null}
        title={editing ? t('portfolio.editTitle', { name: editing.name }) : ''}
        okText={t('portfolio.save')}
        okButtonProps={{ loading: update.isPending }}
        cancelText={t('common.cancel')}
        onOk={() => void saveEdit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={editForm} layout="vertical">
          <Form.Item name="status" label={t('portfolio.status')}>
            <Select options={PORTFOLIO_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
          </Form.Item>
          <Form.Item name="plan" label={t('portfolio.plan')}>
            <Select options={PLANS.map((p) => ({ value: p, label: t(`plan.${p}`) }))} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
