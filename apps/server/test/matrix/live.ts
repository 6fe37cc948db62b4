import type { TMatrixEnv, TBuilder } from './types.ts';

/**
 * Live sales (issue 24). The matrix asks without `Accept: text/event-stream`, so the route answers
 * the restaurant's current version once instead of holding a stream open; the stream's own
 * authorisation is tested in modules/live/live.test.ts.
 */
export async function liveBuilders(_env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  return {
    'GET /api/api/live/sales': { build: () => ({ url: '/api/api/live/sales' }) },
  };
}
