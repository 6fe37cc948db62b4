import { describe, expect, it } from 'vitest';
import { DEFAULT_TIP_RULE } from '@ra/shared/tips/allocation';
import { basisPointsToPercent, newPool, percentToBasisPoints, ruleKey } from './tip-rule-draft.ts';

describe('tip rule draft', () => {
  it('reads a percentage as basis points, refusing what the server would refuse', () => {
    expect(percentToBasisPoints('2.5')).toBe(250);
    expect(percentToBasisPoints('2,5 %')).toBe(250);
    expect(percentToBasisPoints('100')).toBe(10_000);
    expect(percentToBasisPoints('0.01')).toBe(1);
    expect(percentToBasisPoints('0')).toBeNull();
    expect(percentToBasisPoints('100.01')).toBeNull();
    expect(percentToBasisPoints('1.234')).toBeNull();
    expect(percentToBasisPoints('abc')).toBeNull();
    expect(basisPointsToPercent(250)).toBe('2.5');
  });
  it('names a new pool after the ones there are, and tells rules apart', () => {
    const rule = { ...DEFAULT_TIP_RULE, pools: [{ name: 'Pool 2', weighting: 'hours' as const, roles: [] }] };
    expect(newPool(rule, 'Pool').name).toBe('Pool 3');
    expect(ruleKey(rule)).not.toBe(ruleKey(DEFAULT_TIP_RULE));
  });
});
