import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Empty, Input, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { TCampaign } from '@ra/shared/customers/customers.schemas';
import { DEFAULT_SMS_PRICING } from '@ra/shared/customers/sms';
import { errorText } from '../../../lib/request.ts';
import { useReview, useReviews, useSaveSmsPricing, useSmsPricing, type TReviewStatus } from '../api/customers-api.ts';
import { notifyError, notifySuccess, tr } from '../feedback.ts';
import { money } from './customer-drawer.tsx';
import { NumberInput, NumberProblemText, numberProblem } from '../../../components/number-input.tsx';

/** The tab's label on /AgentApp, in this domain's texts. */
export function SmsReviewsLabel() {
  const { t } = useTranslation('customers');
  return <>{t('reviewsTab')}</>;
}

/** The cost details of a campaign: parts x recipients per variant, subtotal, tax and total. */
export function CostDetails({ c }: { c: TCampaign }) {
  const { t } = useTranslation('customers');
  return (
    <div>
      {c.quote.lines.map((l) => (
        <div key={l.language}>
          {t(l.language === 'zh' ? 'variantZh' : 'variantEn')}: {t('partsCount', { count: l.parts })} ×{' '}
          {t('recipientsCount', { count: l.recipients })}
        </div>
      ))}
      <Typography.Text type="secondary">
        {t('subtotal')} {money(c.quote.subtotalCents)} · {t('tax')} {money(c.quote.taxCents)}
      </Typography.Text>
      <div>
        <b>
          {t('total')} {money(c.quote.totalCents)}
        </b>
      </div>
    </div>
  );
}

/**
 * Campaigns waiting for review across the caller's subtree (agents and their team members; admins see
 * all): content, recipients, creator, created at and cost; approve or reject with an optional note.
 * Admins also set the platform's SMS price per part and tax rate here.
 */
