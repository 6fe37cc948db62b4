import type { TRouteRecord } from '../../lib/route-types.ts';
import { findTrail } from './route-tree.ts';

/** One sidebar entry: a page (no children) or a submenu. `key` is the page path or the group path. */
export interface TMenuNode {
  key: string;
  titleKey: string;
  icon?: string;
  children?: TMenuNode[];
}

function toNode(record: TRouteRecord): TMenuNode | null {
  if (record.hidden) return null;
  const children = (record.children ?? []).map(toNode).filter((n): n is TMenuNode => n !== null);
  if (children.length === 0) {
    // a group whose pages are all hidden has nothing to open, unless it is a page itself
    if (record.children?.length && !record.lazy) return null;
    const titleKey = record.menuTitleKey ?? record.titleKey;
    return { key: record.path, titleKey, ...(record.icon ? { icon: record.icon } : {}) };
  }
  const only = children[0]!;
  if (children.length === 1 && !only.children) {
    // A group with a single visible page (team management, business info...) is one menu entry, not
    // a submenu holding one item; it keeps the group's icon when the page has none.
    const icon = only.icon ?? record.icon;
    return { key: only.key, titleKey: only.titleKey, ...(icon ? { icon } : {}) };
  }
  return { key: record.path, titleKey: record.titleKey, ...(record.icon ? { icon: record.icon } : {}), children };
}

/** The sidebar tree built from the routes the user may open (SPEC 2 "Layout"). */
export function menuTree(routes: readonly TRouteRecord[]): TMenuNode[] {
  return routes.map(toNode).filter((n): n is TMenuNode => n !== null);
}

/** Keys of the submenus above `key`, outermost first; undefined when `key` is not a page of the menu. */
function pageAncestors(nodes: readonly TMenuNode[], key: string): string[] | undefined {
  for (const node of nodes) {
    if (node.children) {
      const below = pageAncestors(node.children, key);
      if (below) return [node.key, ...below];
    } else if (node.key === key) {
      return [];
    }
  }
  return undefined;
}

export interface TMenuSelection {
  selectedKeys: string[];
  openKeys: string[];
}

/**
 * Which entry the sidebar highlights for the current path: the page itself, or for a hidden page
 * the entry named by its activeMenu (SPEC 2: addJob highlights the team index), else the nearest
 * ancestor that is in the menu. The submenus above it are opened.
 */
export function menuSelection(
  routes: readonly TRouteRecord[],
  menu: readonly TMenuNode[],
  path: string,
): TMenuSelection {
  const trail = findTrail(routes, path);
  if (!trail) return { selectedKeys: [], openKeys: [] };
  const page = trail[trail.length - 1]!;
  const candidates = [...(page.activeMenu ? [page.activeMenu] : []), ...trail.map((r) => r.path).reverse()];
  for (const key of candidates) {
    const ancestors = pageAncestors(menu, key);
    if (ancestors) return { selectedKeys: [key], openKeys: ancestors };
  }
  return { selectedKeys: [], openKeys: [] };
}

/** Every page of the menu with the title keys of the submenus above it (for the header search). */
export function menuPages(
  menu: readonly TMenuNode[],
  parents: string[] = [],
): Array<{ path: string; titleKeys: string[] }> {
  return menu.flatMap((node) =>
    node.children
      ? menuPages(node.children, [...parents, node.titleKey])
      : [{ path: node.key, titleKeys: [...parents, node.titleKey] }],
  );
}

/**
 * Every page the header search lists: the menu's pages, and the hidden pages marked `searchable`
 * under their group's title ("Sales Report > Taxes"), so a section reached by the page's tabs can
 * still be found by name.
 */
export function searchablePages(routes: readonly TRouteRecord[]): Array<{ path: string; titleKeys: string[] }> {
  const sections = routes.flatMap((group) =>
    (group.children ?? [])
      .filter((page) => page.hidden && page.searchable)
      .map((page) => ({ path: page.path, titleKeys: [group.titleKey, page.titleKey] })),
  );
  return [...menuPages(menuTree(routes)), ...sections];
}
