import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for the providers domain's routes (see ../authorization-matrix.test.ts). */
export async function providersBuilders(_env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  return {
    'GET /api/api/admin/providers': { build: () => ({ url: '/api/api/admin/providers' }) },
  };
}
