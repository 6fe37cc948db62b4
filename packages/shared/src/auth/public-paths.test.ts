import { describe, expect, it } from 'vitest';
import { PUBLIC_PATHS, startsWithRestInfo } from './public-paths.ts';

describe('startsWithRestInfo (a signed-in page load asks for the restaurant info first, SPEC 2)', () => {
  it('holds for every restaurant page, the home path and an unknown page', () => {
    for (const path of ['/', '/dashboard', '/salesReport/salesSummary', '/Coupon/index', '/redirect/dashboard', '/x']) {
      expect(startsWithRestInfo(path), path).toBe(true);
    }
  });

  it('does not hold for a public page, in any letter case, with or without a trailing slash', () => {
    for (const path of PUBLIC_PATHS) {
      expect(startsWithRestInfo(path), path).toBe(false);
      expect(startsWithRestInfo(`${path.toUpperCase()}/`), path).toBe(false);
    }
  });
});
