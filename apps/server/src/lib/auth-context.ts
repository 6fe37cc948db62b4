import type { TOperationAuthorities, TPagePermissions } from '@ra/shared/permissions';
import type { TNodeType } from '../db/schema/nodes.ts';
import { restaurantNotSelected } from './errors.ts';

/** Who is calling, resolved from the token's session on every request (docs/decisions.md "Permissions"). */
export interface AuthContext {
  sessionId: string;
  userId: number;
  userXid: string;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  /** Signed in above restaurant level (SPEC 6 "Agent/team-member login picks a restaurant from a tree"). */
  isAgent: boolean;
  /** The node the account signs in at; agents reach every restaurant below it. */
  node: { id: number; xid: string; path: string; type: TNodeType };
  /** The restaurant a restaurant-level account belongs to; null for agents. */
  homeRestaurantId: number | null;
  /** The restaurant this session works on; null until an agent picks one. */
  restaurantId: number | null;
  /** Role names at the selected restaurant plus the system roles ('owner', 'agent', 'admin'). */
  roles: string[];
  PagePermissions: TPagePermissions;
  operationAuthority: TOperationAuthorities;
  /** Set when the caller is a paired device with its own credential, not a person (issue 9). */
  device?: { id: number; name: string };
}

/** Every restaurant-scoped service call starts here, so no query can run without a tenant. */
export function requireRestaurantId(auth: AuthContext): number {
  if (auth.restaurantId === null) throw restaurantNotSelected();
  return auth.restaurantId;
}
