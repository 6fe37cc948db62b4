import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for the agent domain's routes (see ../authorization-matrix.test.ts). */
export async function agentBuilders(_env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  return {};
}
