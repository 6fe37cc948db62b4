import { sql } from 'drizzle-orm';
import { DEFAULT_SMS_PRICING } from '@ra/shared/customers/sms';
import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for the customers domain's routes (see ../authorization-matrix.test.ts). */
export async function customersBuilders(env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  const one = async (query: ReturnType<typeof sql>) =>
    Number(((await env.db.execute(query)) as unknown as { rows: Array<{ id: unknown }> }).rows[0]!.id);
  // A Harbor-only customer and campaigns, with names found nowhere else.
  const customerId = await one(sql`insert into customers (restaurant_id, phone, name, language, first_order_at,
      last_order_at, total_orders, total_spent_cents, points, favourite_item, updated_at)
    values (${env.home.id}, '+15559870001', 'Harbor matrix regular', 'en', now(), now(), 3, 4500, 45, 'Matrix chowder', now())
    returning id`);
  const ownerId = await one(sql`select id from users where email = 'owner@demo.test'`);
  const campaign = (body: string) =>
    one(sql`insert into sms_campaigns (restaurant_id, status, body_en, parts_en, recipients_en, recipients_zh,
        opted_out_excluded, price_per_part_micros, tax_rate_basis_points, subtotal_cents, tax_cents, total_cents,
        created_by_user_id, created_at)
      values (${env.home.id}, 'pending', ${body}, 1, 1, 0, 0, 7900, 1010, 1, 0, 1, ${ownerId}, now()) returning id`);
  const toSend = await campaign('Harbor matrix campaign one');
  const toReview = await campaign('Harbor matrix campaign two');
  env.homeMarkers.push('Harbor matrix regular', 'Harbor matrix campaign', '+15559870001');
  const content = { bodyEn: 'Matrix hello', audience: { ids: [customerId] } };
  return {
    'GET /api/api/customers': { build: () => ({ url: '/api/api/customers' }) },
    'GET /api/api/customers/count': { build: () => ({ url: '/api/api/customers/count', query: { q: 'matrix' } }) },
    'GET /api/api/customers/settings': { build: () => ({ url: '/api/api/customers/settings' }) },
    'PUT /api/api/customers/settings': {
      build: () => ({ url: '/api/api/customers/settings', payload: { pointsPerDollar: 1 } }),
      crossTenant: [200],
    },
    'POST /api/api/customers/lookup-names': {
      build: () => ({ url: '/api/api/customers/lookup-names', payload: { names: ['Harbor matrix regular'] } }),
      // Another restaurant's owner finds no one by Harbor's customer's name.
      crossTenant: [400],
    },
    'GET /api/api/customers/:id': { build: () => ({ url: `/api/api/customers/${customerId}` }) },
    // Another restaurant's owner naming Harbor's customer finds nobody to text.
    'POST /api/api/customers/campaigns/quote': {
      build: () => ({ url: '/api/api/customers/campaigns/quote', payload: content }),
      crossTenant: [400],
    },
    'POST /api/api/customers/campaigns': {
      build: () => ({ url: '/api/api/customers/campaigns', payload: content }),
      crossTenant: [400],
    },
    'GET /api/api/customers/campaigns': { build: () => ({ url: '/api/api/customers/campaigns' }) },
    'GET /api/api/customers/campaigns/:id/recipients': {
      build: () => ({ url: `/api/api/customers/campaigns/${toSend}/recipients` }),
    },
    // Pending, so the allowed owner is refused the transition (409), never charged.
    'POST /api/api/customers/campaigns/:id/send': {
      build: () => ({ url: `/api/api/customers/campaigns/${toSend}/send` }),
    },
    'GET /api/api/customers/reviews': {
      build: () => ({ url: '/api/api/customers/reviews' }),
      allowedAs: 'agent@demo.test',
    },
    'POST /api/api/customers/reviews/:id': {
      build: () => ({ url: `/api/api/customers/reviews/${toReview}`, payload: { decision: 'rejected' } }),
      allowedAs: 'agent@demo.test',
    },
    'GET /api/api/customers/sms/pricing': { build: () => ({ url: '/api/api/customers/sms/pricing' }) },
    'PUT /api/api/customers/sms/pricing': {
      build: () => ({ url: '/api/api/customers/sms/pricing', payload: { ...DEFAULT_SMS_PRICING } }),
      crossTenant: [403],
    },
  };
}
