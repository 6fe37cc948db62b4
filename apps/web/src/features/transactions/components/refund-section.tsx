import { useState } from 'react';
import {
  Alert,
  Button,
  Empty,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCents, formatDateTime, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { lineShare, splitCents } from '@ra/shared/refunds/refund-math';
import {
  REFUND_REASONS,
  type TCreateRefundRequest,
  type TOfficeRefund,
  type TOrderRefunds,
} from '@ra/shared/refunds/refunds.schemas';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText } from '../../../lib/request.ts';
import { useSession } from '../../../stores/session.ts';
import { cardText } from '../refund-labels.ts';
import { useCreateRefund, useDecideRefund, useOrderRefunds, useRetryRefund } from '../api/refunds.ts';

const lang = () => toDisplayLanguage(currentLanguage());
const money = (cents: number) => formatCents(cents, lang());

const STATUS_COLOR: Record<TOfficeRefund['status'], string> = {
  pendingApproval: 'gold',
  processing: 'blue',
  succeeded: 'green',
  failed: 'red',
  rejected: 'default',
};

/** The order's net (with service charge), tax and tip: an amount is split in these proportions. */
export type TRefundWeights = { netCents: number; taxCents: number; tipCents: number };

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

function RefundModal({
  open,
  onClose,
  orderId,
  orderLabel,
  state,
  weights,
}: {
  open: boolean;
  onClose: () => void;
  orderId: number;
  orderLabel: string;
  state: TOrderRefunds;
  weights: TRefundWeights;
}) {
  const { t } = useTranslation('refunds');
  const create = useCreateRefund(orderId);
  const [key] = useState(newKey);
  const [scope, setScope] = useState<TCreateRefundRequest['scope']>('order');
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [amount, setAmount] = useState<number | null>(null);
  const hasCard = state.cardPayments.some((p) => p.remainingCents > 0);
  const [tender, setTender] = useState<TCreateRefundRequest['tender']>(hasCard ? 'card' : 'cash');
  const [paymentId, setPaymentId] = useState<number | undefined>(
    state.cardPayments.find((p) => p.remainingCents > 0)?.paymentId,
  );
  const [giftcardNumber, setGiftcardNumber] = useState('');
  const [reason, setReason] = useState<TCreateRefundRequest['reason'] | undefined>(undefined);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const payment = state.cardPayments.find((p) => p.paymentId === paymentId);
  const tenderLeft =
    tender === 'card' && payment ? Math.min(payment.remainingCents, state.remainingCents) : state.remainingCents;
  const estimate = (() => {
    if (scope === 'lines') {
      let net = 0;
      let tax = 0;
      for (const line of state.lines) {
        const q = quantities[line.lineNo] ?? 0;
        net += lineShare(line.netCents, line.quantity, line.refundedQuantity, q);
        tax += lineShare(line.taxCents, line.quantity, line.refundedQuantity, q);
      }
      return { total: net + tax, net, tax, tip: 0 };
    }
    const total = scope === 'order' ? tenderLeft : Math.round((amount ?? 0) * 100);
    const [net = 0, tax = 0, tip = 0] = splitCents(total, [weights.netCents, weights.taxCents, weights.tipCents]);
    return { total, net, tax, tip };
  })();
  const needsApproval = state.limitCents !== null && estimate.total > state.limitCents;
  const chosenLines = Object.entries(quantities)
    .filter(([, q]) => q > 0)
    .map(([lineNo, quantity]) => ({ lineNo: Number(lineNo), quantity }));
  const missing =
    !reason ||
    estimate.total <= 0 ||
    (scope === 'lines' && chosenLines.length === 0) ||
    (tender === 'card' && !payment) ||
    (tender === 'giftCard' && giftcardNumber.trim().length < 4);

  const submit = () => {
    if (missing || !reason) return;
    Modal.confirm({
      title: t('modal.confirm', { value: money(estimate.total), tender: t(`tender.${tender}`) }),
      okButtonProps: { danger: true },
      onOk: async () => {
        setError(null);
        try {
          const body: TCreateRefundRequest = {
            idempotencyKey: key,
            scope,
            lines: scope === 'lines' ? chosenLines : [],
            ...(scope === 'amount' ? { amountCents: estimate.total } : {}),
            tender,
            ...(tender === 'card' ? { paymentId } : {}),
            ...(tender === 'giftCard' ? { giftcardNumber: giftcardNumber.trim() } : {}),
            reason,
            note: note.trim(),
          };
          const done = await create.mutateAsync(body);
          showSuccessMessage(
            done.status === 'succeeded'
              ? t('done.succeeded', { value: money(done.amountCents) })
              : done.status === 'pendingApproval'
                ? t('done.pending')
                : t('done.processing'),
          );
          onClose();
        } catch (e) {
          setError(errorText(e));
        }
      },
    });
  };

  const refundableLines = state.lines.filter((l) => l.quantity > l.refundedQuantity);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('modal.title', { number: orderLabel })}
      okText={t('modal.submit', { value: money(Math.max(0, estimate.total)) })}
      okButtonProps={{ danger: true, disabled: missing, loading: create.isPending }}
      onOk={submit}
      destroyOnHidden
      width={560}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }} className="ra-refund-form">
        <div>
          <Typography.Text strong>{t('scope.label')}</Typography.Text>
          <Radio.Group
            value={scope}
            onChange={(e) => setScope(e.target.value)}
            optionType="button"
            block
            options={(['order', 'lines', 'amount'] as const).map((s) => ({ value: s, label: t(`scope.${s}`) }))}
          />
        </div>
        {scope === 'lines' &&
          (refundableLines.length === 0 ? (
            <Typography.Text type="secondary">{t('lines.none')}</Typography.Text>
          ) : (
            <ul className="ra-refund-lines">
              {refundableLines.map((line) => (
                <li key={line.lineNo}>
                  <span>
                    {line.name}
                    <Typography.Text type="secondary">
                      {' '}
                      · {t('lines.left', { left: line.quantity - line.refundedQuantity, quantity: line.quantity })}
                    </Typography.Text>
                  </span>
                  <InputNumber
                    aria-label={line.name}
                    min={0}
                    max={line.quantity - line.refundedQuantity}
                    precision={0}
                    value={quantities[line.lineNo] ?? 0}
                    onChange={(v) => setQuantities((q) => ({ ...q, [line.lineNo]: v ?? 0 }))}
                    style={{ width: 88 }}
                  />
                </li>
              ))}
            </ul>
          ))}
        {scope === 'amount' && (
          <label className="ra-refund-field">
            <Typography.Text strong>{t('amount.label')}</Typography.Text>
            <InputNumber
              aria-label={t('amount.label')}
              min={0.01}
              max={tenderLeft / 100}
              precision={2}
              prefix="$"
              value={amount}
              onChange={(v) => setAmount(v)}
              style={{ width: '100%' }}
            />
          </label>
        )}
        <div>
          <Typography.Text strong>{t('tender.label')}</Typography.Text>
          <Radio.Group
            value={tender}
            onChange={(e) => setTender(e.target.value)}
            optionType="button"
            block
            options={(['card', 'cash', 'giftCard'] as const).map((s) => ({
              value: s,
              label: t(`tender.${s}`),
              disabled: s === 'card' && !hasCard,
            }))}
          />
          {!hasCard && <Typography.Text type="secondary">{t('tender.noCard')}</Typography.Text>}
        </div>
        {tender === 'card' && hasCard && (
          <label className="ra-refund-field">
            <Typography.Text strong>{t('payment.label')}</Typography.Text>
            <Select
              aria-label={t('payment.label')}
              value={paymentId}
              onChange={setPaymentId}
              options={state.cardPayments.map((p) => ({
                value: p.paymentId,
                disabled: p.remainingCents <= 0,
                label: t('payment.option', {
                  card: cardText(p.cardBrand, p.cardLast4 ?? '????', t),
                  left: money(p.remainingCents),
                }),
              }))}
            />
          </label>
        )}
        {tender === 'giftCard' && (
          <label className="ra-refund-field">
            <Typography.Text strong>{t('giftcard.label')}</Typography.Text>
            <Input
              aria-label={t('giftcard.label')}
              value={giftcardNumber}
              maxLength={24}
              inputMode="numeric"
              onChange={(e) => setGiftcardNumber(e.target.value)}
            />
          </label>
        )}
        <label className="ra-refund-field">
          <Typography.Text strong>{t('reason.label')}</Typography.Text>
          <Select
            aria-label={t('reason.label')}
            value={reason}
            onChange={setReason}
            placeholder={t('modal.required')}
            options={REFUND_REASONS.map((r) => ({ value: r, label: t(`reason.${r}`) }))}
          />
        </label>
        <label className="ra-refund-field">
          <Typography.Text strong>{t('note.label')}</Typography.Text>
          <Input.TextArea
            aria-label={t('note.label')}
            value={note}
            maxLength={500}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            onChange={(e) => setNote(e.target.value)}
          />
        </label>
        <Typography.Text>
          {t('modal.estimate', {
            value: money(Math.max(0, estimate.total)),
            net: money(estimate.net),
            tax: money(estimate.tax),
            tip: money(estimate.tip),
          })}
        </Typography.Text>
        {needsApproval && state.limitCents !== null && (
          <Alert type="info" showIcon message={t('modal.needsApproval', { limit: money(state.limitCents) })} />
        )}
        {error && <Alert type="error" showIcon message={error} />}
      </Space>
    </Modal>
  );
}

