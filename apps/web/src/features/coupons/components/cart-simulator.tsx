import { useState } from 'react';
import { Alert, Button, Card, Empty, Input, InputNumber, List, Space, Tag, Typography } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { formatCents, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { useSimulateCart } from '../api/simulate-cart.ts';
import { couponErrorText, reasonText } from '../coupon-messages.ts';

interface TSimLine {
  key: number;
  name: string;
  itemId: number | null;
  categoryId: number | null;
  quantity: number | null;
  price: number | null;
}

let nextKey = 3;

/**
 * The cart simulator (issue 10): build a cart, enter codes (or none for every active coupon) and see
 * which coupons apply, what each gives line by line, and why the others do not. Nothing is redeemed.
 */
export function CartSimulator() {
  const { t, i18n } = useTranslation('coupons');
  const lang = toDisplayLanguage(i18n.language);
  const money = (cents: number) => formatCents(cents, lang);
  const simulate = useSimulateCart();
  const [codes, setCodes] = useState('');
  const [lines, setLines] = useState<TSimLine[]>([
    { key: 1, name: t('simulator.sampleMain'), itemId: 1, categoryId: 2, quantity: 2, price: 24 },
    { key: 2, name: t('simulator.sampleSide'), itemId: 2, categoryId: 4, quantity: 1, price: 6.5 },
  ]);
  const update = (key: number, patch: Partial<TSimLine>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const valid = lines.length > 0 && lines.every((l) => l.itemId && l.quantity && l.price !== null);

  const run = () =>
    simulate.mutate({
      channel: 'pos',
      codes: codes.split(/[\s,，]+/).filter(Boolean),
      lines: lines.map((l) => ({
        lineId: String(l.key),
        name: l.name,
        itemId: l.itemId ?? 1,
        categoryId: l.categoryId ?? null,
        quantity: l.quantity ?? 1,
        unitPriceCents: Math.round((l.price ?? 0) * 100),
      })),
    });
  const result = simulate.data;
  const lineDiscount = (key: number) => result?.lines.find((l) => l.lineId === String(key))?.discountCents ?? 0;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('simulator.intro')}
      </Typography.Paragraph>
      <Card size="small" title={t('simulator.cart')}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          {lines.map((l, index) => (
            <Space key={l.key} wrap align="end" className="coupon-sim-line">
              <Input
                aria-label={t('simulator.itemName', { n: index + 1 })}
                placeholder={t('simulator.itemName', { n: index + 1 })}
                value={l.name}
                onChange={(e) => update(l.key, { name: e.target.value })}
                style={{ width: 150 }}
              />
              <InputNumber
                aria-label={t('simulator.itemId')}
                placeholder={t('simulator.itemId')}
                min={1}
                precision={0}
                value={l.itemId}
                onChange={(v) => update(l.key, { itemId: v })}
                style={{ width: 90 }}
              />
              <InputNumber
                aria-label={t('simulator.categoryId')}
                placeholder={t('simulator.categoryId')}
                min={1}
                precision={0}
                value={l.categoryId}
                onChange={(v) => update(l.key, { categoryId: v })}
                style={{ width: 90 }}
              />
              <InputNumber
                aria-label={t('simulator.quantity')}
                placeholder={t('simulator.quantity')}
                min={1}
                max={999}
                precision={0}
                value={l.quantity}
                onChange={(v) => update(l.key, { quantity: v })}
                style={{ width: 70 }}
              />
              <InputNumber
                aria-label={t('simulator.price')}
                placeholder={t('simulator.price')}
                min={0}
                precision={2}
                prefix="$"
                value={l.price}
                onChange={(v) => update(l.key, { price: v })}
                style={{ width: 110 }}
              />
              {result ? <Typography.Text type="success">−{money(lineDiscount(l.key))}</Typography.Text> : null}
              <Button
                aria-label={t('simulator.removeLine')}
                icon={<DeleteOutlined />}
                onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
              />
            </Space>
          ))}
          <Button
            icon={<PlusOutlined />}
            onClick={() =>
              setLines((ls) => [
                ...ls,
                { key: nextKey++, name: '', itemId: null, categoryId: null, quantity: 1, price: null },
              ])
            }
          >
            {t('simulator.addLine')}
          </Button>
        </Space>
      </Card>
      <Space wrap>
        <Input
          aria-label={t('simulator.codes')}
          placeholder={t('simulator.codesPlaceholder')}
          value={codes}
          onChange={(e) => setCodes(e.target.value)}
          onPressEnter={() => valid && run()}
          style={{ width: 280 }}
        />
        <Button type="primary" disabled={!valid} loading={simulate.isPending} onClick={run}>
          {t('simulator.try')}
        </Button>
      </Space>
      {simulate.isError ? <Alert type="error" showIcon title={couponErrorText(simulate.error)} /> : null}
      {result ? (
        <Card size="small" title={t('simulator.result')} data-testid="simulator-result">
          <Space size="large" wrap style={{ marginBottom: 12 }}>
            <span>
              {t('simulator.subtotal')}: <strong>{money(result.subtotalCents)}</strong>
            </span>
            <span>
              {t('simulator.discount')}:{' '}
              <strong data-testid="simulator-discount">−{money(result.discountCents)}</strong>
            </span>
            <span>
              {t('simulator.total')}: <strong>{money(result.totalCents)}</strong>
            </span>
          </Space>
          {result.verdicts.length === 0 ? (
            <Empty description={t('simulator.noCoupons')} />
          ) : (
            <List
              dataSource={result.verdicts}
              renderItem={(v) => (
                <List.Item>
                  <List.Item.Meta
                    title={
                      <Space wrap>
                        <span>{v.name}</span>
                        <Tag>{v.code}</Tag>
                        {v.applied ? (
                          <Tag color="success">{t('simulator.applied')}</Tag>
                        ) : (
                          <Tag>{t('simulator.notApplied')}</Tag>
                        )}
                      </Space>
                    }
                    description={
                      v.reason ? reasonText(v.reason) : t('simulator.gives', { amount: money(v.discountCents) })
                    }
                  />
                </List.Item>
              )}
            />
          )}
          <Typography.Text type="secondary">
            {t(result.policy.combine ? 'policy.combineOn' : 'policy.combineOff')} ·{' '}
            {t(`policy.pick.${result.policy.pick}`)}
          </Typography.Text>
        </Card>
      ) : null}
    </Space>
  );
}
