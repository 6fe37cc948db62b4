import { useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Input, Result, Select, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCents, formatCount, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { COUPON_TYPES, type TCoupon, type TCouponType } from '@ra/shared/coupons/coupons.schemas';
import { showConfirm, showSuccessMessage } from '../../../lib/feedback.ts';
import { restaurantToday, useRestaurantZone } from '../../../lib/restaurant-time.ts';
import { useApp } from '../../../stores/app.ts';
import { useCoupons } from '../api/get-coupons.ts';
import { useDeleteCoupon } from '../api/delete-coupon.ts';
import { useCouponPerformance } from '../api/get-performance.ts';
import { useSaveStackingPolicy, useStackingPolicy } from '../api/stacking-policy.ts';
import { couponErrorText } from '../coupon-messages.ts';
import { couponRuleSummary } from '../coupon-summary.ts';
import { CartSimulator } from './cart-simulator.tsx';
import { CouponFormDrawer } from './coupon-form-drawer.tsx';
import './coupons.css';
import { DateInput } from '../../../components/date-input.tsx';

const TABS = ['list', 'simulator', 'performance'] as const;
type TTab = (typeof TABS)[number];

/** /coupon/index (editCoupon): the coupon list with its form, the cart simulator and performance; state in the URL. */
export function CouponsView() {
  const { t, i18n } = useTranslation('coupons');
  const [params, setParams] = useSearchParams();
  const tab: TTab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as TTab)
    : 'list';
  const set = (patch: Record<string, string | null>) =>
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
    <div className="coupons-page">
      <Typography.Title level={1} className="coupons-title">
        {t('title')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => set({ tab: key === 'list' ? null : key })}
        items={[
          { key: 'list', label: t('tabs.list'), children: <CouponList params={params} set={set} /> },
          { key: 'simulator', label: t('tabs.simulator'), children: <CartSimulator /> },
          { key: 'performance', label: t('tabs.performance'), children: <Performance lang={i18n.language} /> },
        ]}
      />
    </div>
  );
}

