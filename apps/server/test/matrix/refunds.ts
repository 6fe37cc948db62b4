import { sql } from 'drizzle-orm';
import { DEMO_EMAILS } from '../../src/demo/seed.ts';
import { num, rowsOf } from '../../src/db/sql-util.ts';
import type { TBuilder, TMatrixEnv } from './types.ts';

/**
 * Request builders for the refunds domain's routes (see ../authorization-matrix.test.ts). Refunding
 * needs canVoid (the route's flag) and viewTransactions (checked in the service: the order is seen
 * there), so the allowed call is made as the owner; a role without canVoid is refused by the route.
 */
export async function refundsBuilders(env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  const [order] = await rowsOf(
    env.db,
    sql`select id, pos_order_id from orders where restaurant_id = ${env.home.id} and status = 'closed'
        and paid_cents > refunded_cents + 1000 order by id limit 1`,
  );
  if (!order) throw new Error('matrix: Harbor has no closed order to refund');
  const orderId = num(order.id);
  const marker = 'Matrix refund note only Harbor has';
  // Asked for by the manager, so the owner (the allowed caller) is a second person who may decide on it.
  const [refund] = await rowsOf(
    env.db,
    sql`insert into office_refunds (restaurant_id, order_id, pos_order_id, idempotency_key, status, scope, tender,
          amount_cents, net_cents, tax_cents, tip_cents, reason, note, requested_by_user_id, requested_by_name,
          business_day, refunded_at, created_at, updated_at)
        select ${env.home.id}, ${orderId}, ${String(order.pos_order_id)}, 'matrix-seeded-refund', 'rejected', 'amount',
          'cash', 1, 1, 0, 0, 'other', ${marker}, u.id, 'Matrix Person', null, null, now(), now()
        from users u where u.email = ${DEMO_EMAILS.manager}
        returning id`,
  );
  const refundId = num(refund?.id);
  env.homeMarkers.push(marker);
  let n = 0;
  const asOwner = { allowedAs: DEMO_EMAILS.owner };
  return {
    'GET /api/api/refunds/order/:orderId': { build: () => ({ url: `/api/api/refunds/order/${orderId}` }), ...asOwner },
    'POST /api/api/refunds/order/:orderId': {
      build: (c) => ({
        url: `/api/api/refunds/order/${orderId}`,
        payload: {
          idempotencyKey: `matrix-${c}-${++n}`,
          scope: 'amount',
          amountCents: 1,
          tender: 'cash',
          reason: 'other',
        },
      }),
      ...asOwner,
    },
    'POST /api/api/refunds/:id/approve': {
      build: () => ({ url: `/api/api/refunds/${refundId}/approve`, payload: {} }),
      ...asOwner,
    },
    'POST /api/api/refunds/:id/reject': { build: () => ({ url: `/api/api/refunds/${refundId}/reject` }), ...asOwner },
    'POST /api/api/refunds/:id/retry': { build: () => ({ url: `/api/api/refunds/${refundId}/retry` }), ...asOwner },
    'GET /api/api/refunds/limits': { build: () => ({ url: '/api/api/refunds/limits' }), ...asOwner },
    'PUT /api/api/refunds/limits': { build: () => ({ url: '/api/api/refunds/limits', payload: { limits: [] } }) },
    'GET /api/api/pos/refunds': { build: () => ({ url: '/api/api/pos/refunds', query: { after: '0' } }) },
  };
}
