import { allRoleFlags, type TRoleFlags } from '@ra/shared/permissions';
import { heldFlags } from '@ra/shared/team/team.authority';
import { useSession } from '../../stores/session.ts';
import { useRoles } from './api/get-roles.ts';

/**
 * The flags the signed-in person holds at this restaurant, from their role names (session) and the
 * roles list; agents hold every flag (SPEC 6). Null until the roles are loaded. Only for greying out
 * what the server would refuse (team.authority.ts): the server decides.
 */
export function useMyFlags(): TRoleFlags | null {
  const names = useSession((s) => s.roles);
  const roles = useRoles();
  if (names.some((name) => name === 'agent')) return allRoleFlags();
  if (!roles.data) return null;
  const mine = new Set(names.map((name) => name.toLowerCase()));
  return heldFlags(roles.data.roles.filter((role) => mine.has(role.name.toLowerCase())).map((role) => role.flags));
}

/** Platform staff may change the owner's account (SPEC 6 'admin'). */
export function useIsPlatformStaff(): boolean {
  return useSession((s) => s.roles.includes('admin'));
}
