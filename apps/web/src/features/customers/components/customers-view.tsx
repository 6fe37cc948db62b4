import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Card, Drawer, Empty, Form, Input, InputNumber, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import { CUSTOMERS_MESSAGES } from '@ra/shared/customers/customers.messages';
import { MAX_SELECTED, ZCustomerFilter, type TCampaignQuote, type TCustomerFilter } from '@ra/shared/customers/customers.schemas';
import { analyzeSms, type TSmsLanguage } from '@ra/shared/customers/sms';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { useSession } from '../../../stores/session.ts';
import {
  quoteCampaign,
  useCampaigns,
  useCustomers,
  useReview,
  useReviews,
  useSendCampaign,
  useSubmitCampaign,
} from '../api/customers-api.ts';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const tr = (m: string) => translateServerMessage(m, currentLanguage());
const says = (key: string) => tr(CUSTOMERS_MESSAGES[key]!.en);

/** The live counter of one variant: encoding, characters, parts, and the characters that forced UCS-2. */
function SmsCounter({ body, language }: { body: string; language: TSmsLanguage }) {
  const { t } = useTranslation('customers');
  const a = analyzeSms(body, language);
  return (
    <Typography.Text type={a.tooLong ? 'danger' : 'secondary'} data-testid={`counter-${language}`}>
      {a.encoding} · {t('characters', { count: a.characters })} · {t('parts', { count: a.parts })}
      {a.forcedUcs2.length > 0 && (
        <>
          {' · '}
          {t('forced')}{' '}
          {a.forcedUcs2.slice(0, 12).map((c) => (
            <Tag key={c} color="orange">
              {c}
            </Tag>
          ))}
        </>
      )}
    </Typography.Text>
  );
}

