import type { RouteObject } from 'react-router';
import { flattenRoutes } from '../lib/access.ts';
import type { TRouteHandle } from '../lib/route-types.ts';
import { routeTable } from './route-table.tsx';
import { page, prefetchLoader, publicRoute, withServerMessages, withTranslations } from './router.tsx';

/**
 * Every page of the table is registered; the guard decides who may open it (SPEC 2). Loaded on the
 * first navigation to one of them (router.tsx `patchRoutesOnNavigation`), not with the sign-in page.
 */
export const tablePages: RouteObject[] = flattenRoutes(routeTable).flatMap((record) =>
  record.lazy
    ? [
        {
          path: record.path,
          // /Coupon/index and /coupon/index are different pages
          caseSensitive: true,
          handle: { titleKey: record.titleKey } satisfies TRouteHandle,
          ...(record.prefetch ? { loader: prefetchLoader(record.prefetch, record.prefetchWaitMs) } : {}),
          lazy: page(
            withTranslations(
              record.serverMessages === 'on-error' ? record.lazy : withServerMessages(record.lazy),
              record.translations,
            ),
          ),
        },
      ]
    : [],
);

/**
 * The public pages of SPEC 2 that only a signed-in user reaches (the guard sends everyone else to the
 * sign-in page): beside the sign-in page, below the root route, loaded like the table's pages.
 */
export const signedInPublicPages: RouteObject[] = [
  publicRoute('/selectNodeAndRest', 'selectNodeAndRest', () => import('./routes/auth/select-node-and-rest-page.tsx')),
  publicRoute('/selectTimeZone', 'selectTimeZone', () => import('./routes/auth/select-time-zone-page.tsx')),
  publicRoute('/ChangePassword', 'changePassword', () => import('./routes/auth/change-password-page.tsx')),
  publicRoute('/AgentApp', 'agentApp', () => import('./routes/agent/agent-app-page.tsx')),
  publicRoute('/AdminPanel', 'adminPanel', () => import('./routes/admin/admin-panel-page.tsx')),
  publicRoute('/compareLocations', 'compareLocations', () => import('./routes/insight/compare-locations-page.tsx')),
  publicRoute('/404', 'notFound', () => import('./routes/errors/not-found-page.tsx')),
];
