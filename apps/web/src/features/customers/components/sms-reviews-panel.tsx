import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Empty, Input, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { TCampaign } from '@ra/shared/customers/customers.schemas';
import { DEFAULT_SMS_PRICING } from '@ra/shared/customers/sms';
import { restaurantZoneOf } from '@ra/shared/format/restaurant-time';
import { toDisplayLanguage } from '@ra/shared/format/locale-format';
import { errorText } from '../../../lib/request.ts';
import { zonedFormat } from '../../../lib/restaurant-time.ts';
import {
  useReview,
  useReviews,
  useSaveSmsPricing,
  useSmsPricing,
  type TReviewStatus,
  type TSmsPricing,
} from '../api/customers-api.ts';
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
 * Below, the platform's SMS price per part and tax rate: a form for platform staff, who alone may set
 * it (the server says who), and the figures for everyone else.
 */
export function SmsReviewsPanel() {
  const { t, i18n } = useTranslation('customers');
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
    <Space orientation="vertical" style={{ width: '100%' }} size="middle" data-testid="sms-reviews">
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
            {
              // Campaigns of many restaurants: each time in its own restaurant's zone, named.
              title: t('createdAt'),
              render: (_, c) => {
                const time = zonedFormat(restaurantZoneOf(c.restaurantTimeZone), toDisplayLanguage(i18n.language));
                return (
                  <>
                    {time.dateTime(c.createdAt)}
                    <div>
                      <Typography.Text type="secondary">{time.zone}</Typography.Text>
                    </div>
                  </>
                );
              },
            },
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
      <SmsPricingCard />
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

/**
 * The platform's SMS price per part (dollars, shown to 4 places) and tax rate (%): a form with Save for
 * platform staff, the figures alone for agents and everyone else, who would be refused a change.
 */
export function SmsPricingCard() {
  const { t } = useTranslation('customers');
  const pricing = useSmsPricing();
  if (pricing.isError) return null;
  if (!pricing.data) return <Card title={t('pricingTitleReadOnly')} size="small" loading />;
  if (!pricing.data.editable) {
    return (
      <Card title={t('pricingTitleReadOnly')} size="small" data-testid="sms-pricing">
        <Typography.Text>
          {t('pricingIs', {
            price: (pricing.data.pricePerPartMicros / 1_000_000).toFixed(4),
            tax: (pricing.data.taxRateBasisPoints / 100).toFixed(2),
          })}
        </Typography.Text>
      </Card>
    );
  }
  return <SmsPricingForm pricing={pricing.data} />;
}

function SmsPricingForm({ pricing }: { pricing: TSmsPricing }) {
  const { t } = useTranslation('customers');
  const save = useSaveSmsPricing();
  const [price, setPrice] = useState<number | null>(null);
  const [tax, setTax] = useState<number | null>(null);
  useEffect(() => {
    setPrice(pricing.pricePerPartMicros / 1_000_000);
    setTax(pricing.taxRateBasisPoints / 100);
  }, [pricing]);
  const problem =
    numberProblem(price, { min: 0, max: 1, decimals: 4 }) ?? numberProblem(tax, { min: 0, max: 50, decimals: 2 });
  return (
    <Card title={t('pricingTitle')} size="small" data-testid="sms-pricing">
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