export function SmsReviewsPanel({ isAdmin = false }: { isAdmin?: boolean }) {
  const { t } = useTranslation('customers');
  const [status, setStatus] = useState<TReviewStatus>('pending');
  const reviews = useReviews(true, status);
  const review = useReview();
  const [deciding, setDeciding] = useState<{ campaign: TCampaign; decision: 'approved' | 'rejected' } | null>(null);
  const [note, setNote] = useState('');

  const decide = async () => {
    if (!deciding) return;
    try {
      const res = await review.mutateAsync({
        id: deciding.campaign.id,
        decision: deciding.decision,
        note: note.trim() || undefined,
      });
      notifySuccess(tr(res.message));
      setDeciding(null);
      setNote('');
    } catch (e) {
      notifyError(tr(errorText(e)));
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="sms-reviews">
      <Card
        title={t('reviews')}
        size="small"
        extra={
          <Segmented<TReviewStatus>
            size="small"
            value={status}
            onChange={setStatus}
            options={(['pending', 'approved', 'rejected', 'sent', 'all'] as const).map((s) => ({
              value: s,
              label: s === 'all' ? t('all') : t(`statuses_${s}`),
            }))}
          />
        }
      >
        {reviews.isError && <Alert type="error" showIcon message={tr(errorText(reviews.error))} />}
        <Table
          rowKey="id"
          size="small"
          scroll={{ x: 900 }}
          loading={reviews.isLoading}
          dataSource={reviews.data?.rows ?? []}
          locale={{ emptyText: <Empty description={t('noReviews')} /> }}
          pagination={false}
          columns={[
            { title: t('restaurant'), dataIndex: 'restaurantName' },
            {
              title: t('message'),
              render: (_, c) => (
                <div style={{ maxWidth: 320, whiteSpace: 'pre-wrap' }}>
                  {c.bodyEn}
                  {c.bodyZh ? <div>{c.bodyZh}</div> : null}
                </div>
              ),
            },
            { title: t('recipients'), render: (_, c) => c.quote.recipients },
            { title: t('creator'), dataIndex: 'createdBy' },
            { title: t('createdAt'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
            { title: t('cost'), render: (_, c) => <CostDetails c={c} /> },
            {
              title: t('status'),
              render: (_, c) => (
                <>
                  <Tag>{t(`statuses_${c.status}`)}</Tag>
                  {c.reviewNote ? <div>{c.reviewNote}</div> : null}
                </>
              ),
            },
            {
              title: '',
              render: (_, c) =>
                c.status === 'pending' ? (
                  <Space>
                    <Button type="primary" onClick={() => setDeciding({ campaign: c, decision: 'approved' })}>
                      {t('approve')}
                    </Button>
                    <Button danger onClick={() => setDeciding({ campaign: c, decision: 'rejected' })}>
                      {t('reject')}
                    </Button>
                  </Space>
                ) : null,
            },
          ]}
        />
      </Card>
      {isAdmin && <SmsPricingCard />}
      <Modal
        open={deciding !== null}
        title={
          deciding
            ? t(deciding.decision === 'approved' ? 'approveTitle' : 'rejectTitle', {
                restaurant: deciding.campaign.restaurantName,
              })
            : ''
        }
        okText={deciding ? t(deciding.decision === 'approved' ? 'approve' : 'reject') : ''}
        okButtonProps={{ danger: deciding?.decision === 'rejected', loading: review.isPending }}
        cancelText={t('cancel')}
        onOk={decide}
        onCancel={() => setDeciding(null)}
        destroyOnHidden
      >
        {deciding && <CostDetails c={deciding.campaign} />}
        <Input.TextArea
          aria-label={t('reviewNote')}
          placeholder={t('reviewNote')}
          style={{ marginTop: 12 }}
          rows={3}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Modal>
    </Space>
  );
}

/** Admin: the platform's SMS price per part (dollars, shown to 4 places) and tax rate (%). */
export function SmsPricingCard() {
  const { t } = useTranslation('customers');
  const pricing = useSmsPricing();
  const save = useSaveSmsPricing();
  const [price, setPrice] = useState<number | null>(null);
  const [tax, setTax] = useState<number | null>(null);
  useEffect(() => {
    if (!pricing.data) return;
    setPrice(pricing.data.pricePerPartMicros / 1_000_000);
    setTax(pricing.data.taxRateBasisPoints / 100);
  }, [pricing.data]);
  const problem =
    numberProblem(price, { min: 0, max: 1, decimals: 4 }) ?? numberProblem(tax, { min: 0, max: 50, decimals: 2 });
  return (
    <Card title={t('pricingTitle')} size="small" loading={pricing.isLoading} data-testid="sms-pricing">
      <Space wrap align="center">
        <span>{t('pricePerPart')}</span>
        <NumberInput
          decimals={4}
          aria-label={t('pricePerPart')}
          step={0.0001}
          prefix="$"
          value={price}
          onChange={setPrice}
        />
        <span>{t('taxRate')}</span>
        <NumberInput decimals={2} aria-label={t('taxRate')} step={0.01} suffix="%" value={tax} onChange={setTax} />
        <NumberProblemText problem={problem} />
        <Button
          type="primary"
          disabled={price === null || tax === null || problem !== null}
          loading={save.isPending}
          onClick={async () => {
            try {
              await save.mutateAsync({
                pricePerPartMicros: Math.round(price! * 1_000_000),
                taxRateBasisPoints: Math.round(tax! * 100),
              });
              notifySuccess(t('pricingSaved'));
            } catch (e) {
              notifyError(tr(errorText(e)));
            }
          }}
        >
          {t('save')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('pricingDefault', {
          price: (DEFAULT_SMS_PRICING.pricePerPartMicros / 1_000_000).toFixed(4),
          tax: (DEFAULT_SMS_PRICING.taxRateBasisPoints / 100).toFixed(2),
        })}
      </Typography.Paragraph>
    </Card>
  );
}
