import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for the coupons domain's routes (see ../authorization-matrix.test.ts). */
export async function couponsBuilders(_env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  return {};
}
