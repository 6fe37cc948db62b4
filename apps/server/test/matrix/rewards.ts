import { sql } from 'drizzle-orm';
import { HARBOR_REWARD_MARKER } from '../../src/demo/rewards.seed.ts';
import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for the rewards domain's routes (see ../authorization-matrix.test.ts). */
export async function rewardsBuilders(env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  const one = async (query: ReturnType<typeof sql>) =>
    Number(((await env.db.execute(query)) as unknown as { rows: Array<{ id: unknown }> }).rows[0]!.id);
  const rewardId = await one(
    sql`select id from rewards where restaurant_id = ${env.home.id} and name_en = ${HARBOR_REWARD_MARKER}`,
  );
  const menuItemId = await one(sql`select id from menu_items where restaurant_id = ${env.home.id} order by id limit 1`);
  // A Harbor-only customer with points to spend, under a phone no other restaurant has.
  const phone = '+15559870042';
  const customerId = await one(sql`insert into customers (restaurant_id, phone, name, language, first_order_at,
      last_order_at, total_orders, total_spent_cents, points, favourite_item, updated_at)
    values (${env.home.id}, ${phone}, 'Harbor rewards regular', 'en', now(), now(), 9, 90000, 900, null, now())
    returning id`);
  env.homeMarkers.push(HARBOR_REWARD_MARKER, 'Harbor rewards regular', phone);
  const input = { nameEn: HARBOR_REWARD_MARKER, nameZh: '', pointsCost: 60, kind: 'item', menuItemId };
  let key = 0;
  const REPORT = { from: '2026-03-01', to: '2026-03-14' };
  return {
    'GET /api/api/rewards': { build: () => ({ url: '/api/api/rewards' }) },
    'GET /api/api/rewards/options': { build: () => ({ url: '/api/api/rewards/options' }) },
    // Another restaurant's owner naming Harbor's menu item is told it is not theirs.
    'POST /api/api/rewards': {
      build: () => ({ url: '/api/api/rewards', payload: { ...input, nameEn: 'Matrix reward' } }),
      crossTenant: [400],
    },
    'GET /api/api/rewards/report': { build: () => ({ url: '/api/api/rewards/report', query: REPORT }) },
    'GET /api/api/rewards/report/export': { build: () => ({ url: '/api/api/rewards/report/export', query: REPORT }) },
    'GET /api/api/rewards/customers/:id': { build: () => ({ url: `/api/api/rewards/customers/${customerId}` }) },
    'POST /api/api/rewards/customers/:id/adjust': {
      build: () => ({
        url: `/api/api/rewards/customers/${customerId}/adjust`,
        payload: { points: 1, reason: 'Matrix' },
      }),
    },
    'GET /api/api/rewards/:id': { build: () => ({ url: `/api/api/rewards/${rewardId}` }) },
    'PUT /api/api/rewards/:id': { build: () => ({ url: `/api/api/rewards/${rewardId}`, payload: input }) },
    'POST /api/api/rewards/:id/archive': { build: () => ({ url: `/api/api/rewards/${rewardId}/archive` }) },
    'POST /api/api/rewards/:id/restore': { build: () => ({ url: `/api/api/rewards/${rewardId}/restore` }) },
    // Another restaurant's POS finds neither Harbor's customer nor its reward.
    'POST /api/api/pos/rewards/lookup': {
      build: () => ({ url: '/api/api/pos/rewards/lookup', payload: { phone } }),
      crossTenant: [404],
    },
    'POST /api/api/pos/rewards/redeem': {
      build: (c) => ({
        url: '/api/api/pos/rewards/redeem',
        payload: { customerId, rewardId, idempotencyKey: `matrix-${c}-${++key}` },
      }),
      crossTenant: [404],
    },
  };
}
