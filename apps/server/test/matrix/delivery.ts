import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for the delivery domain's routes (see ../authorization-matrix.test.ts). */
export async function deliveryBuilders(_env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  return {};
}
