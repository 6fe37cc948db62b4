import type { TCustomersApi } from '../customers/customers.module.ts';
import type { TModule, TModuleDeps } from '../module-deps.ts';
import { SegmentsRepository } from './segments.repository.ts';
import { segmentsRoutes } from './segments.routes.ts';
import { SegmentsService } from './segments.service.ts';

/** Nothing else calls into segments: campaigns read a segment through the look-up given to customers. */
export type TSegmentsApi = undefined;

/**
 * Saved segments (issue 24 "Customers who come back"): customer-list filters under a name. The filter's
 * SQL stays in the customers module; this module counts through its api, and gives it the look-up a
 * campaign to a segment uses (evaluated again when the campaign is sent).
 */
export function segmentsModule(
  deps: TModuleDeps & {
    customers: Pick<TCustomersApi, 'listRestaurant' | 'countByFilter' | 'provideSegments'>;
  },
): TModule<TSegmentsApi> {
  const segments = new SegmentsService({
    repo: new SegmentsRepository(deps.db),
    clock: deps.clock,
    listRestaurant: (auth) => deps.customers.listRestaurant(auth),
    countByFilter: (restaurantId, filter) => deps.customers.countByFilter(restaurantId, filter),
  });
  deps.customers.provideSegments((restaurantId, id) => segments.lookup(restaurantId, id));
  return { routes: segmentsRoutes(segments), api: undefined };
}
