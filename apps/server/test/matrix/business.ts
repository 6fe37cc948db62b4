import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for the business domain's routes (see ../authorization-matrix.test.ts). */
export async function businessBuilders(_env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  return {};
}
