import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for the tips domain's routes (see ../authorization-matrix.test.ts). */
export async function tipsBuilders(_env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  // The rule names no roles, so it is valid at any restaurant; Harbor's names (Sofia Ramirez, already a
  // marker of work hours) must never reach Golden Dragon's owner through the period or export.
  const rule = {
    sources: { cardTips: true, declaredCash: true, serviceCharges: false },
    period: 'payPeriod',
    pools: [],
    tipOuts: [],
  };
  return {
    'GET /api/api/tips/rule': { build: () => ({ url: '/api/api/tips/rule' }) },
    'PUT /api/api/tips/rule': { build: () => ({ url: '/api/api/tips/rule', payload: rule }) },
    'POST /api/api/tips/rule/preview': { build: () => ({ url: '/api/api/tips/rule/preview', payload: rule }) },
    'GET /api/api/tips/period': { build: () => ({ url: '/api/api/tips/period', query: { start: '2026-02-23' } }) },
    'GET /api/api/tips/period/export': {
      build: () => ({ url: '/api/api/tips/period/export', query: { start: '2026-02-23' } }),
    },
    'GET /api/api/tips/mine': { build: () => ({ url: '/api/api/tips/mine', query: { start: '2026-02-23' } }) },
  };
}
