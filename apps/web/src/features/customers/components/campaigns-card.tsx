import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Progress, Table, Tag, Typography } from 'antd';
import type { TCampaign } from '@ra/shared/customers/customers.schemas';
import type { z } from 'zod';
import type { ZRecipientList } from '@ra/shared/customers/customers.schemas';
import { showConfirm } from '../../../lib/feedback.ts';
import { errorText, get } from '../../../lib/request.ts';
import { useRestaurantTime } from '../../../lib/restaurant-time.ts';
import { useCampaigns, useSendCampaign } from '../api/customers-api.ts';
import { notifyError, notifySuccess, tr } from '../feedback.ts';
import { money } from './customer-drawer.tsx';
import { CostDetails } from './sms-reviews-panel.tsx';

type TRecipients = z.infer<typeof ZRecipientList>;
const STATUS_COLOURS: Record<string, string> = {
  queued: 'default',
  sending: 'blue',
  sent: 'blue',
  delivered: 'green',
  failed: 'red',
};

/** Per-recipient status of a sent campaign (first 100 by phone), refreshed while it sends. */
function Recipients({ c }: { c: TCampaign }) {
  const { t } = useTranslation('customers');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['customers', 'campaigns', c.id, 'recipients', page],
    queryFn: ({ signal }) =>
      get<TRecipients>(`/api/customers/campaigns/${c.id}/recipients`, { signal, silent: true, query: { page } }),
    refetchInterval: c.sendState === 'sending' || c.sendState === 'waiting' ? 2000 : false,
  });
  return (
    <Table
      rowKey="phone"
      size="small"
      loading={list.isLoading}
      dataSource={list.data?.rows ?? []}
      pagination={{
        current: page,
        pageSize: 100,
        total: list.data?.total ?? 0,
        onChange: setPage,
        hideOnSinglePage: true,
        showSizeChanger: false,
      }}
      columns={[
        { title: t('phone'), dataIndex: 'phone' },
        { title: t('language'), dataIndex: 'language', render: (l: 'en' | 'zh') => t(`languages_${l}`) },
        {
          title: t('status'),
          dataIndex: 'status',
          render: (s: string) => <Tag color={STATUS_COLOURS[s]}>{t(`recipientStatuses_${s}`)}</Tag>,
        },
        { title: t('reason'), dataIndex: 'error', render: (e: string | null) => e ?? '' },
      ]}
    />
  );
}

/**
 * A sent campaign whose charge failed at the payment processor after it was sent (Stripe's
 * payment_intent.payment_failed): Send Now charges it again, under a new attempt, even when every
 * message is already out. The server says so (`needsPayment`).
 */
export const paymentFailed = (c: Pick<TCampaign, 'needsPayment'>): boolean => c.needsPayment;

/**
 * A sent campaign whose sending stopped with messages still queued (a failure, or a server that died
 * mid-send): Send Now resumes it, charged no further, and nobody already texted is texted again; or one
 * whose payment failed, which Send Now pays again.
 */
export const canResume = (c: Pick<TCampaign, 'status' | 'sendState' | 'progress' | 'needsPayment'>): boolean =>
  c.status === 'sent' &&
  (c.sendState === 'failed' || c.sendState === 'sending') &&
  (c.progress.queued > 0 || paymentFailed(c));

/** The restaurant's campaigns: state, cost, Send Now (after a confirmation naming the charge) and progress. */
export function CampaignsCard() {
  const { t } = useTranslation('customers');
  const { t: ts } = useTranslation('segments');
  const campaigns = useCampaigns();
  const send = useSendCampaign();
  const time = useRestaurantTime();

  const confirmSend = (c: TCampaign) =>
    showConfirm({
      ...(paymentFailed(c)
        ? {
            title: t('payAgainTitle'),
            content: t('payAgainText', { count: c.progress.queued, total: money(c.quote.totalCents) }),
            okText: t('payAgainOk', { total: money(c.quote.totalCents) }),
          }
        : canResume(c)
          ? {
              title: t('resumeConfirmTitle'),
              content: t('resumeConfirmText', { count: c.progress.queued }),
              okText: t('resumeConfirmOk'),
            }
          : {
              title: t('sendConfirmTitle'),
              content: c.segment
                ? `${t('sendConfirmText', { count: c.quote.recipients, total: money(c.quote.totalCents) })} ${ts('sendSegmentNote')}`
                : t('sendConfirmText', { count: c.quote.recipients, total: money(c.quote.totalCents) }),
              okText: t('sendConfirmOk', { total: money(c.quote.totalCents) }),
            }),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          const res = await send.mutateAsync(c.id);
          notifySuccess(tr(res.message));
        } catch (e) {
          notifyError(tr(errorText(e)));
        }
      },
    });

  return (
    <Card title={t('campaigns')} data-testid="campaigns">
      <Table
        rowKey="id"
        size="small"
        scroll={{ x: 900 }}
        loading={campaigns.isLoading}
        dataSource={campaigns.data?.rows ?? []}
        locale={{ emptyText: <Empty description={t('noCampaigns')} /> }}
        pagination={false}
        expandable={{
          rowExpandable: (c) => c.status === 'sent',
          expandedRowRender: (c) => <Recipients c={c} />,
        }}
        columns={[
          {
            title: t('message'),
            render: (_, c) => (
              <div style={{ maxWidth: 280, whiteSpace: 'pre-wrap' }}>
                {c.segment ? (
                  <div>
                    <Tag color="blue">{ts('segmentTag', { name: c.segment.name })}</Tag>
                  </div>
                ) : null}
                {c.bodyEn}
                {c.bodyZh ? <div>{c.bodyZh}</div> : null}
              </div>
            ),
          },
          {
            title: t('status'),
            render: (_, c) => (
              <>
                <Tag>{t(`statuses_${c.status}`)}</Tag>
                {paymentFailed(c) ? <Tag color="error">{t('statusPaymentFailed')}</Tag> : null}
                {c.reviewNote ? <div>{c.reviewNote}</div> : null}
              </>
            ),
          },
          { title: t('cost'), render: (_, c) => <CostDetails c={c} /> },
          { title: t('createdAt'), dataIndex: 'createdAt', render: (v: string) => time.dateTime(v) },
          {
            title: t('progress'),
            render: (_, c) => {
              if (c.status !== 'sent') return null;
              const done = c.progress.sent + c.progress.delivered + c.progress.failed;
              const all = done + c.progress.queued;
              return (
                <div data-testid={`progress-${c.id}`}>
                  <Progress
                    percent={all ? Math.round((done * 100) / all) : 0}
                    size="small"
                    status={c.sendState === 'failed' ? 'exception' : undefined}
                    aria-label={t('progress')}
                  />
                  <Typography.Text type="secondary">
                    {t('progressText', { ...c.progress })}
                    {c.sendState === 'waiting' && c.sendStartsAt
                      ? ` · ${t('waiting', { at: time.dateTime(c.sendStartsAt) })}`
                      : ''}
                    {c.failureReason ? ` · ${tr(c.failureReason)}` : ''}
                  </Typography.Text>
                  {c.sentBy && (
                    <div>
                      <Typography.Text type="secondary">
                        {t('sentBy', { name: c.sentBy, at: c.sentAt ? time.dateTime(c.sentAt) : '' })}
                      </Typography.Text>
                    </div>
                  )}
                </div>
              );
            },
          },
          {
            title: '',
            render: (_, c) =>
              c.status === 'approved' || canResume(c) ? (
                <Button
                  type="primary"
                  loading={send.isPending && send.variables === c.id}
                  onClick={() => confirmSend(c)}
                >
                  {t('sendNow')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
