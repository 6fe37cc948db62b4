import { and, eq } from 'drizzle-orm';
import { giftcards } from '../../src/db/schema/giftcards.ts';
import { HARBOR_GIFTCARD_MARKER } from '../../src/demo/giftcards.seed.ts';
import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for the giftcards domain's routes (see ../authorization-matrix.test.ts). */
export async function giftcardsBuilders(env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  const [card] = await env.db
    .select({ id: giftcards.id, number: giftcards.number })
    .from(giftcards)
    .where(and(eq(giftcards.restaurantId, env.home.id), eq(giftcards.holderName, HARBOR_GIFTCARD_MARKER)));
  if (!card) throw new Error('matrix: Harbor gift card missing from the demo data');
  env.homeMarkers.push(HARBOR_GIFTCARD_MARKER, card.number);
  const pos = (c: 'home' | 'other') => ({ number: card.number, amountCents: 1, orderRef: `matrix-${c}` });
  return {
    'GET /api/api/giftcard': { build: () => ({ url: '/api/api/giftcard' }) },
    'POST /api/api/giftcard': {
      build: () => ({ url: '/api/api/giftcard', payload: { kind: 'physical', amountCents: 2500 } }),
    },
    'POST /api/api/giftcard/import': {
      build: (c) => ({
        url: '/api/api/giftcard/import',
        payload: { number: `MATRIX${c.toUpperCase()}01`, balanceCents: 100 },
      }),
    },
    'GET /api/api/giftcard/liability': {
      build: () => ({ url: '/api/api/giftcard/liability', query: { at: '2026-03-14' } }),
    },
    'GET /api/api/giftcard/breakage': { build: () => ({ url: '/api/api/giftcard/breakage', query: { months: '12' } }) },
    'GET /api/api/giftcard/:id': { build: () => ({ url: `/api/api/giftcard/${card.id}` }) },
    'POST /api/api/giftcard/:id/activity': {
      build: () => ({ url: `/api/api/giftcard/${card.id}/activity`, payload: { type: 'load', amountCents: 100 } }),
    },
    // Another restaurant looking up Harbor's card number finds nothing.
    'POST /api/api/giftcard/pos/balance': {
      build: () => ({ url: '/api/api/giftcard/pos/balance', payload: { number: card.number } }),
      crossTenant: [404],
    },
    'POST /api/api/giftcard/pos/redeem': {
      build: (c) => ({ url: '/api/api/giftcard/pos/redeem', payload: pos(c) }),
      crossTenant: [404],
    },
    'POST /api/api/giftcard/pos/refund': {
      build: (c) => ({ url: '/api/api/giftcard/pos/refund', payload: pos(c) }),
      crossTenant: [404],
    },
  };
}
