import type { TBuilder, TMatrixEnv } from './types.ts';

const AGENT = 'agent@demo.test';

/**
 * Request builders for the insight routes (issue 24). The comparison is for accounts that see several
 * restaurants: the demo agent is the allowed caller; a restaurant's owner is refused and an agent of
 * another subtree gets none of the demo agent's restaurants.
 */
export async function insightBuilders(env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  void env;
  const range = { from: '2026-01-05', to: '2026-01-11' };
  return {
    'GET /api/insight/comparison': {
      build: () => ({ url: '/api/insight/comparison', query: range }),
      allowedAs: AGENT,
      own: () => 'Harbor Bistro',
    },
    'GET /api/insight/profitability': {
      build: () => ({ url: '/api/insight/profitability', query: range }),
    },
    'GET /api/insight/profitability/export': {
      build: () => ({ url: '/api/insight/profitability/export', query: { ...range, format: 'csv' } }),
    },
    'GET /api/insight/comparison/export': {
      build: () => ({ url: '/api/insight/comparison/export', query: { ...range, format: 'csv' } }),
      allowedAs: AGENT,
      own: () => 'Harbor Bistro',
    },
  };
}
