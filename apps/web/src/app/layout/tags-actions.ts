import type { TRouteRecord } from '../../lib/route-types.ts';
import { useTags, type TVisitedTag } from '../../stores/tags.ts';

/** Where "Back to Home" and an emptied tag bar lead (SPEC 2: / redirects to the pinned dashboard). */
export const HOME_PATH = '/dashboard';

/** Affix records of the route tree, the dashboard first, as tags that are always present. */
export function affixTags(routes: readonly TRouteRecord[]): TVisitedTag[] {
  const walk = (records: readonly TRouteRecord[]): TVisitedTag[] =>
    records.flatMap((r) => [
      ...(r.affix ? [{ path: r.path, fullPath: r.path, titleKey: r.titleKey, affix: true }] : []),
      ...walk(r.children ?? []),
    ]);
  return walk(routes);
}

/** The page to show once the tags are `remaining`: the last one still open, else home. */
export function lastTagPath(remaining: readonly TVisitedTag[]): string {
  return remaining.at(-1)?.fullPath ?? HOME_PATH;
}

/**
 * Each action changes the store and says where to navigate (undefined: stay). Closing the page on
 * screen goes to the last remaining tag; closing another tag leaves the screen as it is.
 */
export function closeTag(path: string, activePath: string): string | undefined {
  const tags = useTags.getState();
  tags.delVisited(path);
  return path === activePath ? lastTagPath(useTags.getState().visited) : undefined;
}

/** Keeps `path` and the pinned tags; shows `path` when it was not the page on screen. */
export function closeOtherTags(path: string, activePath: string): string | undefined {
  useTags.getState().delOthers(path);
  if (path === activePath) return undefined;
  return useTags.getState().visited.find((v) => v.path === path)?.fullPath ?? path;
}

/** Keeps only the pinned tags; stays if the page on screen is one of them. */
export function closeAllTags(activePath: string): string | undefined {
  useTags.getState().delAll();
  const remaining = useTags.getState().visited;
  return remaining.some((v) => v.path === activePath) ? undefined : lastTagPath(remaining);
}

/** Re-mounts the page of `path` (the layout keys its outlet by the refresh count). */
export function refreshTag(tag: TVisitedTag, activePath: string): string | undefined {
  useTags.getState().refresh(tag.path);
  return tag.path === activePath ? undefined : tag.fullPath;
}
