import { useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Result, Segmented, Space, Statistic, Table, Tabs, Tag, Typography } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCents, formatCount, toDisplayLanguage } from '@ra/shared/format/locale-format';
import type { TReward, TRewardsReport } from '@ra/shared/rewards/rewards.schemas';
import { DateInput } from '../../../components/date-input.tsx';
import { showConfirm, showErrorMessage, showSuccessMessage } from '../../../lib/feedback.ts';
import { errorText } from '../../../lib/request.ts';
import { restaurantToday, useRestaurantZone } from '../../../lib/restaurant-time.ts';
import { useApp } from '../../../stores/app.ts';
import {
  downloadRewardsReport,
  useArchiveReward,
  useRewards,
  useRewardsReport,
  type TArchivedFilter,
} from '../api/rewards-api.ts';
import { RewardFormDrawer } from './reward-form-drawer.tsx';

const TABS = ['catalogue', 'report'] as const;
type TTab = (typeof TABS)[number];
type TSet = (patch: Record<string, string | null>) => void;

/** The reward's name in the interface language (the English one when it has no Chinese name). */
export const rewardName = (r: { nameEn: string; nameZh: string }, lang: string) =>
  (lang === 'zh' && r.nameZh) || r.nameEn;

/** /rewards/index (editCoupon): the rewards catalogue and the rewards report; tab and filters in the URL. */
export function RewardsView() {
  const { t } = useTranslation('rewards');
  const [params, setParams] = useSearchParams();
  const tab: TTab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as TTab)
    : 'catalogue';
  const set: TSet = (patch) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch))
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="rewards-page">
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => set({ tab: key === 'catalogue' ? null : key })}
        items={[
          { key: 'catalogue', label: t('tabs.catalogue'), children: <Catalogue params={params} set={set} /> },
          { key: 'report', label: t('tabs.report'), children: <Report params={params} set={set} /> },
        ]}
      />
    </div>
  );
}

