import type { ReactNode } from 'react';
import { Button, Descriptions, Drawer, Empty, Result, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCents, formatDateTime, formatDay, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText } from '../../../lib/request.ts';
import type { TOrderDetail } from '@ra/shared/transactions/transactions.schemas';
import { useOrderDetail } from '../api/get-order-detail.ts';
import { cardText, refundReasonText } from '../refund-labels.ts';
import { RefundSection } from './refund-section.tsx';

const lang = () => toDisplayLanguage(currentLanguage());
const money = (cents: number) => formatCents(cents, lang());
const formatTime = (at: string, zone?: string) => formatDateTime(at, lang(), zone);

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="ra-tx-drawer__block" aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </section>
  );
}

/** Who did it and why (SPEC 3 operationAuthority canVoid: comps, voids and refunds are audited). */
function StaffAction({
  label,
  action,
  color,
  zone,
}: {
  label: string;
  action: NonNullable<TOrderDetail['voided']>;
  color: string;
  zone?: string;
}) {
  return (
    <div className="ra-tx-drawer__action">
      <Tag color={color}>{label}</Tag>
      <span>
        {action.by} · {action.reason} · {formatTime(action.at, zone)}
      </span>
    </div>
  );
}

function OrderBody({ order, zone, narrow }: { order: TOrderDetail; zone?: string; narrow: boolean }) {
  const { t } = useTranslation('transactions');
  const time = (at: string | null) => (at ? formatTime(at, zone) : '—');
  const itemName = (item: TOrderDetail['items'][number]) => (
    <div className="ra-tx-drawer__item">
      <span className={item.voided ? 'ra-tx-drawer__struck' : undefined}>{item.name}</span>
      {item.options.length > 0 && (
        <ul className="ra-tx-drawer__options">
          {item.options.map((o, i) => (
            <li key={i}>
              {o.group}: {o.name}
              {o.quantity > 1 ? ` ×${o.quantity}` : ''}
              {o.priceCents !== 0 ? ` (${o.priceCents > 0 ? '+' : ''}${money(o.priceCents)})` : ''}
            </li>
          ))}
        </ul>
      )}
      {item.comped && <StaffAction label={t('item.comped')} action={item.comped} color="gold" zone={zone} />}
      {item.voided && <StaffAction label={t('item.voided')} action={item.voided} color="red" zone={zone} />}
    </div>
  );
  const totals: Array<[string, number, boolean?]> = [
    [t('totals.gross'), order.totals.grossSalesCents],
    [t('totals.discounts'), -order.totals.discountCents || 0],
    [t('totals.comps'), -order.totals.compCents || 0],
    [t('totals.net'), order.totals.netSalesCents, true],
    [t('totals.tax'), order.totals.taxCents],
    [t('totals.serviceCharge'), order.totals.serviceChargeCents],
    [t('totals.tip'), order.totals.tipCents],
    [t('totals.total'), order.totals.totalCents, true],
    [t('totals.paid'), order.totals.paidCents],
    [t('totals.refunded'), -order.totals.refundedCents || 0],
  ];
  return (
    <div className="ra-tx-drawer">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          {
            key: 'status',
            label: t('order.status'),
            children: (
              <Tag color={order.status === 'voided' ? 'red' : order.status === 'open' ? 'gold' : 'green'}>
                {t(`orderStatus.${order.status}`)}
              </Tag>
            ),
          },
          {
            key: 'channel',
            label: t('order.channel'),
            children: `${t(`channel.${order.channel}`)}${order.deliveryPlatform ? ` · ${order.deliveryPlatform}` : ''}`,
          },
          { key: 'table', label: t('order.table'), children: order.tableName ?? '—' },
          { key: 'party', label: t('order.party'), children: order.partySize },
          { key: 'server', label: t('order.server'), children: order.serverName ?? '—' },
          { key: 'day', label: t('order.businessDay'), children: formatDay(order.businessDay, lang()) },
          { key: 'opened', label: t('order.opened'), children: time(order.openedAt) },
          { key: 'closed', label: t('order.closed'), children: time(order.closedAt) },
        ]}
      />
      {order.voided && <StaffAction label={t('order.voidedOrder')} action={order.voided} color="red" zone={zone} />}

      <Block title={t('order.items')}>
        {narrow ? (
          // On a phone each line is a card with its net amount on the first line, not a wide table.
          <ul className="ra-tx-drawer__list ra-tx-drawer__items">
            {order.items.map((item) => (
              <li key={item.lineNo}>
                <div className="ra-tx-drawer__item-card">
                  <div className="ra-tx-drawer__item-line">
                    <span>
                      {item.quantity} × {item.name}
                    </span>
                    <strong>{money(item.netCents)}</strong>
                  </div>
                  <div className="ra-tx-drawer__options">
                    {t('item.unitPrice')} {money(item.unitPriceCents)} · {t('item.gross')} {money(item.grossCents)}
                    {item.discountCents ? ` · ${t('item.discount')} -${money(item.discountCents)}` : ''}
                  </div>
                  {itemName({ ...item, name: '' })}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <Table
            size="small"
            pagination={false}
            tableLayout="fixed"
            rowKey="lineNo"
            dataSource={order.items}
            columns={[
              // the name column takes what is left and wraps; the figures keep their width
              { key: 'name', title: t('item.name'), render: (_, item) => itemName(item) },
              { key: 'qty', title: t('item.quantity'), align: 'right', width: 56, render: (_, item) => item.quantity },
              {
                key: 'unit',
                title: t('item.unitPrice'),
                align: 'right',
                width: 96,
                render: (_, item) => money(item.unitPriceCents),
              },
              {
                key: 'gross',
                title: t('item.gross'),
                align: 'right',
                width: 96,
                render: (_, item) => money(item.grossCents),
              },
              {
                key: 'discount',
                title: t('item.discount'),
                align: 'right',
                width: 96,
                render: (_, item) => (item.discountCents ? `-${money(item.discountCents)}` : '—'),
              },
              {
                key: 'net',
                title: t('item.net'),
                align: 'right',
                width: 96,
                render: (_, item) => money(item.netCents),
              },
            ]}
          />
        )}
      </Block>

      {order.discounts.length > 0 && (
        <Block title={t('order.discounts')}>
          <ul className="ra-tx-drawer__list">
            {order.discounts.map((d, i) => (
              <li key={i}>
                <span>
                  {d.name} <Tag>{t(`discountKind.${d.kind}`)}</Tag>
                  {d.couponCode ? <code>{d.couponCode}</code> : null}
                  {d.lineNo !== null ? ` · ${t('discount.onLine', { line: d.lineNo })}` : ` · ${t('discount.onCheck')}`}
                  {d.appliedBy ? ` · ${d.appliedBy}` : ''}
                </span>
                <strong>-{money(d.amountCents)}</strong>
              </li>
            ))}
          </ul>
        </Block>
      )}

      <Block title={t('order.payments')}>
        {order.payments.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('order.noPayments')} />
        ) : (
          <ul className="ra-tx-drawer__list">
            {order.payments.map((p) => (
              <li key={p.id}>
                <span>
                  {t(`method.${p.method}`)}
                  {p.cardBrand ? ` · ${t(`cardBrand.${p.cardBrand}`)}` : ''}
                  {p.cardLast4 ? ` ••${p.cardLast4}` : ''} · {time(p.paidAt)}
                  {p.tipCents ? ` · ${t('payment.tip', { value: money(p.tipCents) })}` : ''}
                  {p.refundedCents ? ` · ${t('payment.refunded', { value: money(p.refundedCents) })}` : ''}
                </span>
                <strong>{money(p.amountCents)}</strong>
              </li>
            ))}
          </ul>
        )}
      </Block>

      {order.refunds.length > 0 && (
        <Block title={t('order.refunds')}>
          <ul className="ra-tx-drawer__list">
            {order.refunds.map((r) => (
              <li key={r.id}>
                <span>
                  {t(`method.${r.method}`)}
                  {r.cardBrand || r.cardLast4 ? ` · ${cardText(r.cardBrand, r.cardLast4, t)}` : ''} · {r.by} ·{' '}
                  {refundReasonText(r.reason, t)} · {time(r.at)}
                </span>
                <strong>-{money(r.amountCents)}</strong>
              </li>
            ))}
          </ul>
        </Block>
      )}

      <RefundSection
        orderId={order.id}
        orderLabel={order.orderNumber ?? order.posOrderId}
        weights={{
          netCents: order.totals.netSalesCents + order.totals.serviceChargeCents,
          taxCents: order.totals.taxCents,
          tipCents: order.totals.tipCents,
        }}
        zone={zone}
      />

      <Block title={t('order.totals')}>
        <dl className="ra-tx-drawer__totals">
          {totals.map(([label, cents, strong]) => (
            <div key={label} className={strong ? 'ra-tx-drawer__total--strong' : undefined}>
              <dt>{label}</dt>
              <dd>{money(cents)}</dd>
            </div>
          ))}
          {order.totals.voidCents > 0 && (
            <div>
              <dt>{t('totals.voids')}</dt>
              <dd>{money(order.totals.voidCents)}</dd>
            </div>
          )}
        </dl>
      </Block>
    </div>
  );
}

/** The order behind a payment or refund (SPEC 2 /transactions). */
export function OrderDrawer({
  orderId,
  onClose,
  zone,
  narrow,
}: {
  orderId: number | null;
  onClose: () => void;
  zone?: string;
  narrow: boolean;
}) {
  const { t } = useTranslation('transactions');
  const query = useOrderDetail(orderId);
  const order = query.data;
  return (
    <Drawer
      open={orderId !== null}
      onClose={onClose}
      size={narrow ? '100%' : 760}
      // keyboard focus stays in the drawer while it is open, and returns to the row afterwards
      focusable={{ trap: true, focusTriggerAfterClose: true }}
      title={order ? t('order.title', { number: order.orderNumber ?? order.posOrderId }) : t('order.loading')}
      destroyOnHidden
    >
      {order ? (
        <OrderBody order={order} zone={zone} narrow={narrow} />
      ) : query.isError ? (
        <Result
          status="warning"
          title={t('order.error')}
          subTitle={errorText(query.error)}
          extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </Drawer>
  );
}
