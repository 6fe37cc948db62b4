import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { TCoupon } from '@ra/shared/coupons/coupons.schemas';
import {
  click,
  json,
  mount,
  serve,
  settle,
  setUpFormTests,
  switchToChinese,
  type,
  waitFor,
  type TMounted,
} from '../../../test-support/form-harness.tsx';
import { CouponFormDrawer } from './coupon-form-drawer.tsx';

let mounted: TMounted | undefined;
setUpFormTests(() => mounted);

const coupon: TCoupon = {
  id: 7,
  name: 'Spend 50, 10% off',
  type: 'spendDiscount',
  code: 'TENOFF',
  overAmount: 5000,
  minusAmount: 0,
  discount: 10,
  totalNum: null,
  itemIds: [],
  categoryIds: [],
  toppingIds: [],
  startDate: null,
  endDate: null,
  channels: ['pos', 'kiosk', 'online'],
  days: [0, 1, 2, 3, 4, 5, 6],
  hours: '',
  perCustomerLimit: null,
  stackable: false,
  active: true,
  usedCount: 0,
  premiumCodeCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const input = (label: string) => document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;
const saveButton = () =>
  [...document.querySelectorAll('button')].find((b) => /^(Save|保存)$/.test(b.textContent?.replace(/\s/g, '') ?? ''))!;

async function blur(el: HTMLInputElement) {
  await act(async () => {
    el.focus();
    el.blur();
  });
}

describe('coupon form number fields', () => {
  it('keeps a typed 150% as typed, shows the SPEC message and saves nothing', async () => {
    const calls = serve({
      'GET /api/coupon/menu': () => json({ categories: [], items: [], toppings: [] }),
      'PUT /api/coupon/7': (body) => json({ ...coupon, ...(body as object) }),
    });
    mounted = await mount(<CouponFormDrawer open coupon={coupon} mobile={false} onClose={() => {}} />);
    await waitFor(() => Boolean(input('Discount (%)')));
    const discount = input('Discount (%)');
    await type(discount, '150');
    await blur(discount);
    await settle();
    expect(discount.value).toBe('150');
    await click(saveButton());
    await waitFor(() => document.body.textContent!.includes('The discount must be a whole number from 1 to 100'));
    expect(document.body.textContent).toContain('The discount must be a whole number from 1 to 100');
    expect(discount.value).toBe('150');
    expect(calls.filter((c) => c.key.startsWith('PUT'))).toHaveLength(0);
  });

  it('says so in Chinese and refuses dollars with three decimals instead of rounding them', async () => {
    await switchToChinese();
    const calls = serve({
      'GET /api/coupon/menu': () => json({ categories: [], items: [], toppings: [] }),
      'PUT /api/coupon/7': (body) => json({ ...coupon, ...(body as object) }),
    });
    mounted = await mount(<CouponFormDrawer open coupon={coupon} mobile={false} onClose={() => {}} />);
    await waitFor(() => Boolean(document.querySelector('input[aria-label="折扣 (%)"], input[aria-label]')));
    const inputs = [...document.querySelectorAll<HTMLInputElement>('input[aria-label]')];
    const discount = inputs.find((i) => i.value === '10')!;
    const spend = inputs.find((i) => i.value === '50.00')!;
    await type(discount, '150');
    await type(spend, '12.345');
    await blur(spend);
    await click(saveButton());
    await waitFor(() => document.body.textContent!.includes('折扣必须是 1 到 100 之间的整数'));
    expect(document.body.textContent).toContain('折扣必须是 1 到 100 之间的整数');
    expect(document.body.textContent).toContain('最多保留 2 位小数');
    expect(spend.value).toBe('12.345');
    expect(calls.filter((c) => c.key.startsWith('PUT'))).toHaveLength(0);
  });

  it('saves a discount from 1 to 100', async () => {
    const calls = serve({
      'GET /api/coupon/menu': () => json({ categories: [], items: [], toppings: [] }),
      'PUT /api/coupon/7': (body) => json({ ...coupon, ...(body as object) }),
    });
    mounted = await mount(<CouponFormDrawer open coupon={coupon} mobile={false} onClose={() => {}} />);
    await waitFor(() => Boolean(input('Discount (%)')));
    await type(input('Discount (%)'), '100');
    await click(saveButton());
    await waitFor(() => calls.some((c) => c.key === 'PUT /api/coupon/7'));
    expect(calls.find((c) => c.key === 'PUT /api/coupon/7')?.body).toMatchObject({ discount: 100 });
  });
});

describe('coupon form: any item', () => {
  const buyGive: TCoupon = {
    ...coupon,
    id: 8,
    name: 'Buy 2 give 1',
    type: 'buyGive',
    code: 'TWOPLUS1',
    overAmount: 2,
    minusAmount: 1,
    discount: 0,
    itemIds: [11],
  };
  const radio = (label: string) =>
    [...document.querySelectorAll<HTMLLabelElement>('label.ant-radio-wrapper')].find((l) => l.textContent === label)!;

  it('switches buy N give N to any item: the item pickers go and the coupon is saved with no ids', async () => {
    const calls = serve({
      'GET /api/coupon/menu': () =>
        json({
          categories: [],
          items: [{ id: 11, code: 'B1', name: 'Burger', categoryId: null, priceCents: 1200 }],
          toppings: [],
        }),
      'PUT /api/coupon/8': (body) => json({ ...buyGive, ...(body as object) }),
    });
    mounted = await mount(<CouponFormDrawer open coupon={buyGive} mobile={false} onClose={() => {}} />);
    await waitFor(() => Boolean(document.querySelector('[aria-label="Items"]')));
    expect(radio('Listed items or categories').querySelector('input')!.checked).toBe(true);
    await click(radio('Any item').querySelector('input')!);
    await waitFor(() => !document.querySelector('[aria-label="Items"]'));
    expect(document.querySelector('[aria-label="Items"]')).toBeNull();
    await click(saveButton());
    await waitFor(() => calls.some((c) => c.key === 'PUT /api/coupon/8'));
    expect(calls.find((c) => c.key === 'PUT /api/coupon/8')?.body).toMatchObject({
      type: 'buyGive',
      anyItem: true,
      itemIds: '',
      categoryIds: '',
    });
  });

  it('opens a stored N pieces coupon without ids as any item, in Chinese too', async () => {
    await switchToChinese();
    serve({ 'GET /api/coupon/menu': () => json({ categories: [], items: [], toppings: [] }) });
    const pieces: TCoupon = { ...coupon, id: 9, type: 'piecesDiscount', overAmount: 3, discount: 10 };
    mounted = await mount(<CouponFormDrawer open coupon={pieces} mobile={false} onClose={() => {}} />);
    await waitFor(() => Boolean(radio('任意菜品')));
    expect(radio('任意菜品').querySelector('input')!.checked).toBe(true);
    expect(document.body.textContent).toContain('适用菜品');
  });
});
