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
}

export const useTags = create<TTagsState>()((set) => ({
  visited: [],
  refreshKey: {},
  addVisited: (tag) =>
    set((s) =>
      s.visited.some((v) => v.path === tag.path)
        ? { visited: s.visited.map((v) => (v.path === tag.path ? { ...v, fullPath: tag.fullPath } : v)) }
        : { visited: [...s.visited, tag] },
    ),
  delVisited: (path) => set((s) => ({ visited: s.visited.filter((v) => v.affix || v.path !== path) })),
  delOthers: (path) => set((s) => ({ visited: s.visited.filter((v) => v.affix || v.path === path) })),
  delAll: () => set((s) => ({ visited: s.visited.filter((v) => v.affix) })),
  refresh: (path) => set((s) => ({ refreshKey: { ...s.refreshKey, [path]: (s.refreshKey[path] ?? 0) + 1 } })),
  reset: () => set({ visited: [], refreshKey: {} }),
}));

registerPersistedSlice('tags', {
  save: () => useTags.getState().visited,
  restore: (value) => {
    if (Array.isArray(value)) useTags.setState({ visited: value as TVisitedTag[] });
  },
});
