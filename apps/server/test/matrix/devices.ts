import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for the devices domain's routes (see ../authorization-matrix.test.ts). */
export async function devicesBuilders(_env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  return {};
}
