import type { TAccessInput } from '../lib/route-types.ts';
import { RESTRICTED_HOST } from '../lib/env.ts';
import type { TSessionData } from '../stores/session.ts';

type TAccessFields = Pick<TSessionData, 'PagePermissions' | 'roles' | 'enableOrderToGoWithDateSelect'>;

/**
 * The access input for the signed-in user on this host. Apart from the route table
 * (use-permitted-routes.ts), so the guard, which the sign-in page runs, does not bring the table with it.
 */
export function accessInputOf(session: TAccessFields, host: string = window.location.host): TAccessInput {
  return {
    PagePermissions: session.PagePermissions,
    roles: session.roles,
    host,
    restrictedHost: RESTRICTED_HOST,
    enableOrderToGoWithDateSelect: session.enableOrderToGoWithDateSelect,
  };
}
