// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { capTags, MAX_TAGS, useTags, withVisitedTag, type TVisitedTag } from './tags.ts';

const tag = (path: string, affix = false): TVisitedTag => ({ path, fullPath: path, titleKey: path.slice(1), affix });
const paths = (tags: readonly TVisitedTag[]) => tags.map((v) => v.path);

describe('the tags bar keeps at most MAX_TAGS tabs', () => {
  beforeEach(() => useTags.setState({ visited: [], refreshKey: {} }));

  it('opening one more closes the oldest unpinned tab, never a pinned one', () => {
    const open = [tag('/dashboard', true), tag('/a'), tag('/b'), tag('/c')];
    expect(paths(withVisitedTag(open, tag('/d'), 4))).toEqual(['/dashboard', '/b', '/c', '/d']);
    expect(paths(withVisitedTag([tag('/a'), tag('/dashboard', true), tag('/b')], tag('/c'), 3))).toEqual([
      '/dashboard',
      '/b',
      '/c',
    ]);
  });

  it('a page already open keeps its place, takes its new query and closes nothing', () => {
    const open = [tag('/dashboard', true), tag('/a'), tag('/b')];
    const again = withVisitedTag(open, { ...tag('/a'), fullPath: '/a?id=7' }, 3);
    expect(again.map((v) => v.fullPath)).toEqual(['/dashboard', '/a?id=7', '/b']);
  });

  it('eighteen pages visited leave the last MAX_TAGS open, the dashboard pinned first', () => {
    useTags.getState().addVisited(tag('/dashboard', true));
    for (let i = 1; i <= 18; i += 1) useTags.getState().addVisited(tag(`/page${i}`));
    const visited = useTags.getState().visited;
    expect(visited).toHaveLength(MAX_TAGS);
    expect(visited[0]!.path).toBe('/dashboard');
    expect(visited.at(-1)!.path).toBe('/page18');
    expect(paths(visited)).not.toContain(`/page${18 - MAX_TAGS + 1}`);
    expect(paths(visited)).toContain(`/page${18 - MAX_TAGS + 2}`);
  });

  it('never closes the page being opened, even when every other tab is pinned', () => {
    const pinned = [tag('/p1', true), tag('/p2', true)];
    expect(paths(withVisitedTag(pinned, tag('/x'), 2))).toEqual(['/p1', '/p2', '/x']);
    expect(paths(capTags([...pinned, tag('/a'), tag('/b')], 3))).toEqual(['/p1', '/p2', '/b']);
  });
});
