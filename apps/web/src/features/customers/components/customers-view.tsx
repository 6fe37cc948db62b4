import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, Button, Card, Drawer, Empty, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { TSegment } from '@ra/shared/segments/segments.schemas';
import { CUSTOMERS_MESSAGES } from '@ra/shared/customers/customers.messages';
import { MAX_SELECTED, type TCampaignQuote } from '@ra/shared/customers/customers.schemas';
import { analyzeSms, type TSmsLanguage } from '@ra/shared/customers/sms';
import { errorText } from '../../../lib/request.ts';
import { useRestaurantTime } from '../../../lib/restaurant-time.ts';
import { NumberInput, numberStatus, type TNumberBounds } from '../../../components/number-input.tsx';
import { useSession } from '../../../stores/session.ts';
import { useLatestSearch } from '../../../lib/use-latest-search.ts';
import {
  quoteCampaign,
  useCampaigns,
  useCustomerCount,
  useCustomers,
  useSubmitCampaign,
} from '../api/customers-api.ts';
import {
  audienceSize as audienceSizeOf,
  customerSearch,
  filterKey,
  pagerTotal,
  parseCustomerSearch,
  searchUnchanged,
  type TFilter,
} from '../customers-filter.ts';
import { notifyError, notifyInfo, notifySuccess, notifyWarning, says, tr } from '../feedback.ts';
import { charLabel, submitBlocker, ucs2Notice } from '../sms-composer.ts';
import { AddByNameDialog } from './add-by-name.tsx';
import { CampaignsCard } from './campaigns-card.tsx';
import { CustomerDrawer, money } from './customer-drawer.tsx';
import { PointsRuleCard } from './points-rule-card.tsx';
import { useCreateSegment, useSegments } from '../api/segments-api.ts';
import { toRequestFilter } from '../segment-filter.ts';
import { MatchCount, SegmentsCard } from './segments-card.tsx';
import { SegmentNameDialog } from './segment-name-dialog.tsx';
import { SmsReviewsPanel } from './sms-reviews-panel.tsx';

const MONEY_FILTER: TNumberBounds = { min: 0, decimals: 2 };
const COUNT_FILTER: TNumberBounds = { min: 0, decimals: 0 };

const PAGE_SIZE = 20;

/**
 * The live counter of one variant: encoding, characters, parts; a Chinese text is said once to be
 * UCS-2, and an otherwise plain text names the characters that made it UCS-2 (curly quotes, emoji).
 */
function SmsCounter({ body, language }: { body: string; language: TSmsLanguage }) {
  const { t } = useTranslation('customers');
  const a = analyzeSms(body, language);
  const notice = ucs2Notice(a);
  const shown = notice.unexpected.slice(0, 12);
  return (
    <Typography.Text type={a.tooLong ? 'danger' : 'secondary'} data-testid={`counter-${language}`}>
      {a.encoding} · {t('characters', { count: a.characters })} · {t('parts', { count: a.parts })}
      {a.tooLong && <> · {says('tooLong')}</>}
      {notice.chinese && <> · {t('ucs2Chinese')}</>}
      {shown.length > 0 && (
        <>
          {' · '}
          {t('ucs2Unexpected')}{' '}
          {shown.map((c) => (
            <Tag key={c} color="orange">
              {charLabel(c)}
            </Tag>
          ))}
          {notice.unexpected.length > shown.length &&
            t('moreChars', { count: notice.unexpected.length - shown.length })}
        </>
      )}
    </Typography.Text>
  );
}

/** The quote before submitting: per variant parts x recipients, opted-out excluded, subtotal, tax and total. */
function QuoteCard({ quote }: { quote: TCampaignQuote }) {
  const { t } = useTranslation('customers');
  return (
    <Card size="small" data-testid="quote">
      {quote.lines.map((l) => (
        <div key={l.language}>
          {t(l.language === 'zh' ? 'variantZh' : 'variantEn')}: {t('partsCount', { count: l.parts })} ×{' '}
          {t('recipientsCount', { count: l.recipients })} = {t('billedParts', { count: l.billedParts })} ·{' '}
          {money(Math.round(l.subtotalMicros / 10_000))}
        </div>
      ))}
      <div>
        {t('pricePerPartIs', {
          price: (quote.pricePerPartMicros / 1_000_000).toFixed(4),
          tax: (quote.taxRateBasisPoints / 100).toFixed(2),
        })}
      </div>
      <div>{t('optedOutExcluded', { count: quote.optedOutExcluded })}</div>
      <div>
        {t('subtotal')} {money(quote.subtotalCents)} · {t('tax')} {money(quote.taxCents)} ·{' '}
        <b>
          {t('total')} {money(quote.totalCents)}
        </b>
      </div>
    </Card>
  );
}