function RefundHistory({ refunds, state, zone }: { refunds: TOfficeRefund[]; state: TOrderRefunds; zone?: string }) {
  const { t } = useTranslation('refunds');
  const decide = useDecideRefund();
  const retry = useRetryRefund();
  const [error, setError] = useState<string | null>(null);
  const lineName = (lineNo: number) => state.lines.find((l) => l.lineNo === lineNo)?.name ?? `#${lineNo}`;
  const run = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(errorText(e));
    }
  };
  if (refunds.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('section.empty')} />;
  return (
    <>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 8 }} />}
      <ul className="ra-tx-drawer__list ra-refund-history">
        {refunds.map((r) => (
          <li key={r.id}>
            <div className="ra-refund-history__body">
              <div>
                <Tag color={STATUS_COLOR[r.status]}>{t(`status.${r.status}`)}</Tag>
                {t(`tender.${r.tender}`)}
                {r.cardBrand || r.cardLast4 ? ` · ${cardText(r.cardBrand, r.cardLast4, t)}` : ''}
                {r.giftcardLast4 ? ` ••${r.giftcardLast4}` : ''} · {t(`reason.${r.reason}`)}
                {r.note ? ` · ${r.note}` : ''}
              </div>
              <Typography.Text type="secondary" className="ra-refund-history__meta">
                {t('history.requested', { name: r.requestedBy })}
                {r.approvedBy
                  ? ` · ${t(r.status === 'rejected' ? 'history.rejected' : 'history.approved', { name: r.approvedBy })}`
                  : ''}{' '}
                · {formatDateTime(r.refundedAt ?? r.createdAt, lang(), zone)}
                {' · '}
                {t('history.split', { net: money(r.netCents), tax: money(r.taxCents), tip: money(r.tipCents) })}
                {r.lines.length > 0
                  ? ` · ${t('history.lines', { lines: r.lines.map((l) => `${l.quantity} × ${lineName(l.lineNo)}`).join(', ') })}`
                  : ''}
              </Typography.Text>
              {r.status === 'pendingApproval' && (
                <Space wrap>
                  <Button
                    size="small"
                    type="primary"
                    loading={decide.isPending}
                    onClick={() => void run(() => decide.mutateAsync({ id: r.id, decision: 'approve' }))}
                  >
                    {t('section.approve')}
                  </Button>
                  <Popconfirm
                    title={t('section.rejectConfirm')}
                    onConfirm={() => run(() => decide.mutateAsync({ id: r.id, decision: 'reject' }))}
                  >
                    <Button size="small" danger>
                      {t('section.reject')}
                    </Button>
                  </Popconfirm>
                </Space>
              )}
              {r.status === 'processing' && (
                <Button size="small" loading={retry.isPending} onClick={() => void run(() => retry.mutateAsync(r.id))}>
                  {t('section.retry')}
                </Button>
              )}
            </div>
            <strong>-{money(r.amountCents)}</strong>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Refunds from the back office in the order drawer (issue 23): the refund action and the order's
 * refund history with approvals. Shown to people who may refund (canVoid); the server decides.
 */
export function RefundSection({
  orderId,
  orderLabel,
  weights,
  zone,
}: {
  orderId: number;
  orderLabel: string;
  weights: TRefundWeights;
  zone?: string;
}) {
  const { t } = useTranslation('refunds');
  const canRefund = useSession((s) => s.operationAuthority.canVoid);
  const query = useOrderRefunds(orderId, canRefund);
  const [open, setOpen] = useState(false);
  if (!canRefund) return null;
  const state = query.data;
  return (
    <section className="ra-tx-drawer__block" aria-label={t('section.title')}>
      <div className="ra-refund-head">
        <Typography.Title level={5}>{t('section.title')}</Typography.Title>
        <Button
          danger
          onClick={() => setOpen(true)}
          disabled={!state || state.status !== 'closed' || state.remainingCents <= 0}
        >
          {t('section.refund')}
        </Button>
      </div>
      {query.isError ? (
        <Alert
          type="warning"
          showIcon
          message={t('section.error')}
          description={errorText(query.error)}
          action={<Button onClick={() => void query.refetch()}>{t('section.retry')}</Button>}
        />
      ) : !state ? (
        <Typography.Text type="secondary">…</Typography.Text>
      ) : (
        <>
          <Typography.Paragraph type="secondary" className="ra-refund-summary">
            {t('section.left', { value: money(state.remainingCents), paid: money(state.paidCents) })}
            {state.limitCents !== null ? ` · ${t('section.limit', { value: money(state.limitCents) })}` : ''}
          </Typography.Paragraph>
          <RefundHistory refunds={state.refunds} state={state} zone={zone} />
          {open && (
            <RefundModal
              open={open}
              onClose={() => setOpen(false)}
              orderId={orderId}
              orderLabel={orderLabel}
              state={state}
              weights={weights}
            />
          )}
        </>
      )}
    </section>
  );
}
