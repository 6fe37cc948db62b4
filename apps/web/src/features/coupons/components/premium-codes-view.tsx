import { useState } from 'react';
import { Alert, Button, Card, Empty, Input, List, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCents, formatCount, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { ZGenerateCodesRequest, type TCodeBatch } from '@ra/shared/coupons/coupons.schemas';
import { showConfirm, showErrorMessage, showSuccessMessage } from '../../../lib/feedback.ts';
import { useRestaurantTime } from '../../../lib/restaurant-time.ts';
import { useCoupons } from '../api/get-coupons.ts';
import { downloadCodes } from '../api/download-codes.ts';
import { useBatches, useCancelBatch, useGenerateCodes, useLookupCode } from '../api/premium-codes.ts';
import { couponErrorText, translateCouponMessage } from '../coupon-messages.ts';
import './coupons.css';
import { NumberInput } from '../../../components/number-input.tsx';

/** /Coupon/index (SPEC 6 admin only): generate premium codes with progress, cancel, download, look up. */
export function PremiumCodesView() {
  const { t, i18n } = useTranslation('coupons');
  const lang = toDisplayLanguage(i18n.language);
  const time = useRestaurantTime();
  const coupons = useCoupons({ page: 1, pageSize: 100 });
  const batches = useBatches();
  const generate = useGenerateCodes();
  const cancel = useCancelBatch();
  const lookup = useLookupCode();
  const [couponId, setCouponId] = useState<number | undefined>();
  const [count, setCount] = useState<number | null>(1000);
  const [length, setLength] = useState<number | null>(8);
  const [prefix, setPrefix] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const start = async () => {
    if (!couponId) return setProblem(t('premium.selectCoupon'));
    const parsed = ZGenerateCodesRequest.safeParse({ couponId, count, length, prefix: prefix.toUpperCase() });
    if (!parsed.success) return setProblem(translateCouponMessage(parsed.error.issues[0]?.message ?? ''));
    setProblem(null);
    try {
      await generate.mutateAsync(parsed.data);
      showSuccessMessage(t('premium.started'));
    } catch (error) {
      setProblem(couponErrorText(error));
    }
  };

  const download = (b: TCodeBatch, format: 'csv' | 'xlsx') =>
    void downloadCodes(b.id, format).catch((e: unknown) => showErrorMessage(couponErrorText(e)));

  return (
    <div className="coupons-page">
      <Typography.Title level={1} className="coupons-title">
        {t('premium.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('premium.intro')}</Typography.Paragraph>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small">
          <Space wrap align="end">
            <label>
              <div>{t('premium.coupon')}</div>
              <Select
                aria-label={t('premium.coupon')}
                loading={coupons.isPending}
                value={couponId}
                onChange={setCouponId}
                options={(coupons.data?.items ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
                style={{ width: 260 }}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </label>
            <label>
              <div>{t('premium.count')}</div>
              <NumberInput aria-label={t('premium.count')} value={count} onChange={setCount} />
            </label>
            <label>
              <div>{t('premium.length')}</div>
              <NumberInput aria-label={t('premium.length')} value={length} onChange={setLength} />
            </label>
            <label>
              <div>{t('premium.prefix')}</div>
              <Input
                aria-label={t('premium.prefix')}
                maxLength={8}
                value={prefix}
                onChange={(e) => setPrefix(e.target.value.toUpperCase())}
                style={{ width: 120 }}
              />
            </label>
            <Button type="primary" loading={generate.isPending} onClick={() => void start()}>
              {t('premium.generate')}
            </Button>
          </Space>
          {problem ? <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} /> : null}
        </Card>

        <Card size="small" title={t('premium.batches')}>
          {batches.isError ? <Alert type="error" showIcon title={couponErrorText(batches.error)} /> : null}
          <Table<TCodeBatch>
            rowKey="id"
            size="small"
            loading={batches.isPending}
            dataSource={batches.data?.items ?? []}
            pagination={false}
            scroll={{ x: 560 }}
            locale={{ emptyText: <Empty description={t('premium.empty')} /> }}
            columns={[
              { title: t('premium.coupon'), dataIndex: 'couponName' },
              {
                title: t('premium.progress'),
                key: 'progress',
                render: (_: unknown, b) => (
                  <div className="premium-progress">
                    <Progress
                      percent={Math.floor((b.generated / b.requested) * 100)}
                      size="small"
                      status={
                        b.status === 'failed' || b.status === 'cancelled'
                          ? 'exception'
                          : b.status === 'done'
                            ? 'success'
                            : 'active'
                      }
                      aria-label={t('premium.progress')}
                    />
                    <Typography.Text type="secondary" data-testid={`batch-${b.id}-count`}>
                      {formatCount(b.generated, lang)} / {formatCount(b.requested, lang)}
                    </Typography.Text>
                  </div>
                ),
              },
              {
                title: t('premium.status'),
                dataIndex: 'status',
                render: (s: TCodeBatch['status']) => <Tag>{t(`batch.${s}`)}</Tag>,
              },
              {
                title: t('premium.created'),
                dataIndex: 'createdAt',
                render: (v: string) => time.dateTime(v),
                responsive: ['md'],
              },
              {
                title: '',
                key: 'actions',
                render: (_: unknown, b) => (
                  <Space wrap>
                    {b.status === 'queued' || b.status === 'running' ? (
                      <Button
                        size="small"
                        danger
                        onClick={() =>
                          showConfirm({
                            title: t('premium.cancel'),
                            content: t('premium.confirmCancel'),
                            okText: t('premium.cancel'),
                            cancelText: t('actions.cancel'),
                            onOk: () => cancel.mutateAsync(b.id),
                          })
                        }
                      >
                        {t('premium.cancel')}
                      </Button>
                    ) : null}
                    <Button size="small" disabled={b.generated === 0} onClick={() => download(b, 'csv')}>
                      {t('premium.csv')}
                    </Button>
                    <Button size="small" disabled={b.generated === 0} onClick={() => download(b, 'xlsx')}>
                      {t('premium.xlsx')}
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
        </Card>

        <Card size="small" title={t('premium.lookup')}>
          <Input.Search
            aria-label={t('premium.lookup')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            enterButton={t('premium.lookupButton')}
            loading={lookup.isPending}
            onSearch={(v) => v.trim() && lookup.mutate(v.trim())}
            style={{ maxWidth: 360 }}
          />
          {lookup.isError ? (
            <Alert type="warning" showIcon title={couponErrorText(lookup.error)} style={{ marginTop: 12 }} />
          ) : null}
          {lookup.data ? (
            <div style={{ marginTop: 12 }}>
              <Typography.Text strong>
                {t('premium.lookupResult', { code: lookup.data.code, coupon: lookup.data.couponName })}
              </Typography.Text>
              <List
                size="small"
                dataSource={lookup.data.redemptions}
                locale={{ emptyText: t('premium.noRedemptions') }}
                renderItem={(r) => (
                  <List.Item>
                    {t('premium.redemption', {
                      order: r.orderRef,
                      amount: formatCents(r.discountCents, lang),
                      status: t(`redemption.${r.status}`),
                    })}
                  </List.Item>
                )}
              />
            </div>
          ) : null}
        </Card>
      </Space>
    </div>
  );
}
