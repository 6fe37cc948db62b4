import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for the delivery domain's routes (see ../authorization-matrix.test.ts). */
export async function deliveryBuilders(env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  // Harbor's demo data holds one connected platform (DoorDash); the matrix connects Grubhub to pause it.
  const owner = await env.tokenFor('owner@demo.test');
  const connect = await env.app.inject({
    method: 'POST',
    url: '/api/api/delivery/platforms/grubhub/connect',
    headers: { authorization: owner },
  });
  if (connect.statusCode !== 200) throw new Error(`matrix delivery connect: ${connect.statusCode} ${connect.body}`);
  env.homeMarkers.push(connect.json().storeId as string);

  // Another restaurant's owner works on their own restaurant's platforms: the routes take no id of ours.
  const own: Pick<TBuilder, 'crossTenant'> = { crossTenant: [200, 409, 502] };
  return {
    'GET /api/api/delivery/platforms': { build: () => ({ url: '/api/api/delivery/platforms' }) },
    'POST /api/api/delivery/platforms/:platform/connect': {
      // Connected already at Harbor (409); Golden Dragon connects its own.
      build: () => ({ url: '/api/api/delivery/platforms/doordash/connect' }),
      ...own,
    },
    'POST /api/api/delivery/platforms/:platform/disconnect': {
      build: () => ({ url: '/api/api/delivery/platforms/ubereats/disconnect' }),
      ...own,
    },
    'POST /api/api/delivery/platforms/:platform/pause': {
      build: () => ({ url: '/api/api/delivery/platforms/grubhub/pause', payload: {} }),
      ...own,
    },
    'POST /api/api/delivery/platforms/:platform/resume': {
      build: () => ({ url: '/api/api/delivery/platforms/grubhub/resume' }),
      ...own,
    },
    'PUT /api/api/delivery/platforms/:platform': {
      build: () => ({
        url: '/api/api/delivery/platforms/ubereats',
        payload: { markup: { kind: 'percent', basisPoints: 1000 } },
      }),
      ...own,
    },
    'GET /api/api/delivery/platforms/:platform/menu': {
      build: () => ({ url: '/api/api/delivery/platforms/doordash/menu' }),
      ...own,
    },
    'GET /api/api/delivery/platforms/:platform/refused': {
      build: () => ({ url: '/api/api/delivery/platforms/doordash/refused' }),
      ...own,
    },
    'POST /api/api/delivery/platforms/:platform/publish': {
      build: () => ({ url: '/api/api/delivery/platforms/doordash/publish' }),
      ...own,
    },
    'POST /api/api/delivery/platforms/:platform/test-connection': {
      // Harbor's DoorDash answers from the simulator; a restaurant without it connected gets 409.
      build: () => ({ url: '/api/api/delivery/platforms/doordash/test-connection' }),
      ...own,
    },
    'POST /api/api/delivery/platforms/:platform/test-order': {
      build: () => ({ url: '/api/api/delivery/platforms/doordash/test-order', payload: {} }),
      ...own,
    },
  };
}
