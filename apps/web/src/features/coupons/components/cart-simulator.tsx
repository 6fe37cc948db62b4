import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Input, List, Select, Space, Tag, Typography } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import type { TCouponMenu, TSimulateRequest } from '@ra/shared/coupons/coupons.schemas';
import { formatCents, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { useCouponMenu } from '../api/get-coupon-menu.ts';
import { useSimulateCart } from '../api/simulate-cart.ts';
import { couponErrorText, reasonText } from '../coupon-messages.ts';
import { NumberInput, NumberProblemText, numberProblem } from '../../../components/number-input.tsx';

interface TSimLine {
  key: number;
  itemId: number | null;
  quantity: number | null;
  price: number | null;
  /** Menu toppings (modifiers) on each unit of the item, one of each, at the menu's price. */
  toppingIds: number[];
}

type TMenuTopping = TCouponMenu['toppings'][number];

/** The simulate request's lines (shared ZCartLine): each line's toppings go with their menu price. */
export function cartLinesOf(
  lines: readonly TSimLine[],
  items: ReadonlyMap<number, TCouponMenu['items'][number]>,
  toppings: ReadonlyMap<number, TMenuTopping>,
): TSimulateRequest['lines'] {
  return lines.map((l) => {
    const item = items.get(l.itemId ?? 0);
    return {
      lineId: String(l.key),
      name: item?.name,
      itemId: l.itemId ?? 1,
      categoryId: item?.categoryId ?? null,
      quantity: l.quantity ?? 1,
      unitPriceCents: Math.round((l.price ?? 0) * 100),
      toppings: l.toppingIds.flatMap((id) => {
        const topping = toppings.get(id);
        return topping ? [{ toppingId: id, name: topping.name, priceCents: topping.priceCents, quantity: 1 }] : [];
      }),
    };
  });
}

let nextKey = 3;

/**
 * The cart simulator (issue 10): build a cart from the menu, enter codes (or none for every active
 * coupon) and see which coupons apply, what each gives line by line, and why the others do not.
 * Nothing is redeemed. Each line is a menu item (searchable by name); its price starts at the menu's.
 * A line can carry toppings (modifiers) from the menu, so a topping discount can be tried too.
 */
export function CartSimulator() {
  const { t, i18n } = useTranslation('coupons');
  const lang = toDisplayLanguage(i18n.language);
  const money = (cents: number) => formatCents(cents, lang);
  const simulate = useSimulateCart();
  const menu = useCouponMenu();
  const [codes, setCodes] = useState('');
  const [lines, setLines] = useState<TSimLine[] | null>(null);
  const items = useMemo(() => new Map((menu.data?.items ?? []).map((i) => [i.id, i])), [menu.data]);
  const toppings = useMemo(() => new Map((menu.data?.toppings ?? []).map((tp) => [tp.id, tp])), [menu.data]);

  // A sample cart once the menu is here: two of the first item and one from another category.
  useEffect(() => {
    if (lines !== null || !menu.data) return;
    const [first] = menu.data.items;
    const other = menu.data.items.find((i) => i.categoryId !== first?.categoryId);
    const sample: TSimLine[] = [];
    if (first) sample.push({ key: 1, itemId: first.id, quantity: 2, price: first.priceCents / 100, toppingIds: [] });
    if (other) sample.push({ key: 2, itemId: other.id, quantity: 1, price: other.priceCents / 100, toppingIds: [] });
    setLines(sample);
  }, [menu.data, lines]);

  const cartLines = lines ?? [];
  const update = (key: number, patch: Partial<TSimLine>) =>
    setLines((ls) => (ls ?? []).map((l) => (l.key === key ? { ...l, ...patch } : l)));
  // quantities and prices as typed: one out of range shows why on its line and the cart is not sent
  const lineProblem = (l: TSimLine) =>
    numberProblem(l.quantity, { min: 1, max: 999 }) ?? numberProblem(l.price, { min: 0, decimals: 2 });
  const valid =
    cartLines.length > 0 &&
    cartLines.every((l) => l.itemId && l.quantity && l.price !== null && lineProblem(l) === null);

  const run = () =>
    simulate.mutate({
      channel: 'pos',
      codes: codes.split(/[\s,，]+/).filter(Boolean),
      lines: cartLinesOf(cartLines, items, toppings),
    });
  const result = simulate.data;
  const lineDiscount = (key: number) => result?.lines.find((l) => l.lineId === String(key))?.discountCents ?? 0;
  const itemOptions = useMemo(
    () =>
      (menu.data?.items ?? []).map((i) => ({
        value: i.id,
        label: `${i.name} · ${formatCents(i.priceCents, lang)}`,
        search: `${i.name} ${i.code} ${i.id}`.toLowerCase(),
      })),
    [menu.data, lang],
  );
  const toppingOptions = useMemo(
    () =>
      (menu.data?.toppings ?? []).map((tp) => ({
        value: tp.id,
        label: `${tp.name}${tp.groupName ? ` (${tp.groupName})` : ''} · ${formatCents(tp.priceCents, lang)}`,
      })),
    [menu.data, lang],
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('simulator.intro')}
      </Typography.Paragraph>
      {menu.isError ? <Alert type="error" showIcon title={couponErrorText(menu.error)} /> : null}
      {menu.data && menu.data.items.length === 0 ? (
        <Alert type="info" showIcon title={t('simulator.menuEmpty')} />
      ) : null}
      <Card size="small" title={t('simulator.cart')} loading={menu.isLoading}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          {cartLines.map((l, index) => (
            <Space key={l.key} wrap align="end" className="coupon-sim-line">
              <Select
                aria-label={t('simulator.item', { n: index + 1 })}
                placeholder={t('simulator.pickItem')}
                value={l.itemId ?? undefined}
                options={itemOptions.map(({ value, label }) => ({ value, label }))}
                showSearch={{
                  filterOption: (input, option) =>
                    (itemOptions.find((o) => o.value === option?.value)?.search ?? '').includes(
                      input.trim().toLowerCase(),
                    ),
                }}
                onChange={(itemId: number) =>
                  update(l.key, { itemId, price: (items.get(itemId)?.priceCents ?? 0) / 100 })
                }
                style={{ width: 240, maxWidth: '100%' }}
              />
              <NumberInput
                aria-label={t('simulator.quantity')}
                placeholder={t('simulator.quantity')}
                value={l.quantity}
                onChange={(v) => update(l.key, { quantity: v })}
                style={{ width: 70 }}
              />
              <NumberInput
                decimals={2}
                aria-label={t('simulator.price')}
                placeholder={t('simulator.price')}
                prefix="$"
                value={l.price}
                onChange={(v) => update(l.key, { price: v })}
                style={{ width: 110 }}
              />
              <NumberProblemText problem={lineProblem(l)} />
              {toppingOptions.length > 0 ? (
                <Select
                  mode="multiple"
                  aria-label={t('simulator.toppings', { n: index + 1 })}
                  placeholder={t('simulator.pickToppings')}
                  value={l.toppingIds}
                  options={toppingOptions}
                  optionFilterProp="label"
                  onChange={(toppingIds: number[]) => update(l.key, { toppingIds })}
                  style={{ minWidth: 200, maxWidth: '100%' }}
                />
              ) : null}
              {result ? <Typography.Text type="success">−{money(lineDiscount(l.key))}</Typography.Text> : null}
              <Button
                aria-label={t('simulator.removeLine')}
                icon={<DeleteOutlined />}
                onClick={() => setLines((ls) => (ls ?? []).filter((x) => x.key !== l.key))}
              />
            </Space>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={!menu.data?.items.length}
            onClick={() =>
              setLines((ls) => [
                ...(ls ?? []),
                { key: nextKey++, itemId: null, quantity: 1, price: null, toppingIds: [] },
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
