import { describe, expect, it } from 'vitest';
import { allocateCents, averageCents, changeRatio, shareOf } from './report-math.ts';

describe('averageCents', () => {
  it('rounds the average check to whole cents, half away from zero', () => {
    expect(averageCents(1000, 3)).toBe(333);
    expect(averageCents(1001, 2)).toBe(501);
    expect(averageCents(-1001, 2)).toBe(-501);
  });

  it('is 0 when there are no orders', () => {
    expect(averageCents(500, 0)).toBe(0);
  });
});

describe('shareOf', () => {
  it('gives the fraction of the whole, and 0 of nothing', () => {
    expect(shareOf(250, 1000)).toBe(0.25);
    expect(shareOf(0, 0)).toBe(0);
  });
});

describe('changeRatio', () => {
  it('gives the change against the previous period as a fraction', () => {
    expect(changeRatio(125, 100)).toBe(0.25);
    expect(changeRatio(50, 100)).toBe(-0.5);
    expect(changeRatio(-50, -100)).toBe(0.5);
  });

  it('has no ratio when the previous period was 0', () => {
    expect(changeRatio(100, 0)).toBeNull();
  });
});

describe('allocateCents', () => {
  it('splits in proportion to the weights and adds up exactly', () => {
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateCents(200, [2900, 300])).toEqual([181, 19]);
    expect(allocateCents(1, [1, 3])).toEqual([0, 1]);
  });

  it('keeps the sign of a negative amount', () => {
    expect(allocateCents(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
  });

  it('gives nothing to parts of zero weight unless every weight is zero', () => {
    expect(allocateCents(90, [0, 2, 1])).toEqual([0, 60, 30]);
    expect(allocateCents(90, [0, 0])).toEqual([90, 0]);
  });

  it('refuses fractions of a cent and an amount with nowhere to go', () => {
    expect(() => allocateCents(1.5, [1])).toThrow(RangeError);
    expect(() => allocateCents(5, [])).toThrow(RangeError);
    expect(allocateCents(0, [])).toEqual([]);
  });
});