function Catalogue({ params, set }: { params: URLSearchParams; set: TSet }) {
  const { t, i18n } = useTranslation('rewards');
  const lang = toDisplayLanguage(i18n.language);
  const mobile = useApp((s) => s.device === 'mobile');
  const show = (['active', 'archived', 'all'] as const).find((v) => v === params.get('show')) ?? 'active';
  const editing = params.get('edit');
  const list = useRewards(show);
  const archive = useArchiveReward();
  const editingReward = useMemo(
    () => (editing && editing !== 'new' ? (list.data?.items.find((r) => String(r.id) === editing) ?? null) : null),
    [editing, list.data],
  );

  const confirmArchive = (r: TReward) =>
    showConfirm({
      title: t('actions.archive'),
      content: t('confirm.archive', { name: rewardName(r, lang) }),
      okText: t('actions.archive'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await archive.mutateAsync({ id: r.id, archive: true });
          showSuccessMessage(t('messages.archived'));
        } catch (error) {
          showErrorMessage(errorText(error));
        }
      },
    });
  const restore = async (r: TReward) => {
    try {
      await archive.mutateAsync({ id: r.id, archive: false });
      showSuccessMessage(t('messages.restored'));
    } catch (error) {
      showErrorMessage(errorText(error));
    }
  };

  const columns = [
    {
      title: t('fields.name'),
      key: 'name',
      render: (_: unknown, r: TReward) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{rewardName(r, lang)}</Typography.Text>
          <Typography.Text type="secondary">
            {r.kind === 'coupon'
              ? t('gives.coupon', { name: r.couponName ?? '—' })
              : t('gives.item', { name: r.menuItemName ?? '—' })}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('fields.pointsCost'),
      dataIndex: 'pointsCost',
      render: (v: number) => t('pointsValue', { formatted: formatCount(v, lang) }),
    },
    {
      title: t('fields.value'),
      dataIndex: 'valueCents',
      render: (v: number) => (v > 0 ? formatCents(v, lang) : '—'),
      responsive: ['md' as const],
    },
    {
      title: t('fields.redeemed'),
      dataIndex: 'redeemedCount',
      render: (v: number) => formatCount(v, lang),
      responsive: ['sm' as const],
    },
    {
      title: t('fields.status'),
      key: 'status',
      render: (_: unknown, r: TReward) =>
        r.archived ? <Tag>{t('status.archived')}</Tag> : <Tag color="success">{t('status.active')}</Tag>,
    },
    {
      title: t('fields.actions'),
      key: 'actions',
      render: (_: unknown, r: TReward) => (
        <Space wrap>
          <Button
            size="small"
            onClick={() => set({ edit: String(r.id) })}
            aria-label={t('actions.editNamed', { name: rewardName(r, lang) })}
          >
            {t('actions.edit')}
          </Button>
          {r.archived ? (
            <Button size="small" onClick={() => void restore(r)}>
              {t('actions.restore')}
            </Button>
          ) : (
            <Button
              size="small"
              danger
              onClick={() => confirmArchive(r)}
              aria-label={t('actions.archiveNamed', { name: rewardName(r, lang) })}
            >
              {t('actions.archive')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Segmented<TArchivedFilter>
          aria-label={t('list.show')}
          value={show}
          onChange={(v) => set({ show: v === 'active' ? null : v })}
          options={[
            { value: 'active', label: t('list.active') },
            { value: 'archived', label: t('list.archived') },
            { value: 'all', label: t('list.all') },
          ]}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => set({ edit: 'new' })}>
          {t('actions.create')}
        </Button>
      </Space>
      {list.isError ? (
        <Result
          status="error"
          title={t('list.loadFailed')}
          subTitle={errorText(list.error)}
          extra={<Button onClick={() => void list.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : (
        <Table<TReward>
          rowKey="id"
          size={mobile ? 'small' : 'middle'}
          loading={list.isPending}
          dataSource={list.data?.items ?? []}
          columns={columns}
          locale={{ emptyText: <Empty description={show === 'active' ? t('list.empty') : t('list.noMatch')} /> }}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: mobile ? 360 : undefined }}
        />
      )}
      <RewardFormDrawer
        open={editing !== null && (editing === 'new' || editingReward !== null)}
        reward={editingReward}
        mobile={mobile}
        onClose={() => set({ edit: null })}
      />
    </Space>
  );
}

function Report({ params, set }: { params: URLSearchParams; set: TSet }) {
  const { t, i18n } = useTranslation('rewards');
  const lang = toDisplayLanguage(i18n.language);
  const zone = useRestaurantZone();
  const today = restaurantToday(zone);
  const from = params.get('from') ?? `${today.slice(0, 7)}-01`;
  const to = params.get('to') ?? today;
  const [downloading, setDownloading] = useState(false);
  const report = useRewardsReport(from, to);
  const money = (c: number) => formatCents(c, lang);
  const count = (n: number) => formatCount(n, lang);
  const preset = (days: number) => {
    const start = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    set({ from: start, to: today });
  };
  const exportCsv = async () => {
    setDownloading(true);
    try {
      await downloadRewardsReport(from, to, lang === 'zh' ? 'zh' : 'en');
    } catch (error) {
      showErrorMessage(errorText(error));
    } finally {
      setDownloading(false);
    }
  };
  const data: TRewardsReport | undefined = report.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <DateInput
          aria-label={t('report.from')}
          value={from}
          onChange={(e) => e.target.value && set({ from: e.target.value })}
        />
        <DateInput
          aria-label={t('report.to')}
          value={to}
          onChange={(e) => e.target.value && set({ to: e.target.value })}
        />
        <Button onClick={() => preset(7)}>{t('report.last7')}</Button>
        <Button onClick={() => preset(30)}>{t('report.last30')}</Button>
        <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void exportCsv()} disabled={from > to}>
          {t('report.export')}
        </Button>
      </Space>
      {from > to && <Alert type="warning" showIcon title={t('report.periodOrder')} />}
      {report.isError && <Alert type="error" showIcon title={errorText(report.error)} />}
      <Space wrap size="middle" className="rewards-report__figures">
        <Card size="small">
          <Statistic
            title={t('report.pointsIssued')}
            value={data ? count(data.pointsIssued) : '—'}
            loading={report.isPending}
          />
        </Card>
        <Card size="small">
          <Statistic
            title={t('report.pointsRedeemed')}
            value={data ? count(data.pointsRedeemed) : '—'}
            loading={report.isPending}
          />
        </Card>
        <Card size="small">
          <Statistic
            title={t('report.redemptions')}
            value={data ? count(data.redemptions) : '—'}
            loading={report.isPending}
          />
        </Card>
        <Card size="small">
          <Statistic
            title={t('report.valueGiven')}
            value={data ? money(data.valueGivenCents) : '—'}
            loading={report.isPending}
          />
        </Card>
        <Card size="small">
          <Statistic
            title={t('report.adjusted')}
            value={data ? `+${count(data.pointsAdjustedUp)} / −${count(data.pointsAdjustedDown)}` : '—'}
            loading={report.isPending}
          />
        </Card>
      </Space>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('report.byReward')}
      </Typography.Title>
      <Table
        rowKey={(r) => String(r.rewardId ?? r.nameEn)}
        loading={report.isPending}
        dataSource={data?.byReward ?? []}
        pagination={false}
        scroll={{ x: 420 }}
        size="small"
        locale={{ emptyText: <Empty description={t('report.empty')} /> }}
        columns={[
          { title: t('fields.name'), key: 'name', render: (_: unknown, r) => rewardName(r, lang) },
          { title: t('report.redemptions'), dataIndex: 'redemptions', render: count },
          { title: t('report.points'), dataIndex: 'points', render: count },
          { title: t('report.valueGiven'), dataIndex: 'valueCents', render: money },
        ]}
        summary={() =>
          data && data.byReward.length > 0 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <strong>{t('report.total')}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1}>{count(data.redemptions)}</Table.Summary.Cell>
              <Table.Summary.Cell index={2}>{count(data.pointsRedeemed)}</Table.Summary.Cell>
              <Table.Summary.Cell index={3}>{money(data.valueGivenCents)}</Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      <Typography.Text type="secondary">{t('report.note')}</Typography.Text>
    </Space>
  );
}