function CouponList({ params, set }: { params: URLSearchParams; set: (p: Record<string, string | null>) => void }) {
  const { t, i18n } = useTranslation('coupons');
  const lang = toDisplayLanguage(i18n.language);
  const mobile = useApp((s) => s.device === 'mobile');
  const q = params.get('q') ?? '';
  const type = (COUPON_TYPES as readonly string[]).includes(params.get('type') ?? '')
    ? (params.get('type') as TCouponType)
    : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const editing = params.get('edit');
  const [search, setSearch] = useState(q);
  const list = useCoupons({ q: q || undefined, type, page, pageSize: 20 });
  const remove = useDeleteCoupon();
  const editingCoupon = useMemo(
    () => (editing && editing !== 'new' ? (list.data?.items.find((c) => String(c.id) === editing) ?? null) : null),
    [editing, list.data],
  );

  const confirmDelete = (c: TCoupon) =>
    showConfirm({
      title: t('actions.delete'),
      content: t('confirm.delete', { name: c.name }),
      okText: t('actions.delete'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        await remove.mutateAsync(c.id);
        showSuccessMessage(t('messages.deleted'));
      },
    });

  const columns = [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      render: (_: unknown, c: TCoupon) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{c.name}</Typography.Text>
          <Typography.Text type="secondary">{couponRuleSummary(c, t, lang)}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('fields.type'),
      dataIndex: 'type',
      render: (v: TCouponType) => t(`types.${v}`),
      responsive: ['md' as const],
    },
    { title: t('fields.code'), dataIndex: 'code', render: (v: string) => <Tag>{v}</Tag> },
    {
      title: t('fields.used'),
      dataIndex: 'usedCount',
      render: (_: unknown, c: TCoupon) =>
        c.totalNum === null
          ? formatCount(c.usedCount, lang)
          : `${formatCount(c.usedCount, lang)} / ${formatCount(c.totalNum, lang)}`,
      responsive: ['sm' as const],
    },
    {
      title: t('fields.status'),
      dataIndex: 'active',
      render: (v: boolean) => (v ? <Tag color="success">{t('status.active')}</Tag> : <Tag>{t('status.off')}</Tag>),
    },
    {
      title: t('fields.actions'),
      key: 'actions',
      render: (_: unknown, c: TCoupon) => (
        <Space wrap>
          <Button
            size="small"
            onClick={() => set({ edit: String(c.id) })}
            aria-label={t('actions.editNamed', { name: c.name })}
          >
            {t('actions.edit')}
          </Button>
          <Button
            size="small"
            danger
            onClick={() => confirmDelete(c)}
            aria-label={t('actions.deleteNamed', { name: c.name })}
          >
            {t('actions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <StackingPolicyCard />
      <Space wrap>
        <Input.Search
          allowClear
          aria-label={t('list.search')}
          placeholder={t('list.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => set({ q: v.trim() || null, page: null })}
          style={{ width: 260 }}
        />
        <Select
          allowClear
          aria-label={t('list.allTypes')}
          placeholder={t('list.allTypes')}
          value={type}
          onChange={(v?: string) => set({ type: v ?? null, page: null })}
          options={COUPON_TYPES.map((x) => ({ value: x, label: t(`types.${x}`) }))}
          style={{ width: 200 }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => set({ edit: 'new' })}>
          {t('actions.create')}
        </Button>
      </Space>
      {list.isError ? (
        <Result
          status="error"
          title={t('list.loadFailed')}
          subTitle={couponErrorText(list.error)}
          extra={<Button onClick={() => void list.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : (
        <Table<TCoupon>
          rowKey="id"
          size={mobile ? 'small' : 'middle'}
          loading={list.isPending}
          dataSource={list.data?.items ?? []}
          columns={columns}
          locale={{ emptyText: <Empty description={q || type ? t('list.noMatch') : t('list.empty')} /> }}
          pagination={{
            current: page,
            pageSize: 20,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            onChange: (p) => set({ page: p === 1 ? null : String(p) }),
          }}
          scroll={{ x: mobile ? 360 : undefined }}
        />
      )}
      <CouponFormDrawer
        open={editing !== null && (editing === 'new' || editingCoupon !== null)}
        coupon={editingCoupon}
        mobile={mobile}
        onClose={() => set({ edit: null })}
      />
    </Space>
  );
}

function StackingPolicyCard() {
  const { t } = useTranslation('coupons');
  const policy = useStackingPolicy();
  const save = useSaveStackingPolicy();
  if (!policy.data)
    return policy.isError ? <Alert type="error" showIcon title={couponErrorText(policy.error)} /> : null;
  const p = policy.data;
  return (
    <Card size="small" title={t('policy.title')}>
      <Space wrap size="large">
        <Space>
          <Switch
            checked={p.combine}
            loading={save.isPending}
            aria-label={t('policy.combine')}
            onChange={(combine) => save.mutate({ ...p, combine })}
          />
          <span>{t('policy.combine')}</span>
        </Space>
        <Select
          aria-label={t('policy.pickLabel')}
          value={p.pick}
          onChange={(pick: 'best' | 'first') => save.mutate({ ...p, pick })}
          options={[
            { value: 'best', label: t('policy.pick.best') },
            { value: 'first', label: t('policy.pick.first') },
          ]}
          style={{ width: 240 }}
        />
      </Space>
    </Card>
  );
}

function Performance({ lang }: { lang: string }) {
  const { t } = useTranslation('coupons');
  const display = toDisplayLanguage(lang);
  // this month so far, in the restaurant's calendar
  const zone = useRestaurantZone();
  const [range, setRange] = useState(() => {
    const today = restaurantToday(zone);
    return { from: `${today.slice(0, 7)}-01`, to: today };
  });
  const perf = useCouponPerformance(range.from, range.to);
  const money = (c: number) => formatCents(c, display);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <DateInput
          aria-label={t('performance.from')}
          value={range.from}
          onChange={(e) => e.target.value && setRange({ ...range, from: e.target.value })}
        />
        <DateInput
          aria-label={t('performance.to')}
          value={range.to}
          onChange={(e) => e.target.value && setRange({ ...range, to: e.target.value })}
        />
      </Space>
      {perf.isError ? <Alert type="error" showIcon title={couponErrorText(perf.error)} /> : null}
      <Table
        rowKey="couponId"
        loading={perf.isPending}
        dataSource={perf.data?.rows ?? []}
        pagination={false}
        scroll={{ x: 480 }}
        locale={{ emptyText: <Empty description={t('performance.empty')} /> }}
        columns={[
          { title: t('fields.name'), dataIndex: 'name' },
          { title: t('performance.uses'), dataIndex: 'uses', render: (v: number) => formatCount(v, display) },
          { title: t('performance.discount'), dataIndex: 'discountCents', render: money },
          { title: t('performance.sales'), dataIndex: 'salesCents', render: money },
          { title: t('performance.net'), dataIndex: 'netCents', render: money },
        ]}
      />
    </Space>
  );
}
