// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import type { TRouteRecord } from '../../lib/route-types.ts';
import { useTags, type TVisitedTag } from '../../stores/tags.ts';
import { affixTags, closeAllTags, closeOtherTags, closeTag, HOME_PATH, refreshTag } from './tags-actions.ts';

const tag = (path: string, affix = false): TVisitedTag => ({ path, fullPath: path, titleKey: path.slice(1), affix });
const dashboard = tag('/dashboard', true);
const paths = () => useTags.getState().visited.map((v) => v.path);

describe('tags view actions', () => {
  beforeEach(() => {
    useTags.setState({ visited: [dashboard, tag('/a'), tag('/b'), tag('/c')], refreshKey: {} });
  });

  it('closing a tag that is not on screen removes it and stays put', () => {
    expect(closeTag('/b', '/c')).toBeUndefined();
    expect(paths()).toEqual(['/dashboard', '/a', '/c']);
  });

  it('closing the tag on screen goes to the last remaining tag', () => {
    expect(closeTag('/c', '/c')).toBe('/b');
    expect(closeTag('/a', '/a')).toBe('/b');
    expect(paths()).toEqual(['/dashboard', '/b']);
  });

  it('goes back to the page with its query when the last remaining tag had one', () => {
    useTags.setState({ visited: [dashboard, { ...tag('/EditItem'), fullPath: '/EditItem?id=7' }, tag('/c')] });
    expect(closeTag('/c', '/c')).toBe('/EditItem?id=7');
  });

  it('never closes the pinned dashboard tag', () => {
    expect(closeTag('/dashboard', '/dashboard')).toBe('/c');
    expect(paths()).toContain('/dashboard');
  });

  it('closing the only unpinned tag on screen leads to the dashboard, or home when nothing is left', () => {
    useTags.setState({ visited: [dashboard, tag('/a')] });
    expect(closeTag('/a', '/a')).toBe('/dashboard');
    useTags.setState({ visited: [tag('/a')] });
    expect(closeTag('/a', '/a')).toBe(HOME_PATH);
  });

  it('close others keeps the chosen tag and the pinned one, and shows the chosen tag', () => {
    expect(closeOtherTags('/b', '/c')).toBe('/b');
    expect(paths()).toEqual(['/dashboard', '/b']);
  });

  it('close others on the tag on screen stays put', () => {
    expect(closeOtherTags('/a', '/a')).toBeUndefined();
    expect(paths()).toEqual(['/dashboard', '/a']);
  });

  it('close all keeps only the pinned dashboard and goes there', () => {
    expect(closeAllTags('/b')).toBe('/dashboard');
    expect(paths()).toEqual(['/dashboard']);
  });

  it('close all while on the dashboard stays there', () => {
    expect(closeAllTags('/dashboard')).toBeUndefined();
    expect(paths()).toEqual(['/dashboard']);
  });

  it('refresh counts up for that page only and opens it when it was not on screen', () => {
    expect(refreshTag(tag('/a'), '/a')).toBeUndefined();
    expect(refreshTag(tag('/a'), '/a')).toBeUndefined();
    expect(refreshTag(tag('/b'), '/a')).toBe('/b');
    expect(useTags.getState().refreshKey).toEqual({ '/a': 2, '/b': 1 });
  });
});

describe(affixTags.name, () => {
  it('collects the pinned records at any depth as pinned tags', () => {
    const routes: TRouteRecord[] = [
      { path: '/dashboard', titleKey: 'dashboard', affix: true },
      {
        path: '/g',
        titleKey: 'g',
        children: [
          { path: '/g/a', titleKey: 'g.a', affix: true },
          { path: '/g/b', titleKey: 'g.b' },
        ],
      },
    ];
    expect(affixTags(routes)).toEqual([
      { path: '/dashboard', fullPath: '/dashboard', titleKey: 'dashboard', affix: true },
      { path: '/g/a', fullPath: '/g/a', titleKey: 'g.a', affix: true },
    ]);
  });
});
