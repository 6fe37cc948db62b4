import type { ComponentType } from 'react';
import type { TPagePermission } from '@ra/shared/permissions';

/**
 * How a route group enters the menu (SPEC 2 "Which permission adds which routes"):
 * - always: the base set and the two fixed sets, added for everyone (role lists still apply);
 * - permission: added when the named PagePermissions flag is on;
 * - orderToGoWithDate: added when restaurant config enableOrderToGoWithDateSelect is on, for editConfig;
 * - unrestricted / unrestrictedPermission: as above, but never on the restricted dashboard host.
 */
export type TRouteGrant =
  | { kind: 'always' }
  | { kind: 'permission'; permission: TPagePermission }
  | { kind: 'orderToGoWithDate' }
  | { kind: 'unrestricted' }
  | { kind: 'unrestrictedPermission'; permission: TPagePermission };

/** Which translation namespaces a page loads beyond the first ones (TRouteRecord.translations). */
export type TPageTranslations = 'all' | 'frame' | 'reports';

export interface TRouteRecord {
  /** Absolute path, e.g. '/salesReport/salesSummary'. */
  path: string;
  /** i18n key in the `route` namespace; also the menu label and page title. */
  titleKey: string;
  /** Ant Design icon name for menu entries. */
  icon?: string;
  /** Only top-level records carry a grant; children inherit it. */
  grant?: TRouteGrant;
  /** Shown only when the user holds one of these roles (SPEC 2); empty or absent = everyone. */
  roles?: string[];
  /** The sidebar's label when it is not the page title (the sales summary is "Sales Report" there). */
  menuTitleKey?: string;
  /** Not in the menu (e.g. editors opened from a list). */
  hidden?: boolean;
  /** A hidden page the header search still lists, under its group's title (the sales report's sections). */
  searchable?: boolean;
  /** Menu entry to highlight while this hidden page is open. */
  activeMenu?: string;
  /** Pinned in the tags view; cannot be closed (the dashboard). */
  affix?: boolean;
  /** Where a group path goes by default (e.g. /salesReport -> /salesReport/salesSummary). */
  redirect?: string;
  children?: TRouteRecord[];
  /**
   * When the shared message catalog loads: by default with the page, for pages that translate
   * wording they build themselves (form checks with the shared rules); 'on-error' for pages that only
   * show answers, where the first failed request loads it (lib/request.ts). Lighter first pages.
   */
  serverMessages?: 'with-page' | 'on-error';
  /**
   * Starts the page's first data as its route loads (the route's loader, issue 21), into the cache
   * entry the page reads; the page never waits for it and never fetches it a second time. It may
   * settle with the address the page moves to before it shows anything (a path and its search: the
   * sales report opened before the day's first sale moves to the last day with sales): with
   * `prefetchWaitMs`, the loader sends the page there, so it renders once, on that address.
   */
  prefetch?: (url: URL) => Promise<void | string>;
  /**
   * With `prefetch`: the page renders once its prefetch has settled, or after this many milliseconds,
   * whichever comes first. For a page whose first paint is its data (the dashboard's largest paint is
   * today's figures): one render with the data costs less on a slow phone than the skeleton and then
   * the data, and the answer does not arrive in the middle of the frame's first render (issue 21).
   * The code still downloads meanwhile; the bound keeps a slow answer from holding the page.
   */
  prefetchWaitMs?: number;
  /**
   * 'frame': the page uses no translation namespace beyond the first ones and the signed-in frame's
   * (lib/first-namespaces.ts), so opening it loads no other (the home page, issue 21); 'reports': those
   * and the sales summary's (REPORT_NAMESPACES). By default a page loads every namespace with its code.
   */
  translations?: TPageTranslations;
  /** The page; code-split. Absent on group records that only redirect. */
  lazy?: () => Promise<{ default: ComponentType }>;
}

export interface TAccessInput {
  PagePermissions: Partial<Record<TPagePermission, boolean>>;
  roles: readonly string[];
  host: string;
  restrictedHost: string;
  enableOrderToGoWithDateSelect: boolean;
}

/** What a route tells the page title (SPEC 2) and the shell's page announcement: a key of the `route` namespace. */
export interface TRouteHandle {
  titleKey?: string;
}
