import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for the menu domain's routes (see ../authorization-matrix.test.ts). */
export async function menuBuilders(_env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  return {};
}
