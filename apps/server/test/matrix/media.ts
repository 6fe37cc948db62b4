import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for the media domain's routes (see ../authorization-matrix.test.ts). */
export async function mediaBuilders(_env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  return {};
}
