import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for the giftcards domain's routes (see ../authorization-matrix.test.ts). */
export async function giftcardsBuilders(_env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  return {};
}
