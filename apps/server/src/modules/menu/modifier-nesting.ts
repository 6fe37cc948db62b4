import { MAX_MODIFIER_NESTING } from '@ra/shared/menu/menu.messages';

export type TNestingProblem = { kind: 'loop' | 'tooDeep'; path: number[] };

/**
 * Nested modifier groups (issue 8): a modifier can open another group. A chain may hold at most
 * MAX_MODIFIER_NESTING groups and may never come back to a group already in it. `edges` maps each
 * group to the groups its modifiers open. Returns the first offending chain of group ids (a loop ends
 * with the group it returns to), or null when the whole graph is allowed. Loops are looked for first,
 * so a long loop is named as a loop rather than as too deep.
 */
export function nestingProblem(edges: ReadonlyMap<number, readonly number[]>, first?: number): TNestingProblem | null {
  // The group being saved is walked first, so the path a refusal names starts where the user is.
  const order = first === undefined ? [...edges.keys()] : [first, ...[...edges.keys()].filter((g) => g !== first)];
  const done = new Set<number>();
  const path: number[] = [];
  const findLoop = (group: number): TNestingProblem | null => {
    const at = path.indexOf(group);
    if (at >= 0) return { kind: 'loop', path: [...path.slice(at), group] };
    if (done.has(group)) return null;
    path.push(group);
    for (const child of edges.get(group) ?? []) {
      const problem = findLoop(child);
      if (problem) return problem;
    }
    path.pop();
    done.add(group);
    return null;
  };
  for (const group of order) {
    const loop = findLoop(group);
    if (loop) return loop;
  }

  // No loops: the longest chain from each group, remembered, tells whether any chain is too deep.
  const longest = new Map<number, number[]>();
  const chainFrom = (group: number): number[] => {
    const known = longest.get(group);
    if (known) return known;
    let best: number[] = [];
    for (const child of edges.get(group) ?? []) {
      const chain = chainFrom(child);
      if (chain.length > best.length) best = chain;
    }
    const chain = [group, ...best];
    longest.set(group, chain);
    return chain;
  };
  for (const group of order) {
    const chain = chainFrom(group);
    if (chain.length > MAX_MODIFIER_NESTING) return { kind: 'tooDeep', path: chain };
  }
  return null;
}
