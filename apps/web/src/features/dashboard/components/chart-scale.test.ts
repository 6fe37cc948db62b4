// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { niceTicks } from './chart-scale.ts';

describe('niceTicks', () => {
  it('ends at a round number at or above the largest value', () => {
    expect(niceTicks(1_153_000)).toEqual([0, 500_000, 1_000_000, 1_500_000, 2_000_000]);
    expect(niceTicks(160)).toEqual([0, 50, 100, 150, 200]);
    expect(niceTicks(8)).toEqual([0, 2, 4, 6, 8]);
  });

  it('still draws an axis when every day is zero', () => {
    expect(niceTicks(0)).toEqual([0, 1, 2, 3, 4]);
  });

  it('never ends below the maximum', () => {
    for (const max of [1, 7, 99, 101, 999, 12_345, 987_654]) {
      const ticks = niceTicks(max);
      expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
      expect(ticks).toHaveLength(5);
    }
  });
});
