import { and, eq } from 'drizzle-orm';
import { couponCodeBatches, couponCodes, couponRedemptions, coupons } from '../../src/db/schema/coupons.ts';
import { HARBOR_COUPON_MARKERS } from '../../src/demo/coupons.seed.ts';
import type { TMatrixEnv, TBuilder } from './types.ts';

const CART = {
  channel: 'pos',
  lines: [{ lineId: 'l1', itemId: 1, categoryId: 2, quantity: 2, unitPriceCents: 3000, toppings: [] }],
};

const couponBody = (name: string) => ({ name, type: 'spendMinus', overAmount: 2000, minusAmount: 500 });

/** Request builders for the coupons domain's routes (see ../authorization-matrix.test.ts). */
export async function couponsBuilders(env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  env.homeMarkers.push(...HARBOR_COUPON_MARKERS);
  const [harbor10] = await env.db
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.restaurantId, env.home.id), eq(coupons.code, 'HARBOR10')));
  if (!harbor10) throw new Error('matrix: Harbor coupon HARBOR10 missing from the demo data');
  const now = new Date('2026-03-14T23:00:00Z');
  // Throwaway rows the allowed callers may delete or release.
  const disposable = await env.db
    .insert(coupons)
    .values(
      Array.from({ length: 3 }, (_, i) => ({
        restaurantId: env.home.id,
        name: `Matrix disposable ${i}`,
        type: 'spendMinus',
        code: `MATRIXDEL${i}`,
        overAmount: 1000,
        minusAmount: 100,
        channels: ['pos'],
        days: [0, 1, 2, 3, 4, 5, 6],
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: coupons.id, code: coupons.code });
  const [code] = await env.db
    .insert(couponCodes)
    .values(disposable.map((d) => ({ restaurantId: env.home.id, couponId: d.id, code: d.code })))
    .returning({ id: couponCodes.id });
  const [redemption] = await env.db
    .insert(couponRedemptions)
    .values({
      restaurantId: env.home.id,
      couponId: disposable[0]!.id,
      codeId: code!.id,
      code: 'MATRIXDEL0',
      orderRef: 'matrix-order',
      channel: 'pos',
      status: 'reserved',
      discountCents: 100,
      subtotalCents: 6000,
      lines: [{ lineId: 'l1', discountCents: 100 }],
      createdAt: now,
    })
    .returning({ id: couponRedemptions.id });
  const [batch] = await env.db
    .insert(couponCodeBatches)
    .values({
      restaurantId: env.home.id,
      couponId: harbor10.id,
      requested: 10,
      length: 8,
      status: 'running',
      createdAt: now,
    })
    .returning({ id: couponCodeBatches.id });
  const id = harbor10.id;
  const del = disposable[1]!.id;
  return {
    'GET /api/api/coupon/menu': { build: () => ({ url: '/api/api/coupon/menu' }) },
    'GET /api/api/coupon': { build: () => ({ url: '/api/api/coupon' }) },
    'POST /api/api/coupon': { build: (c) => ({ url: '/api/api/coupon', payload: couponBody(`Matrix ${c}`) }) },
    'GET /api/api/coupon/settings': { build: () => ({ url: '/api/api/coupon/settings' }) },
    'PUT /api/api/coupon/settings': {
      build: () => ({ url: '/api/api/coupon/settings', payload: { combine: true, pick: 'best' } }),
    },
    'POST /api/api/coupon/simulate': {
      build: () => ({ url: '/api/api/coupon/simulate', payload: { ...CART, codes: [] } }),
    },
    'GET /api/api/coupon/performance': {
      build: () => ({ url: '/api/api/coupon/performance', query: { from: '2026-03-01', to: '2026-03-14' } }),
    },
    'GET /api/api/coupon/:id': { build: () => ({ url: `/api/api/coupon/${id}` }) },
    'PUT /api/api/coupon/:id': {
      build: () => ({
        url: `/api/api/coupon/${id}`,
        payload: { ...couponBody('Spend $50, save $10'), code: 'HARBOR10', overAmount: 5000, minusAmount: 1000 },
      }),
    },
    'DELETE /api/api/coupon/:id': { build: () => ({ url: `/api/api/coupon/${del}` }) },
    'POST /api/api/coupon/redeem': {
      build: (c) => ({
        url: '/api/api/coupon/redeem',
        payload: { ...CART, code: 'HARBOR10', orderRef: `matrix-${c}` },
      }),
    },
    'POST /api/api/coupon/redemption/:id/consume': {
      build: () => ({ url: `/api/api/coupon/redemption/${redemption!.id}/consume` }),
    },
    'POST /api/api/coupon/redemption/:id/release': {
      build: () => ({ url: `/api/api/coupon/redemption/${redemption!.id}/release` }),
    },
    'POST /api/api/coupon/codes/generate': {
      build: () => ({
        url: '/api/api/coupon/codes/generate',
        payload: { couponId: disposable[2]!.id, count: 5, length: 8 },
      }),
      crossTenant: [403],
    },
    'GET /api/api/coupon/codes/batches': {
      build: () => ({ url: '/api/api/coupon/codes/batches' }),
      crossTenant: [403],
    },
    'GET /api/api/coupon/codes/batches/:id': { build: () => ({ url: `/api/api/coupon/codes/batches/${batch!.id}` }) },
    'POST /api/api/coupon/codes/batches/:id/cancel': {
      build: () => ({ url: `/api/api/coupon/codes/batches/${batch!.id}/cancel` }),
    },
    'GET /api/api/coupon/codes/batches/:id/export': {
      build: () => ({ url: `/api/api/coupon/codes/batches/${batch!.id}/export`, query: { format: 'csv' } }),
    },
    'GET /api/api/coupon/codes/lookup': {
      build: () => ({ url: '/api/api/coupon/codes/lookup', query: { code: 'HARBOR10' } }),
      crossTenant: [403],
    },
  };
}
