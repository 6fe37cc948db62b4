import { useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Input,
  Result,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCents, toDisplayLanguage } from '@ra/shared/format/locale-format';
import {
  GIFTCARD_STATES,
  groupGiftcardNumber,
  ZGiftcardActivityRequest,
  type TGiftcard,
  type TGiftcardActivityRequest,
  type TGiftcardState,
} from '@ra/shared/giftcards/giftcards.schemas';
import { showConfirm, showSuccessMessage } from '../../../lib/feedback.ts';
import { useRestaurantTime } from '../../../lib/restaurant-time.ts';
import { useApp } from '../../../stores/app.ts';
import { useGiftcard } from '../api/get-giftcard.ts';
import { useGiftcards } from '../api/get-giftcards.ts';
import { useGiftcardActivity } from '../api/giftcard-activity.ts';
import { giftcardErrorText, translateGiftcardMessage } from '../giftcard-messages.ts';
import './giftcards.css';
import { NumberInput, numberProblem } from '../../../components/number-input.tsx';

const STATE_COLOR: Record<TGiftcardState, string> = {
  pending: 'processing',
  active: 'success',
  blocked: 'warning',
  deactivated: 'default',
};

/** /giftcard/list: search by number, holder and state; the open card is in the URL (?card=). */
export function GiftcardList() {
  const { t, i18n } = useTranslation('giftcards');
  const lang = toDisplayLanguage(i18n.language);
  const mobile = useApp((s) => s.device === 'mobile');
  const [params, setParams] = useSearchParams();
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
  const q = params.get('q') ?? '';
  const state = (GIFTCARD_STATES as readonly string[]).includes(params.get('state') ?? '')
    ? (params.get('state') as TGiftcardState)
    : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const open = Number(params.get('card')) || null;
  const [search, setSearch] = useState(q);
  const list = useGiftcards({ q: q || undefined, state, page, pageSize: 20 });

  return (
    <div className="giftcards-page">
      <Typography.Title level={1} className="giftcards-title">
        {t('list.title')}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          aria-label={t('list.search')}
          placeholder={t('list.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => set({ q: v.trim() || null, page: null })}
          style={{ width: 280 }}
        />
        <Select
          allowClear
          aria-label={t('list.allStates')}
          placeholder={t('list.allStates')}
          value={state}
          onChange={(v?: string) => set({ state: v ?? null, page: null })}
          options={GIFTCARD_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
          style={{ width: 160 }}
        />
      </Space>
      {list.isError ? (
        <Result
          status="error"
          title={t('list.loadFailed')}
          subTitle={giftcardErrorText(list.error)}
          extra={<Button onClick={() => void list.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : (
        <Table<TGiftcard>
          rowKey="id"
          size={mobile ? 'small' : 'middle'}
          loading={list.isPending}
          dataSource={list.data?.items ?? []}
          scroll={{ x: 360 }}
          locale={{ emptyText: <Empty description={q || state ? t('list.noMatch') : t('list.empty')} /> }}
          onRow={(c) => ({ onClick: () => set({ card: String(c.id) }) })}
          pagination={{
            current: page,
            pageSize: 20,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            onChange: (p) => set({ page: p === 1 ? null : String(p) }),
          }}
          columns={[
            {
              title: t('fields.number'),
              dataIndex: 'number',
              render: (v: string, c) => (
                <Button type="link" style={{ padding: 0 }} onClick={() => set({ card: String(c.id) })}>
                  <span className="giftcard-number">{groupGiftcardNumber(v)}</span>
                </Button>
              ),
            },
            { title: t('fields.holder'), dataIndex: 'holderName', responsive: ['sm'] },
            {
              title: t('fields.balance'),
              dataIndex: 'balanceCents',
              align: 'right',
              render: (v: number) => formatCents(v, lang),
            },
            {
              title: t('fields.state'),
              dataIndex: 'state',
              render: (s: TGiftcardState) => <Tag color={STATE_COLOR[s]}>{t(`state.${s}`)}</Tag>,
            },
            { title: t('fields.kind'), dataIndex: 'kind', render: (k: string) => t(`kind.${k}`), responsive: ['md'] },
          ]}
        />
      )}
      <Drawer
        open={open !== null}
        onClose={() => set({ card: null })}
        width={mobile ? '100%' : 520}
        title={t('detail.title')}
        destroyOnHidden
      >
        {open !== null ? <GiftcardDetail id={open} /> : null}
      </Drawer>
    </div>
  );
}

type TAction =
  'load' | 'redeem' | 'refund' | 'adjustUp' | 'adjustDown' | 'clear' | 'block' | 'unblock' | 'deactivate' | 'activate';
const MONEY_ACTIONS: TAction[] = ['activate', 'load', 'redeem', 'refund', 'adjustUp', 'adjustDown'];

function GiftcardDetail({ id }: { id: number }) {
  const { t, i18n } = useTranslation('giftcards');
  const lang = toDisplayLanguage(i18n.language);
  const time = useRestaurantTime();
  const card = useGiftcard(id);
  const activity = useGiftcardActivity();
  const [action, setAction] = useState<TAction>('load');
  const [amount, setAmount] = useState<number | null>(null);
  const [orderRef, setOrderRef] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (card.isPending) return <Skeleton active />;
  if (card.isError) return <Result status="error" title={giftcardErrorText(card.error)} />;
  const c = card.data;
  const allowed: TAction[] =
    c.state === 'pending'
      ? ['activate']
      : c.state === 'active'
        ? ['load', 'redeem', 'refund', 'adjustUp', 'adjustDown', 'clear', 'block', 'deactivate']
        : c.state === 'blocked'
          ? ['unblock', 'adjustUp', 'adjustDown', 'clear', 'deactivate']
          : [];
  const current = allowed.includes(action) ? action : (allowed[0] ?? 'load');

  const run = async () => {
    // dollars as typed: a third decimal is refused, not rounded away
    const typed = MONEY_ACTIONS.includes(current) ? numberProblem(amount, { decimals: 2 }) : null;
    if (typed) return setProblem(typed);
    const body = { type: current, amountCents: amount === null ? 0 : Math.round(amount * 100), orderRef, reason };
    const parsed = ZGiftcardActivityRequest.safeParse(body);
    if (!parsed.success) return setProblem(translateGiftcardMessage(parsed.error.issues[0]?.message ?? ''));
    setProblem(null);
    const send = async () => {
      try {
        await activity.mutateAsync({ id, activity: parsed.data as TGiftcardActivityRequest });
        showSuccessMessage(t('messages.done'));
        setAmount(null);
        setOrderRef('');
        setReason('');
      } catch (error) {
        setProblem(giftcardErrorText(error));
      }
    };
    if (current === 'deactivate' || current === 'clear')
      showConfirm({
        title: t(`action.${current}`),
        content: t(`confirm.${current}`),
        okText: t(`action.${current}`),
        cancelText: t('actions.cancel'),
        onOk: send,
      });
    else await send();
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('fields.number')}>
          <span className="giftcard-number" data-testid="giftcard-number">
            {groupGiftcardNumber(c.number)}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.balance')}>
          <strong data-testid="giftcard-balance">{formatCents(c.balanceCents, lang)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.state')}>
          <Tag color={STATE_COLOR[c.state]}>{t(`state.${c.state}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.holder')}>
          {[c.holderName, c.holderEmail].filter(Boolean).join(' · ') || '—'}
        </Descriptions.Item>
      </Descriptions>
      {allowed.length > 0 ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Select
            aria-label={t('detail.action')}
            value={current}
            onChange={setAction}
            options={allowed.map((a) => ({ value: a, label: t(`action.${a}`) }))}
            style={{ width: '100%' }}
          />
          {MONEY_ACTIONS.includes(current) ? (
            <NumberInput
              decimals={2}
              aria-label={t('detail.amount')}
              placeholder={t('detail.amount')}
              prefix="$"
              value={amount}
              onChange={setAmount}
              style={{ width: '100%' }}
            />
          ) : null}
          {current === 'redeem' || current === 'refund' ? (
            <Input
              aria-label={t('detail.orderRef')}
              placeholder={t('detail.orderRef')}
              value={orderRef}
              maxLength={80}
              onChange={(e) => setOrderRef(e.target.value)}
            />
          ) : null}
          {current !== 'load' && current !== 'redeem' && current !== 'refund' && current !== 'activate' ? (
            <Input
              aria-label={current.startsWith('adjust') ? t('detail.reasonRequired') : t('detail.reason')}
              placeholder={current.startsWith('adjust') ? t('detail.reasonRequired') : t('detail.reason')}
              value={reason}
              maxLength={200}
              onChange={(e) => setReason(e.target.value)}
            />
          ) : null}
          {problem ? <Alert type="error" showIcon title={problem} /> : null}
          <Button
            type="primary"
            loading={activity.isPending}
            onClick={() => void run()}
            danger={current === 'deactivate' || current === 'clear'}
          >
            {t(`action.${current}`)}
          </Button>
        </Space>
      ) : (
        <Alert type="info" showIcon title={t('detail.deactivated')} />
      )}
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('detail.history')}
      </Typography.Title>
      {c.ledger.length === 0 ? (
        <Empty description={t('detail.noHistory')} />
      ) : (
        <Timeline
          data-testid="giftcard-history"
          items={c.ledger.map((l) => ({
            color: l.amountCents > 0 ? 'green' : l.amountCents < 0 ? 'blue' : 'gray',
            content: (
              <div>
                <strong>{t(`activity.${l.type}`)}</strong>
                {l.amountCents !== 0
                  ? ` ${l.amountCents > 0 ? '+' : '−'}${formatCents(Math.abs(l.amountCents), lang)}`
                  : ''}
                {' · '}
                {t('detail.balanceAfter', { amount: formatCents(l.balanceAfterCents, lang) })}
                <div className="giftcard-meta">
                  {time.dateTime(l.createdAt)}
                  {l.orderRef ? ` · ${t('detail.order', { order: l.orderRef })}` : ''}
                  {l.reason ? ` · ${l.reason}` : ''}
                  {l.actor ? ` · ${l.actor}` : ''}
                </div>
              </div>
            ),
          }))}
        />
      )}
    </Space>
  );
}
