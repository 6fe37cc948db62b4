import type { TRoleFlags } from '@ra/shared/permissions';
import { heldFlags, isOwnerRole } from '@ra/shared/team/team.authority';

/**
 * What the team pages leave out because the server would refuse it (team.authority.ts): the Owner
 * role and full access when the restaurant already has an owner and the viewer is neither that owner
 * nor platform staff (the server says so in `mayGrantFullAccess`), and platform staff accounts for
 * anyone else. Only for greying out: the server decides.
 */

/** The flags the role editor lets the viewer tick. */
export function grantableFlags(mine: TRoleFlags | null, mayGrantFullAccess: boolean | undefined) {
  if (!mine) return undefined;
  return mayGrantFullAccess === false ? { ...mine, fullAccess: false } : mine;
}

/**
 * Whether the employee form offers `role` for `employeeRoles` (the roles they hold now, with flags):
 * a full-access role is offered when the viewer may give full access, or the employee already has it.
 */
export function roleOffered(
  role: { flags: Partial<TRoleFlags> },
  mayGrantFullAccess: boolean | undefined,
  employeeRoles: ReadonlyArray<{ flags: Partial<TRoleFlags> }>,
): boolean {
  if (!isOwnerRole(role.flags) || mayGrantFullAccess !== false) return true;
  return heldFlags(employeeRoles.map((r) => r.flags)).fullAccess;
}

/** A platform staff account is changed only by platform staff or themselves. */
export const staffLocked = (target: { platformStaff: boolean }, viewerIsStaff: boolean, isMe: boolean) =>
  target.platformStaff && !viewerIsStaff && !isMe;
