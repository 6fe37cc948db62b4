import { useMemo } from 'react';
import type { TRouteRecord } from '../lib/route-types.ts';
import { routeTable } from './route-table.tsx';
import { accessibleRoutes, findRoute } from '../lib/access.ts';
import { useSession } from '../stores/session.ts';
import { accessInputOf } from './access-input.ts';

/** The route records the signed-in user may open; re-computed when roles or permissions change (SPEC 4). */
export function usePermittedRoutes(): TRouteRecord[] {
  const PagePermissions = useSession((s) => s.PagePermissions);
  const roles = useSession((s) => s.roles);
  const enableOrderToGoWithDateSelect = useSession((s) => s.enableOrderToGoWithDateSelect);
  return useMemo(
    () => accessibleRoutes(routeTable, accessInputOf({ PagePermissions, roles, enableOrderToGoWithDateSelect })),
    [PagePermissions, roles, enableOrderToGoWithDateSelect],
  );
}

/** The table record for a path (any user), e.g. to find a page's title or its menu highlight. */
export function findRouteByPath(path: string): TRouteRecord | undefined {
  return findRoute(routeTable, path);
}
