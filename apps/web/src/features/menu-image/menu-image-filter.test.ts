// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { menuImageSearch, parseMenuImageView, photoQueryOf } from './menu-image-filter.ts';

describe('menu image view in the URL', () => {
  it('defaults to the waiting photos, first page, nothing open', () => {
    expect(parseMenuImageView(new URLSearchParams(''))).toEqual({ tab: 'unapproved', page: 1, photo: null });
  });

  it('reads a state, page and open photo, and ignores nonsense', () => {
    expect(parseMenuImageView(new URLSearchParams('state=refused&page=3&photo=12'))).toEqual({
      tab: 'refused',
      page: 3,
      photo: 12,
    });
    expect(parseMenuImageView(new URLSearchParams('state=deleted&page=-2&photo=abc'))).toEqual({
      tab: 'unapproved',
      page: 1,
      photo: null,
    });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(menuImageSearch({ tab: 'unapproved', page: 1, photo: null }).toString()).toBe('');
    const view = { tab: 'all' as const, page: 2, photo: 5 };
    expect(parseMenuImageView(menuImageSearch(view))).toEqual(view);
  });

  it('asks the server for every state on the "all" tab', () => {
    expect(photoQueryOf({ tab: 'all', page: 1, photo: null })).toEqual({ page: 1, pageSize: 24 });
    expect(photoQueryOf({ tab: 'approved', page: 2, photo: null })).toMatchObject({ state: 'approved', page: 2 });
  });
});
