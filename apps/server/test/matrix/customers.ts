import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for the customers domain's routes (see ../authorization-matrix.test.ts). */
export async function customersBuilders(_env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  return {};
}
