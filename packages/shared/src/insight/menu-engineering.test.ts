import { describe, expect, it } from 'vitest';
import { engineer } from './menu-engineering.ts';

describe('menu engineering', () => {
  it('places items by menu mix against 70% of an even share and margin against the weighted average', () => {
    // 4 items: even share 25%, popular at >= 17.5%. Margins: A 10.00, B 3.00, C 12.00, D 2.00.
    const result = engineer([
      { key: 'A', quantity: 40, netCents: 40 * 1500, costCents: 500 },
      { key: 'B', quantity: 40, netCents: 40 * 800, costCents: 500 },
      { key: 'C', quantity: 10, netCents: 10 * 1600, costCents: 400 },
      { key: 'D', quantity: 10, netCents: 10 * 500, costCents: 300 },
    ]);
    expect(result.popularityThreshold).toBeCloseTo(0.175);
    // (400 + 120 + 120 + 20) dollars over 100 items = 6.60
    expect(result.marginThresholdCents).toBe(660);
    expect(Object.fromEntries(result.items.map((i) => [i.key, i.quadrant]))).toEqual({
      A: 'star',
      B: 'plowhorse',
      C: 'puzzle',
      D: 'dog',
    });
    const a = result.items.find((i) => i.key === 'A')!;
    expect(a).toMatchObject({ mix: 0.4, marginCents: 1000, totalMarginCents: 40_000 });
    expect(a.foodCostShare).toBeCloseTo(1 / 3);
  });

  it('leaves out unsold items and copes with nothing sold', () => {
    expect(engineer([{ key: 'X', quantity: 0, netCents: 0, costCents: 100 }])).toEqual({
      items: [],
      popularityThreshold: 0,
      marginThresholdCents: 0,
    });
  });
});
