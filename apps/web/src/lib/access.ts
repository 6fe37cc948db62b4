import { SYSTEM_ROLES, type TSystemRole } from '@ra/shared/permissions';
import type { TAccessInput, TRouteGrant, TRouteRecord } from './route-types.ts';

/**
 * Route access (SPEC 2 "Which permission adds which routes"): one pure function of the user's
 * PagePermissions, roles, the restaurant's order-to-go-with-date flag and the host. The sidebar,
 * header search, tags view and the navigation guard all read its answer, so a page that is not in
 * the menu is also not reachable by typing its URL. (The server checks again: hiding is not the
 * protection.)
 */

/** The host may carry a port and any letter case; the restricted host is compared by name only. */
export function isRestrictedHost(host: string, restrictedHost: string): boolean {
  const name = host.trim().toLowerCase().replace(/:\d+$/, '');
  return restrictedHost !== '' && name === restrictedHost.trim().toLowerCase();
}

function grantAllows(grant: TRouteGrant | undefined, input: TAccessInput): boolean {
  // A top-level record without a grant is a mistake in the table: fail closed.
  if (!grant) return false;
  switch (grant.kind) {
    case 'always':
      return true;
    case 'permission':
      return input.PagePermissions[grant.permission] === true;
    case 'orderToGoWithDate':
      // The page edits the restaurant's settings: it also needs the settings permission
      // (docs/decisions.md "Order-to-go with date: who sees the page").
      return input.enableOrderToGoWithDateSelect && input.PagePermissions.editConfig === true;
    case 'unrestricted':
      return !isRestrictedHost(input.host, input.restrictedHost);
    case 'unrestrictedPermission':
      return !isRestrictedHost(input.host, input.restrictedHost) && input.PagePermissions[grant.permission] === true;
  }
}

/**
 * SPEC 2: "A route may carry a roles list: it shows if it lists no roles or any held role matches."
 * Role names are compared without letter case: the server's 'Owner' and the table's 'owner' are one role.
 */
export function rolesAllow(routeRoles: readonly string[] | undefined, held: readonly string[]): boolean {
  if (!routeRoles || routeRoles.length === 0) return true;
  const heldLower = new Set(held.map((r) => r.toLowerCase()));
  return routeRoles.some((r) => heldLower.has(r.toLowerCase()));
}

function filterChildren(record: TRouteRecord, input: TAccessInput): TRouteRecord | null {
  if (!record.children) return record;
  const children = record.children.filter((c) => rolesAllow(c.roles, input.roles)).map((c) => filterChildren(c, input));
  const kept = children.filter((c): c is TRouteRecord => c !== null);
  if (kept.length === 0 && !record.lazy) return null;
  const redirectKept = record.redirect !== undefined && kept.some((c) => c.path === record.redirect);
  const firstVisible = kept.find((c) => !c.hidden);
  return {
    ...record,
    children: kept,
    redirect: redirectKept ? record.redirect : (firstVisible?.path ?? record.redirect),
  };
}

/** The route records (with their children) this user may open, in table order. */
export function accessibleRoutes(routes: TRouteRecord[], input: TAccessInput): TRouteRecord[] {
  const out: TRouteRecord[] = [];
  for (const record of routes) {
    if (!grantAllows(record.grant, input) || !rolesAllow(record.roles, input.roles)) continue;
    const filtered = filterChildren(record, input);
    if (filtered) out.push(filtered);
  }
  return out;
}

/** Every record of a tree, parents before their children. */
export function flattenRoutes(routes: readonly TRouteRecord[]): TRouteRecord[] {
  return routes.flatMap((r) => [r, ...flattenRoutes(r.children ?? [])]);
}

/** '/salesReport/salesSummary/?a=1#x' -> '/salesReport/salesSummary'. Letter case is kept: /Coupon and /coupon differ. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return trimmed === '' ? '/' : trimmed;
}

export function findRoute(routes: readonly TRouteRecord[], path: string): TRouteRecord | undefined {
  const p = normalizePath(path);
  return flattenRoutes(routes).find((r) => r.path === p);
}

export function canAccessPath(path: string, routes: TRouteRecord[], input: TAccessInput): boolean {
  return findRoute(accessibleRoutes(routes, input), path) !== undefined;
}

/**
 * The spelling of `path` the app knows, for the paths the SPEC writes in more than one letter case
 * (/ChangePassword, typed /changePassword): the exact path if known, else the one known path equal
 * to it without letter case. Paths that differ only in letter case (/Coupon/index and
 * /coupon/index) are two pages, so a third spelling of them matches none and stays unknown.
 */
export function canonicalPath(path: string, known: readonly string[]): string | undefined {
  const p = normalizePath(path);
  if (known.includes(p)) return p;
  const lower = p.toLowerCase();
  const matches = [...new Set(known.filter((k) => k.toLowerCase() === lower))];
  return matches.length === 1 ? matches[0] : undefined;
}

/** A role as the shell shows it: a system role by its translated name, others by the name they were given. */
export type TRoleLabel = { key: string; system: TSystemRole } | { key: string; name: string };

/**
 * The signed-in user's roles for display. The server may send a role's own name and the system key
 * for it ('Owner', 'owner'): one label each, and a system role is shown in the interface language
 * ('agent' is 代理 in Chinese) instead of the key.
 */
export function roleLabels(roles: readonly string[]): TRoleLabel[] {
  const seen = new Map<string, TRoleLabel>();
  for (const role of roles) {
    const key = role.trim().toLowerCase();
    if (key === '') continue;
    const system = SYSTEM_ROLES.find((r) => r === key);
    if (system) seen.set(key, { key, system });
    else if (!seen.has(key)) seen.set(key, { key, name: role.trim() });
  }
  return [...seen.values()];
}
