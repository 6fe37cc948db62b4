import { create } from 'zustand';
import { registerPersistedSlice } from './persist.ts';

/** A visited page in the tags view. */
export interface TVisitedTag {
  path: string;
  fullPath: string;
  titleKey: string;
  affix: boolean;
}

interface TTagsState {
  visited: TVisitedTag[];
  /** Paths whose page is being re-mounted by "refresh". */
  refreshKey: Record<string, number>;
  addVisited: (tag: TVisitedTag) => void;
  delVisited: (path: string) => void;
  delOthers: (path: string) => void;
  delAll: () => void;
  refresh: (path: string) => void;
  /** Logout and restaurant switch (SPEC 4): every open tab goes, pinned ones too; navigation re-adds them. */
  reset: () => void;
  /**
   * A restaurant switch that restarts the app: every open tab goes, and none comes back on this page.
   * The page stays on screen until the browser leaves it, and whatever it still draws then (a panel
   * its data comes back to) must not put the old restaurant's tabs back into the saved store.
   */
  resetForRestart: () => void;
}

/**
 * At most this many tabs, pinned ones included: eighteen ran off a laptop screen. Opening one more
 * closes the oldest tab that is not pinned (docs/decisions.md "Tags bar").
 */
export const MAX_TAGS = 10;

/**
 * The tabs after visiting `tag`: a page already open keeps its place and takes the new query; a new
 * one goes last, and while there are more than `max`, the oldest unpinned tab other than it closes.
 */
export function withVisitedTag(visited: readonly TVisitedTag[], tag: TVisitedTag, max = MAX_TAGS): TVisitedTag[] {
  if (visited.some((v) => v.path === tag.path))
    return visited.map((v) => (v.path === tag.path ? { ...v, fullPath: tag.fullPath } : v));
  return capTags([...visited, tag], max, tag.path);
}

/** `visited` without its oldest unpinned tabs (never `keep`) until at most `max` remain. */
export function capTags(visited: readonly TVisitedTag[], max = MAX_TAGS, keep?: string): TVisitedTag[] {
  const out = [...visited];
  while (out.length > max) {
    const oldest = out.findIndex((v) => !v.affix && v.path !== keep);
    if (oldest === -1) break;
    out.splice(oldest, 1);
  }
  return out;
}

/** Set by `resetForRestart`: this page is leaving, and adds no tab any more. */
let restarting = false;

export const useTags = create<TTagsState>()((set) => ({
  visited: [],
  refreshKey: {},
  addVisited: (tag) => {
    if (!restarting) set((s) => ({ visited: withVisitedTag(s.visited, tag) }));
  },
  delVisited: (path) => set((s) => ({ visited: s.visited.filter((v) => v.affix || v.path !== path) })),
  delOthers: (path) => set((s) => ({ visited: s.visited.filter((v) => v.affix || v.path === path) })),
  delAll: () => set((s) => ({ visited: s.visited.filter((v) => v.affix) })),
  refresh: (path) => set((s) => ({ refreshKey: { ...s.refreshKey, [path]: (s.refreshKey[path] ?? 0) + 1 } })),
  reset: () => set({ visited: [], refreshKey: {} }),
  resetForRestart: () => {
    restarting = true;
    set({ visited: [], refreshKey: {} });
  },
}));

/** Tests: a new page load, which adds tabs again. */
export function resetRestartForTests(): void {
  restarting = false;
}

registerPersistedSlice('tags', {
  save: () => useTags.getState().visited,
  restore: (value) => {
    if (Array.isArray(value)) useTags.setState({ visited: capTags(value as TVisitedTag[]) });
  },
});