export function CustomersView() {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  const roles = useSession((s) => s.roles);
  const [draft, setDraft] = useState<TCustomerFilter>(ZCustomerFilter.parse({}));
  const [filter, setFilter] = useState<TCustomerFilter>(draft);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [useFilterAudience, setUseFilterAudience] = useState(false);
  const [composing, setComposing] = useState(false);
  const [bodyEn, setBodyEn] = useState('');
  const [bodyZh, setBodyZh] = useState('');
  const [quote, setQuote] = useState<TCampaignQuote | null>(null);
  const list = useCustomers({ ...filter, page, pageSize: 20 });
  const campaigns = useCampaigns();
  const isReviewer = roles.includes('agent') || roles.includes('admin');
  const reviews = useReviews(isReviewer);
  const submit = useSubmitCampaign();
  const send = useSendCampaign();
  const review = useReview();

  const search = () => {
    if (JSON.stringify(draft) === JSON.stringify(filter)) {
      message.info(says('searchUnchanged'));
      return;
    }
    setFilter(draft);
    setPage(1);
  };

  const audience = useMemo(
    () => (useFilterAudience ? { filter } : { ids: selected }),
    [useFilterAudience, filter, selected],
  );

  const openComposer = () => {
    if (!useFilterAudience && selected.length === 0) {
      message.warning(says('selectFirst'));
      return;
    }
    setQuote(null);
    setComposing(true);
  };

  const request = () => ({ bodyEn, bodyZh: bodyZh || undefined, audience });
  const doQuote = async () => {
    try {
      setQuote(await quoteCampaign(request()));
    } catch (e) {
      message.error(tr(errorText(e)));
    }
  };
  const doSubmit = async () => {
    try {
      const res = await submit.mutateAsync(request());
      message.success(tr(res.message));
      setComposing(false);
      setSelected([]);
    } catch (e) {
      message.error(tr(errorText(e) === 'Error' ? CUSTOMERS_MESSAGES.submitFailed!.en : errorText(e)));
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card title={t('title')}>
        <Form layout="inline" style={{ rowGap: 8 }} onFinish={search}>
          <Form.Item label={t('range')}>
            <Select
              aria-label={t('range')}
              style={{ width: 140 }}
              value={draft.range}
              onChange={(range) => setDraft({ ...draft, range })}
              options={(['1m', '3m', '6m', '1y', 'all'] as const).map((r) => ({ value: r, label: t(`ranges_${r}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('sort')}>
            <Select
              aria-label={t('sort')}
              style={{ width: 150 }}
              value={draft.sort}
              onChange={(sort) => setDraft({ ...draft, sort })}
              options={(['lastOrderAt', 'points', 'totalOrders'] as const).map((s) => ({ value: s, label: t(`sorts_${s}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('spent')}>
            <Space.Compact>
              <InputNumber aria-label={t('spentMin')} min={0} placeholder={t('min')} value={draft.spentMin === undefined ? null : draft.spentMin / 100}
                onChange={(v) => setDraft({ ...draft, spentMin: v === null ? undefined : Math.round(Number(v) * 100) })} />
              <InputNumber aria-label={t('spentMax')} min={0} placeholder={t('max')} value={draft.spentMax === undefined ? null : draft.spentMax / 100}
                onChange={(v) => setDraft({ ...draft, spentMax: v === null ? undefined : Math.round(Number(v) * 100) })} />
            </Space.Compact>
          </Form.Item>
          <Form.Item label={t('orders')}>
            <Space.Compact>
              <InputNumber aria-label={t('ordersMin')} min={0} placeholder={t('min')} value={draft.ordersMin ?? null}
                onChange={(v) => setDraft({ ...draft, ordersMin: v ?? undefined })} />
              <InputNumber aria-label={t('ordersMax')} min={0} placeholder={t('max')} value={draft.ordersMax ?? null}
                onChange={(v) => setDraft({ ...draft, ordersMax: v ?? undefined })} />
            </Space.Compact>
          </Form.Item>
          <Form.Item label={t('notSeen')}>
            <InputNumber aria-label={t('notSeen')} min={0} value={draft.notSeenDays ?? null} onChange={(v) => setDraft({ ...draft, notSeenDays: v ?? undefined })} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('search')}
          </Button>
        </Form>
      </Card>

      <Card
        title={t('selectedCount', { count: useFilterAudience ? Math.min(list.data?.total ?? 0, MAX_SELECTED) : selected.length })}
        extra={
          <Space wrap>
            <Button onClick={() => setUseFilterAudience(!useFilterAudience)}>{useFilterAudience ? t('pickByHand') : t('allResults')}</Button>
            <Button type="primary" onClick={openComposer}>
              {t('compose')}
            </Button>
          </Space>
        }
      >
        {list.isError ? (
          <Typography.Text type="danger">{tr(errorText(list.error))}</Typography.Text>
        ) : (
          <Table
            rowKey="id"
            size="small"
            scroll={{ x: 800 }}
            loading={list.isFetching}
            dataSource={list.data?.rows ?? []}
            locale={{ emptyText: <Empty description={t('empty')} /> }}
            rowSelection={
              useFilterAudience
                ? undefined
                : {
                    selectedRowKeys: selected,
                    preserveSelectedRowKeys: true,
                    onChange: (keys) => {
                      if (keys.length > MAX_SELECTED) {
                        message.warning(says('maxSelected'));
                        return;
                      }
                      setSelected(keys as number[]);
                    },
                  }
            }
            pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
            columns={[
              { title: t('phone'), dataIndex: 'phone', render: (p: string, r) => <>{p} {r.optedOut && <Tag color="red">{t('optedOut')}</Tag>}</> },
              { title: t('name'), dataIndex: 'name' },
              { title: t('lastOrder'), dataIndex: 'lastOrderAt', render: (v: string) => new Date(v).toLocaleDateString() },
              { title: t('points'), dataIndex: 'points' },
              { title: t('totalOrders'), dataIndex: 'totalOrders' },
              { title: t('totalSpent'), dataIndex: 'totalSpentCents', render: money },
              { title: t('firstOrder'), dataIndex: 'firstOrderAt', render: (v: string) => new Date(v).toLocaleDateString() },
              { title: t('favourite'), dataIndex: 'favouriteItem' },
            ]}
          />
        )}
      </Card>

      <Card title={t('campaigns')}>
        <Table
          rowKey="id"
          size="small"
          scroll={{ x: 700 }}
          loading={campaigns.isLoading}
          dataSource={campaigns.data?.rows ?? []}
          locale={{ emptyText: <Empty description={t('noCampaigns')} /> }}
          pagination={false}
          columns={[
            { title: t('message'), dataIndex: 'bodyEn', ellipsis: true },
            { title: t('status'), dataIndex: 'status', render: (s: string) => <Tag>{t(`statuses_${s}`)}</Tag> },
            { title: t('total'), render: (_, c) => money(c.quote.totalCents) },
            {
              title: t('progress'),
              render: (_, c) => {
                const done = c.progress.sent + c.progress.delivered + c.progress.failed;
                const all = done + c.progress.queued;
                if (c.status !== 'sent') return null;
                return (
                  <>
                    <Progress percent={all ? Math.round((done * 100) / all) : 0} size="small" />
                    <Typography.Text type="secondary">
                      {t('progressText', { ...c.progress })}
                      {c.sendState === 'waiting' && c.sendStartsAt ? ` · ${t('waiting', { at: new Date(c.sendStartsAt).toLocaleString() })}` : ''}
                      {c.failureReason ? ` · ${tr(c.failureReason)}` : ''}
                    </Typography.Text>
                  </>
                );
              },
            },
            {
              title: '',
              render: (_, c) =>
                c.status === 'approved' || (c.status === 'sent' && c.sendState === 'failed') ? (
                  <Button
                    type="primary"
                    loading={send.isPending}
                    onClick={async () => {
                      try {
                        message.success(tr((await send.mutateAsync(c.id)).message));
                      } catch (e) {
                        message.error(tr(errorText(e)));
                      }
                    }}
                  >
                    {t('sendNow')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>

      {isReviewer && (
        <Card title={t('reviews')}>
          <Table
            rowKey="id"
            size="small"
            scroll={{ x: 700 }}
            dataSource={reviews.data?.rows ?? []}
            locale={{ emptyText: <Empty description={t('noReviews')} /> }}
            pagination={false}
            columns={[
              { title: t('restaurant'), dataIndex: 'restaurantName' },
              { title: t('message'), render: (_, c) => <>{c.bodyEn}{c.bodyZh ? <div>{c.bodyZh}</div> : null}</> },
              { title: t('recipients'), render: (_, c) => c.quote.recipients },
              { title: t('creator'), dataIndex: 'createdBy' },
              { title: t('createdAt'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
              { title: t('total'), render: (_, c) => money(c.quote.totalCents) },
              {
                title: '',
                render: (_, c) => (
                  <Space>
                    {(['approved', 'rejected'] as const).map((decision) => (
                      <Button
                        key={decision}
                        danger={decision === 'rejected'}
                        onClick={async () => {
                          try {
                            message.success(tr((await review.mutateAsync({ id: c.id, decision })).message));
                          } catch (e) {
                            message.error(tr(errorText(e)));
                          }
                        }}
                      >
                        {t(decision === 'approved' ? 'approve' : 'reject')}
                      </Button>
                    ))}
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      )}

      <Drawer open={composing} onClose={() => setComposing(false)} title={t('compose')} width={Math.min(520, window.innerWidth)}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text strong>{t('english')}</Typography.Text>
          <Input.TextArea aria-label={t('english')} rows={4} value={bodyEn} onChange={(e) => { setBodyEn(e.target.value); setQuote(null); }} />
          <SmsCounter body={bodyEn} language="en" />
          <Typography.Text strong>{t('chinese')}</Typography.Text>
          <Input.TextArea aria-label={t('chinese')} rows={4} value={bodyZh} onChange={(e) => { setBodyZh(e.target.value); setQuote(null); }} />
          {bodyZh && <SmsCounter body={bodyZh} language="zh" />}
          <Button onClick={doQuote} disabled={!bodyEn.trim()}>
            {t('quote')}
          </Button>
          {quote && (
            <Card size="small" data-testid="quote">
              {quote.lines.map((l) => (
                <div key={l.language}>
                  {t(l.language === 'zh' ? 'chinese' : 'english')}: {t('lineText', { parts: l.parts, recipients: l.recipients })}
                </div>
              ))}
              <div>{t('optedOutExcluded', { count: quote.optedOutExcluded })}</div>
              <div>
                {t('subtotal')} {money(quote.subtotalCents)} · {t('tax')} {money(quote.taxCents)} · <b>{t('total')} {money(quote.totalCents)}</b>
              </div>
            </Card>
          )}
          <Button type="primary" disabled={!quote} loading={submit.isPending} onClick={doSubmit}>
            {t('submit')}
          </Button>
        </Space>
      </Drawer>
    </Space>
  );
}
