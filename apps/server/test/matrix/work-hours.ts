import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for the work-hours domain's routes (see ../authorization-matrix.test.ts). */
export async function workHoursBuilders(_env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  return {};
}
