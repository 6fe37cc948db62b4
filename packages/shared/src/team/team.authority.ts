import { allRoleFlags, emptyRoleFlags, ROLE_FLAGS, type TRoleFlag, type TRoleFlags } from '../permissions.ts';
import { normaliseRoleFlags } from './team.schemas.ts';

/**
 * Who may change whom on the team pages (docs/decisions.md "Team, roles and employees"). Pure, so the
 * server enforces it and the pages grey out what it would refuse from one definition:
 * - nobody grants more than they hold: a role they save carries only flags they have, and they assign
 *   (to anyone, themselves included) only roles whose every flag they have;
 * - nobody changes an account or a role that holds a flag they lack;
 * - the owner (the authorized representative, SPEC 4) is changed only by themselves or platform staff;
 * - a full-access role (the Owner role) never loses a flag, and the restaurant always keeps one;
 * - once the restaurant has an owner, only they or platform staff give the Owner role or full access;
 * - only platform staff change a platform staff account.
 */

/** Every flag a person holds through their roles; full access on any role means every flag. */
export function heldFlags(roles: ReadonlyArray<Partial<TRoleFlags>>): TRoleFlags {
  const held = emptyRoleFlags();
  for (const role of roles) {
    const flags = normaliseRoleFlags(role);
    if (flags.fullAccess) return allRoleFlags();
    for (const flag of ROLE_FLAGS) if (flags[flag]) held[flag] = true;
  }
  return normaliseRoleFlags(held);
}

/** The flags `wanted` turns on that `held` lacks (none: the holder may grant or touch it). */
export function flagsBeyond(held: TRoleFlags, wanted: Partial<TRoleFlags>): TRoleFlag[] {
  const flags = normaliseRoleFlags(wanted);
  return ROLE_FLAGS.filter((flag) => flag !== 'fullAccess' && flags[flag] && !held[flag]);
}

export const holdsAll = (held: TRoleFlags, wanted: Partial<TRoleFlags>): boolean =>
  flagsBeyond(held, wanted).length === 0;

/** The Owner role: a role with full access (it is what makes someone an 'owner', SPEC 6 system roles). */
export const isOwnerRole = (flags: Partial<TRoleFlags>): boolean => normaliseRoleFlags(flags).fullAccess;

/** An Owner role keeps every flag: the owner may hold it, and losing one would demote them. */
export function ownerRoleLosesFlags(before: Partial<TRoleFlags>, after: Partial<TRoleFlags>): boolean {
  return isOwnerRole(before) && !isOwnerRole(after);
}

/** Deleting an Owner role is refused while it is the restaurant's only one. */
export function ownerRoleDeletable(role: Partial<TRoleFlags>, restaurantRoles: ReadonlyArray<Partial<TRoleFlags>>) {
  return !isOwnerRole(role) || restaurantRoles.filter(isOwnerRole).length > 1;
}

/** The caller as these rules see them. Agents hold every flag at their restaurants (SPEC 6). */
export interface TTeamActor {
  userId: number | null;
  flags: TRoleFlags;
  /** Platform staff (SPEC 6 'admin'): may change the owner's account. */
  platformStaff: boolean;
}

/** The account being changed. */
export interface TTeamTarget {
  id: number;
  flags: TRoleFlags;
  /** The owner (SPEC 4 authorized representative). */
  authorizedRepresentative: boolean;
  /** Platform staff (SPEC 6 'admin'): changed only by platform staff. */
  platformStaff?: boolean;
}

export type TAccountRefusal = 'team.ownerProtected' | 'team.accountOutranks' | 'team.platformStaffProtected';

/** Why `actor` may not change `target` (edit, deactivate, delete, email, password), or undefined. */
export function accountRefusal(actor: TTeamActor, target: TTeamTarget): TAccountRefusal | undefined {
  const self = actor.userId === target.id;
  if (target.platformStaff && !self && !actor.platformStaff) return 'team.platformStaffProtected';
  if (target.authorizedRepresentative && !self && !actor.platformStaff) return 'team.ownerProtected';
  if (!holdsAll(actor.flags, target.flags)) return 'team.accountOutranks';
  return undefined;
}

/**
 * Naming a new authorized representative replaces the current one, so it is the owner handing over:
 * only the current owner or platform staff may; with no owner yet, someone holding every flag.
 */
export function mayNameRepresentative(actor: TTeamActor, currentRepresentativeId: number | null): boolean {
  if (actor.platformStaff) return true;
  if (currentRepresentativeId === null) return actor.flags.fullAccess;
  return actor.userId === currentRepresentativeId;
}

/**
 * Giving the Owner role or full access (assigning a full-access role to someone who does not hold it,
 * creating a full-access role, or turning a role into one) makes someone an owner, so it follows the
 * rule for naming the owner: once the restaurant has one (its authorized representative), only that
 * owner or platform staff may; before, anyone with full access may (an agent onboarding a restaurant).
 */
export const mayGrantOwnership = mayNameRepresentative;
