import type { TRouteRecord } from '../../lib/route-types.ts';
import { normalizePath } from '../../lib/access.ts';

/**
 * The chain of records from a top-level record down to the one whose path is `path`, or undefined.
 * Children are searched before their parent so a group and its index page resolve to the page.
 */
export function findTrail(tree: readonly TRouteRecord[], path: string): TRouteRecord[] | undefined {
  const wanted = normalizePath(path);
  for (const record of tree) {
    if (record.children?.length) {
      const below = findTrail(record.children, wanted);
      if (below) return [record, ...below];
    }
    if (record.path === wanted) return [record];
  }
  return undefined;
}

/**
 * Breadcrumb records for a path. A hidden page (an editor opened from a list) is shown under the
 * menu entry it highlights, so "Menu > Item library > Edit item" rather than a lone "Edit item".
 * The dashboard leads every trail that does not start with it.
 */
export function breadcrumbTrail(tree: readonly TRouteRecord[], path: string, home = '/dashboard'): TRouteRecord[] {
  const trail = findTrail(tree, path);
  if (!trail) return [];
  const page = trail[trail.length - 1]!;
  let records = trail;
  if (page.hidden && page.activeMenu) {
    const base = findTrail(tree, page.activeMenu);
    if (base) records = [...base, page];
  }
  // a root group ('/') only redirects to the dashboard: it is no step of its own
  records = records.filter((r) => r.path !== '/');
  if (records[0]?.path !== home) {
    const homeRecord = findTrail(tree, home)?.at(-1);
    if (homeRecord) records = [homeRecord, ...records];
  }
  return records;
}
