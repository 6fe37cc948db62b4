import { DEFAULT_BUSINESS_SETTINGS } from '@ra/shared/business/business.schemas';
import { serviceFees } from '../../src/db/schema/business.ts';
import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for the business domain's routes (see ../authorization-matrix.test.ts). */
export async function businessBuilders(env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  // A Harbor-only fee, so a list or answer leaking it to Golden Dragon's owner fails the matrix.
  const [fee] = await env.db
    .insert(serviceFees)
    .values({
      restaurantId: env.home.id,
      description: 'Harbor matrix oyster fee',
      kind: 'fixed',
      amountCents: 123,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      orderTypes: ['dine_in'],
    })
    .returning({ id: serviceFees.id });
  env.homeMarkers.push('Harbor matrix oyster fee');
  const feeBody = {
    description: 'Matrix fee',
    kind: 'fixed',
    amount: '1.00',
    startDate: '2026-01-01',
    endDate: '2026-01-31',
    orderTypes: ['takeout'],
  };
  return {
    'GET /api/api/business/effective-hours': { build: () => ({ url: '/api/api/business/effective-hours' }) },
    'GET /api/api/business/settings': { build: () => ({ url: '/api/api/business/settings' }) },
    'POST /api/api/business/settings': {
      build: () => ({
        url: '/api/api/business/settings',
        payload: { section: 'pos', value: DEFAULT_BUSINESS_SETTINGS.pos },
      }),
      // The caller's own restaurant: the route has no id to point elsewhere.
      crossTenant: [200],
    },
    'GET /api/api/business/bank': { build: () => ({ url: '/api/api/business/bank' }) },
    'POST /api/api/business/bank': {
      // Refused by the routing checksum, so no account is linked by the matrix.
      build: () => ({
        url: '/api/api/business/bank',
        payload: {
          holderName: 'Matrix',
          accountType: 'checking',
          routingNumber: '011000016',
          accountNumber: '1234567',
          providerCustomerId: 'cus_matrix',
        },
      }),
      crossTenant: [400],
    },
    'POST /api/api/business/bank/verify': {
      build: () => ({ url: '/api/api/business/bank/verify', payload: { amount1: '0.10', amount2: '0.20' } }),
      crossTenant: [409],
    },
    'POST /api/api/business/bank/verify-code': {
      build: () => ({ url: '/api/api/business/bank/verify-code', payload: { descriptorCode: 'SM11AA' } }),
      crossTenant: [409],
    },
    'POST /api/api/business/bank/reset': { build: () => ({ url: '/api/api/business/bank/reset' }), crossTenant: [404] },
    'GET /api/api/business/bank/outbox': { build: () => ({ url: '/api/api/business/bank/outbox' }) },
    'POST /api/api/business/bank/outbox/post': {
      build: () => ({ url: '/api/api/business/bank/outbox/post' }),
      crossTenant: [409],
    },
    'GET /api/api/business/service-fees': { build: () => ({ url: '/api/api/business/service-fees' }) },
    'POST /api/api/business/service-fees': {
      build: () => ({ url: '/api/api/business/service-fees', payload: feeBody }),
      crossTenant: [200],
    },
    'PUT /api/api/business/service-fees/:id': {
      build: () => ({
        url: `/api/api/business/service-fees/${fee!.id}`,
        payload: { ...feeBody, description: 'Harbor matrix oyster fee' },
      }),
    },
    'DELETE /api/api/business/service-fees/:id': {
      // Another restaurant's owner must get 404; the allowed caller deletes it last of all.
      build: () => ({ url: `/api/api/business/service-fees/${fee!.id}` }),
    },
    'GET /api/api/admin/restaurants': { build: () => ({ url: '/api/api/admin/restaurants', query: { q: 'Harbor' } }) },
    'POST /api/api/admin/restaurants/:id/config': {
      build: () => ({
        url: `/api/api/admin/restaurants/${env.home.id}/config`,
        payload: { enablePremiumCoupon: false },
      }),
    },
  };
}
