import type { AuthContext } from '../../lib/auth-context.ts';
import type { Database } from '../../db/client.ts';
import type { TModule } from '../module-type.ts';
import { NodeRepository } from './node.repository.ts';
import { nodeRoutes } from './node.routes.ts';
import { NodeService } from './node.service.ts';

/** What other modules ask of the node tree (the account module, to switch restaurant). */
export interface TNodeApi {
  /**
   * A restaurant the caller may switch to (its node lies under the caller's node; a team member only
   * the restaurants assigned to them), or undefined.
   */
  findRestaurantFor(auth: AuthContext, xid: string): Promise<{ restaurantId: number; nodeXid: string } | undefined>;
}

/** The agent / team / restaurant tree behind the restaurant selector (registered in app.ts). */
export function nodeModule(deps: { db: Database }): TModule<TNodeApi> {
  const service = new NodeService(new NodeRepository(deps.db));
  return {
    routes: nodeRoutes(service),
    api: { findRestaurantFor: (auth, xid) => service.findRestaurantFor(auth, xid) },
  };
}
