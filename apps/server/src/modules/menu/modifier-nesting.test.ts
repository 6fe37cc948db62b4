import { describe, expect, it } from 'vitest';
import { nestingProblem } from './modifier-nesting.ts';

const graph = (entries: Array<[number, number[]]>) => new Map(entries);

describe('nestingProblem', () => {
  it('allows chains of up to 3 groups', () => {
    expect(
      nestingProblem(
        graph([
          [1, [2]],
          [2, [3]],
          [3, []],
          [4, [3]],
        ]),
      ),
    ).toBeNull();
  });

  it('refuses a fourth level, naming the chain', () => {
    expect(
      nestingProblem(
        graph([
          [1, [2]],
          [2, [3]],
          [3, [4]],
          [4, []],
        ]),
      ),
    ).toEqual({ kind: 'tooDeep', path: [1, 2, 3, 4] });
  });

  it('refuses a group opening itself, directly or around a loop of any length', () => {
    expect(nestingProblem(graph([[1, [1]]]))).toEqual({ kind: 'loop', path: [1, 1] });
    expect(
      nestingProblem(
        graph([
          [1, [2]],
          [2, [1]],
        ]),
      ),
    ).toEqual({ kind: 'loop', path: [1, 2, 1] });
    expect(
      nestingProblem(
        graph([
          [1, [2]],
          [2, [3]],
          [3, [4]],
          [4, [5]],
          [5, [2]],
        ]),
      )?.kind,
    ).toBe('loop');
  });
});