/**
 * /userList/index: customers built from orders (filters, sort and page held in the URL, so reload and
 * Back keep them), a detail drawer per customer, selection up to 1,000 or every result of the filter,
 * the SMS composer with its live counter and cost, the restaurant's campaigns with Send Now and
 * progress, the points rule, and for agents and admins the campaigns waiting for their review.
 */
export function CustomersView() {
  const { t } = useTranslation('customers');
  const { t: ts } = useTranslation('segments');
  const time = useRestaurantTime();
  const roles = useSession((s) => s.roles);
  const [search, setSearch] = useLatestSearch();
  const state = useMemo(() => parseCustomerSearch(search), [search]);
  const { page, ...filter } = state;
  const currentKey = filterKey(filter);
  const [draft, setDraft] = useState<TFilter>(filter);
  // Back / forward (or a shared link) brings other filters: the form shows them.
  useEffect(() => {
    setDraft(parseCustomerSearch(new URLSearchParams(currentKey)));
  }, [currentKey]);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [useFilterAudience, setUseFilterAudience] = useState(false);
  const [composing, setComposing] = useState(false);
  const [addingByName, setAddingByName] = useState(false);
  const [bodyEn, setBodyEn] = useState('');
  const [bodyZh, setBodyZh] = useState('');
  const [quote, setQuote] = useState<TCampaignQuote | null>(null);
  const [quoting, setQuoting] = useState(false);
  // amounts go to the server in dollars (the page and its URL hold cents); absent bounds are none
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the filter
  const apiFilter = useMemo(() => toRequestFilter(filter), [currentKey]);
  const [segmentAudience, setSegmentAudience] = useState<TSegment | null>(null);
  const [savingSegment, setSavingSegment] = useState(false);
  const segments = useSegments();
  const createSegment = useCreateSegment();
  // the page answers at once; the count of matches is its own (slower) request and shows when it arrives
  const list = useCustomers({ ...apiFilter, page, pageSize: PAGE_SIZE });
  const count = useCustomerCount(apiFilter);
  const isReviewer = roles.includes('agent') || roles.includes('admin');
  const submit = useSubmitCampaign();
  // Whether a campaign can be paid for, known before a word is written (the campaigns card reads the same
  // list); asked again when the composer opens, since the bank may have been linked since the page loaded.
  const campaigns = useCampaigns();
  const bankLinked = campaigns.data?.bankLinked;

  const moneyValue = (cents: number | undefined) => (cents === undefined ? null : cents / 100);
  const numberFilters = (d: typeof draft): Array<[unknown, TNumberBounds]> => [
    [moneyValue(d.spentMin), MONEY_FILTER],
    [moneyValue(d.spentMax), MONEY_FILTER],
    [d.ordersMin, COUNT_FILTER],
    [d.ordersMax, COUNT_FILTER],
    [d.notSeenDays, COUNT_FILTER],
  ];
  const runSearch = () => {
    // a filter number out of range shows its message on the field and searches nothing
    if (numberStatus(...numberFilters(draft)).help) return;
    if (searchUnchanged(draft, filter)) {
      notifyInfo(says('searchUnchanged'));
      return;
    }
    setSearch(customerSearch({ ...draft, page: 1 }));
  };
  // builds on the last search asked for, so a page chosen just after a search keeps its filters (useLatestSearch)
  const setPage = (next: number) =>
    setSearch((current) => customerSearch({ ...parseCustomerSearch(current), page: next }), { replace: true });

  const audience = useMemo(
    () =>
      segmentAudience
        ? { segmentId: segmentAudience.id }
        : useFilterAudience
          ? { filter: apiFilter }
          : { ids: selected },
    [segmentAudience, useFilterAudience, apiFilter, selected],
  );
  const audienceSize = segmentAudience
    ? Math.min(segmentAudience.matches.total, MAX_SELECTED)
    : audienceSizeOf(useFilterAudience, selected, count.data);
  const chooseSegment = (id: number | undefined) => {
    setSegmentAudience(segments.data?.rows.find((s) => s.id === id) ?? null);
    setQuote(null);
  };

  const openComposer = (size = audienceSize) => {
    if (size === null) return; // the button waits for the count
    if (size === 0) {
      notifyWarning(says('selectFirst'));
      return;
    }
    setQuote(null);
    setComposing(true);
    void campaigns.refetch();
  };

  const request = () => ({ bodyEn, bodyZh: bodyZh || undefined, audience });
  const doQuote = async () => {
    setQuoting(true);
    try {
      setQuote(await quoteCampaign(request()));
    } catch (e) {
      notifyError(tr(errorText(e)));
    } finally {
      setQuoting(false);
    }
  };
  const doSubmit = async () => {
    try {
      const res = await submit.mutateAsync(request());
      notifySuccess(tr(res.message));
      setComposing(false);
      setSelected([]);
      setSegmentAudience(null);
      setBodyEn('');
      setBodyZh('');
      setQuote(null);
    } catch (e) {
      const text = errorText(e, CUSTOMERS_MESSAGES.submitFailed!.en);
      notifyError(tr(text === 'Error' ? CUSTOMERS_MESSAGES.submitFailed!.en : text));
    }
  };

  const blocker = submitBlocker({
    bankLinked,
    bodyEn,
    tooLong: analyzeSms(bodyEn, 'en').tooLong || (!!bodyZh && analyzeSms(bodyZh, 'zh').tooLong),
    quoted: quote !== null,
  });

  const centsOf = (v: number | string | null) => (v === null || v === '' ? undefined : Math.round(Number(v) * 100));

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Card title={t('title')}>
        <Form layout="inline" style={{ rowGap: 8 }} onFinish={runSearch}>
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
            <Space.Compact>
              <Select
                aria-label={t('sort')}
                style={{ width: 140 }}
                value={draft.sort}
                onChange={(sort) => setDraft({ ...draft, sort })}
                options={(['lastOrderAt', 'points', 'totalOrders'] as const).map((s) => ({
                  value: s,
                  label: t(`sorts_${s}`),
                }))}
              />
              <Select
                aria-label={t('order')}
                style={{ width: 110 }}
                value={draft.order}
                onChange={(order) => setDraft({ ...draft, order })}
                options={(['desc', 'asc'] as const).map((o) => ({ value: o, label: t(`orders_${o}`) }))}
              />
            </Space.Compact>
          </Form.Item>
          <Form.Item
            label={t('spent')}
            {...numberStatus([moneyValue(draft.spentMin), MONEY_FILTER], [moneyValue(draft.spentMax), MONEY_FILTER])}
          >
            <Space.Compact>
              <NumberInput
                aria-label={t('spentMin')}
                placeholder={t('min')}
                value={moneyValue(draft.spentMin)}
                onChange={(v) => setDraft({ ...draft, spentMin: centsOf(v) })}
              />
              <NumberInput
                aria-label={t('spentMax')}
                placeholder={t('max')}
                value={moneyValue(draft.spentMax)}
                onChange={(v) => setDraft({ ...draft, spentMax: centsOf(v) })}
              />
            </Space.Compact>
          </Form.Item>
          <Form.Item
            label={t('orders')}
            {...numberStatus([draft.ordersMin, COUNT_FILTER], [draft.ordersMax, COUNT_FILTER])}
          >
            <Space.Compact>
              <NumberInput
                aria-label={t('ordersMin')}
                placeholder={t('min')}
                value={draft.ordersMin ?? null}
                onChange={(v) => setDraft({ ...draft, ordersMin: v ?? undefined })}
              />
              <NumberInput
                aria-label={t('ordersMax')}
                placeholder={t('max')}
                value={draft.ordersMax ?? null}
                onChange={(v) => setDraft({ ...draft, ordersMax: v ?? undefined })}
              />
            </Space.Compact>
          </Form.Item>
          <Form.Item label={t('notSeen')} {...numberStatus([draft.notSeenDays, COUNT_FILTER])}>
            <NumberInput
              aria-label={t('notSeen')}
              value={draft.notSeenDays ?? null}
              onChange={(v) => setDraft({ ...draft, notSeenDays: v ?? undefined })}
            />
          </Form.Item>
          <Form.Item label={t('searchText')}>
            <Input
              aria-label={t('searchText')}
              allowClear
              maxLength={40}
              style={{ width: 160 }}
              value={draft.q ?? ''}
              onChange={(e) => setDraft({ ...draft, q: e.target.value.trim() ? e.target.value : undefined })}
            />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit">
              {t('search')}
            </Button>
            <Button onClick={() => setSavingSegment(true)} data-testid="save-segment">
              {ts('saveAsSegment')}
            </Button>
          </Space>
        </Form>
      </Card>

      <Card>
        {/* a toolbar rather than the card's title and extra, which share one line and hide the count on a phone */}
        <Space wrap style={{ marginBottom: 12 }}>
          <Typography.Text strong data-testid="customer-selected">
            {segmentAudience
              ? ts('audienceSegment', { name: segmentAudience.name, count: audienceSize ?? 0 })
              : audienceSize === null
                ? t('selectedCounting')
                : t('selectedCount', { count: audienceSize })}
          </Typography.Text>
          <Typography.Text
            type={count.isError ? 'danger' : 'secondary'}
            data-testid="customer-total"
            aria-busy={count.isPending}
          >
            {count.isError
              ? tr(errorText(count.error))
              : !count.data
                ? t('counting')
                : count.data.totalCapped
                  ? t('resultCountCapped', { count: count.data.total })
                  : t('resultCount', { count: count.data.total })}
          </Typography.Text>
          {!useFilterAudience && !segmentAudience && (
            <Button onClick={() => setAddingByName(true)}>{t('addByName')}</Button>
          )}
          {!segmentAudience && (
            <Button onClick={() => setUseFilterAudience(!useFilterAudience)}>
              {useFilterAudience ? t('pickByHand') : t('allResults')}
            </Button>
          )}
          <Select
            aria-label={ts('sendToSegment')}
            placeholder={ts('sendToSegment')}
            data-testid="audience-segment"
            allowClear
            style={{ minWidth: 200 }}
            loading={segments.isLoading}
            value={segmentAudience?.id}
            onChange={(id: number | undefined) => chooseSegment(id)}
            notFoundContent={ts('noneToChoose')}
            options={(segments.data?.rows ?? []).map((s) => ({
              value: s.id,
              label: `${s.name} (${s.matches.totalCapped ? `${s.matches.total}+` : s.matches.total})`,
            }))}
          />
          <Button type="primary" onClick={() => openComposer()} loading={audienceSize === null}>
            {t('compose')}
          </Button>
        </Space>
        {list.isError ? (
          <Typography.Text type="danger">{tr(errorText(list.error))}</Typography.Text>
        ) : (
          <Table
            rowKey="id"
            size="small"
            scroll={{ x: 900 }}
            loading={list.isFetching}
            dataSource={list.data?.rows ?? []}
            locale={{ emptyText: <Empty description={t('empty')} /> }}
            rowSelection={
              useFilterAudience || segmentAudience
                ? undefined
                : {
                    selectedRowKeys: selected,
                    preserveSelectedRowKeys: true,
                    onChange: (keys) => {
                      if (keys.length > MAX_SELECTED) {
                        notifyWarning(says('maxSelected'));
                        return;
                      }
                      setSelected(keys as number[]);
                    },
                  }
            }
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: pagerTotal(list.data, count.data),
              onChange: setPage,
              showSizeChanger: false,
            }}
            columns={[
              {
                title: t('phone'),
                dataIndex: 'phone',
                render: (p: string, r) => (
                  <>
                    <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setDetailId(r.id)}>
                      {p}
                    </Button>{' '}
                    {r.optedOut && <Tag color="red">{t('optedOut')}</Tag>}
                  </>
                ),
              },
              { title: t('name'), dataIndex: 'name' },
              {
                title: t('lastOrder'),
                dataIndex: 'lastOrderAt',
                render: (v: string) => time.date(v),
              },
              { title: t('points'), dataIndex: 'points' },
              { title: t('totalOrders'), dataIndex: 'totalOrders' },
              { title: t('totalSpent'), dataIndex: 'totalSpentCents', render: money },
              {
                title: t('firstOrder'),
                dataIndex: 'firstOrderAt',
                render: (v: string) => time.date(v),
              },
              { title: t('favourite'), dataIndex: 'favouriteItem' },
            ]}
          />
        )}
      </Card>

      <SegmentsCard
        currentFilter={filter}
        onShow={(next) => setSearch(customerSearch({ ...next, page: 1 }))}
        onText={(s) => {
          setSegmentAudience(s);
          openComposer(Math.min(s.matches.total, MAX_SELECTED));
        }}
      />
      <CampaignsCard />
      {isReviewer && <SmsReviewsPanel />}
      <PointsRuleCard />

      <CustomerDrawer id={detailId} onClose={() => setDetailId(null)} />
      <SegmentNameDialog
        open={savingSegment}
        title={ts('saveAsSegment')}
        initialName=""
        onClose={() => setSavingSegment(false)}
        onSave={async (name) => {
          await createSegment.mutateAsync({ name, filter: apiFilter });
          notifySuccess(ts('saved'));
        }}
      />
      <AddByNameDialog
        open={addingByName}
        onClose={() => setAddingByName(false)}
        onFound={(ids) => {
          const next = [...new Set([...selected, ...ids])];
          if (next.length > MAX_SELECTED) {
            notifyWarning(says('maxSelected'));
            return;
          }
          setSelected(next);
          setAddingByName(false);
          notifySuccess(t('addedByName', { count: next.length - selected.length }));
        }}
      />
      <Drawer
        open={composing}
        onClose={() => setComposing(false)}
        title={t('compose')}
        size={Math.min(520, window.innerWidth)}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          {bankLinked === false && (
            <Alert
              type="warning"
              showIcon
              role="alert"
              data-testid="compose-bank"
              title={says('linkBankFirst')}
              description={t('linkBankWhy')}
              action={<Link to="/businessInfo/index?tab=bank">{t('openBank')}</Link>}
            />
          )}
          {segmentAudience ? (
            <Alert
              type="info"
              showIcon
              data-testid="compose-segment"
              title={
                <>
                  {ts('composeSegment', { name: segmentAudience.name })} <MatchCount segment={segmentAudience} />
                </>
              }
              description={segmentAudience.matches.total > MAX_SELECTED ? ts('overLimit') : ts('evaluatedAtSend')}
            />
          ) : (
            <Typography.Text type="secondary">
              {audienceSize === null ? t('counting') : t('composeFor', { count: audienceSize })}
            </Typography.Text>
          )}
          <Typography.Text strong>{t('english')}</Typography.Text>
          <Input.TextArea
            aria-label={t('english')}
            rows={4}
            value={bodyEn}
            onChange={(e) => {
              setBodyEn(e.target.value);
              setQuote(null);
            }}
          />
          <SmsCounter body={bodyEn} language="en" />
          <Typography.Text strong>{t('chinese')}</Typography.Text>
          <Input.TextArea
            aria-label={t('chinese')}
            rows={4}
            value={bodyZh}
            onChange={(e) => {
              setBodyZh(e.target.value);
              setQuote(null);
            }}
          />
          {bodyZh && <SmsCounter body={bodyZh} language="zh" />}
          <Typography.Text type="secondary">{t('optOutNote')}</Typography.Text>
          <Button onClick={doQuote} loading={quoting} disabled={!bodyEn.trim()}>
            {t('quote')}
          </Button>
          {quote && <QuoteCard quote={quote} />}
          <Button
            type="primary"
            disabled={blocker !== null}
            loading={submit.isPending}
            onClick={doSubmit}
            aria-describedby={blocker ? 'compose-blocker' : undefined}
          >
            {t('submit')}
          </Button>
          {blocker && (
            <Typography.Text type="secondary" id="compose-blocker" data-testid="compose-blocker">
              {blocker === 'quoteFirst' ? t('quoteFirst') : says(blocker)}
            </Typography.Text>
          )}
        </Space>
      </Drawer>
    </Space>
  );
}
