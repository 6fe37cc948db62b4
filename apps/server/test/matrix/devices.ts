import { DEFAULT_TERMINAL_SETTINGS } from '@ra/shared/devices/devices.schemas';
import type { TMatrixEnv, TBuilder } from './types.ts';

/** A device paired at Harbor Bistro through the API, as a real one would be. */
export async function pairMatrixDevice(env: TMatrixEnv, name: string): Promise<{ token: string; deviceId: number }> {
  const owner = await env.tokenFor('owner@demo.test');
  const created = await env.app.inject({
    method: 'POST',
    url: '/api/api/devices/pairing-codes',
    headers: { authorization: owner },
    payload: { name, type: 'terminal' },
  });
  if (created.statusCode !== 201) throw new Error(`matrix pairing code: ${created.statusCode} ${created.body}`);
  const paired = await env.app.inject({
    method: 'POST',
    url: '/api/api/devices/pair',
    payload: { code: created.json().code, serialNumber: `${name} serial` },
  });
  if (paired.statusCode !== 201) throw new Error(`matrix pairing: ${paired.statusCode} ${paired.body}`);
  return paired.json() as { token: string; deviceId: number };
}

/** Request builders for the devices domain's routes (see ../authorization-matrix.test.ts). */
export async function devicesBuilders(env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  const kept = await pairMatrixDevice(env, 'Matrix Harbor Terminal');
  const disposable = await pairMatrixDevice(env, 'Matrix Harbor Spare');
  const owner = await env.tokenFor('owner@demo.test');
  const code = await env.app.inject({
    method: 'POST',
    url: '/api/api/devices/pairing-codes',
    headers: { authorization: owner },
    payload: { name: 'Matrix Harbor Pending', type: 'kiosk' },
  });
  const codeId = code.json().id as number;
  env.homeMarkers.push('Matrix Harbor', 'TSP1-2291-0457', 'Star TSP143IV');

  return {
    'GET /api/api/devices': { build: () => ({ url: '/api/api/devices' }) },
    'POST /api/api/devices/pairing-codes': {
      build: () => ({ url: '/api/api/devices/pairing-codes', payload: { name: 'Matrix code', type: 'printer' } }),
      // Golden Dragon's owner makes a code for Golden Dragon: the route takes no id.
      crossTenant: [201],
    },
    'DELETE /api/api/devices/pairing-codes/:id': { build: () => ({ url: `/api/api/devices/pairing-codes/${codeId}` }) },
    // Only a device may beat; the matrix tries a person and expects 403 (device-kind route).
    'POST /api/api/devices/heartbeat': {
      build: () => ({ url: '/api/api/devices/heartbeat', payload: {} }),
      crossTenant: [403],
    },
    'GET /api/api/devices/terminal-settings': { build: () => ({ url: '/api/api/devices/terminal-settings' }) },
    'PUT /api/api/devices/terminal-settings': {
      build: () => ({ url: '/api/api/devices/terminal-settings', payload: { ...DEFAULT_TERMINAL_SETTINGS } }),
      crossTenant: [200],
    },
    'GET /api/api/devices/:id': { build: () => ({ url: `/api/api/devices/${kept.deviceId}` }) },
    'PUT /api/api/devices/:id': {
      build: () => ({ url: `/api/api/devices/${kept.deviceId}`, payload: { name: 'Matrix Harbor Terminal' } }),
    },
    'POST /api/api/devices/:id/revoke': { build: () => ({ url: `/api/api/devices/${disposable.deviceId}/revoke` }) },
  };
}
