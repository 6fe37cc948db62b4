import { allRoleFlags, permissionsFromRoles, ROLE_FLAGS, type TRoleFlags } from '@ra/shared/permissions';
import {
  heldFlags,
  holdsAll,
  isOwnerRole,
  mayGrantOwnership,
  ownerRoleDeletable,
  ownerRoleLosesFlags,
} from '@ra/shared/team/team.authority';
import type { TTeamMessageKey } from '@ra/shared/team/team.messages';
import {
  normaliseRoleFlags,
  type TAuditEntry,
  type TRole,
  type TRoleListResponse,
  type TRoleUpsertRequest,
} from '@ra/shared/team/team.schemas';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuditRepository } from '../../db/audit.repository.ts';
import { teamConflict, teamFieldError, refuseTeamChange } from './team.errors.ts';
import { uniqueViolation } from '../../db/sql-util.ts';
import { type TeamRepository, type TRoleRow } from './team.repository.ts';

function toRole(row: TRoleRow): TRole {
  return {
    id: row.id,
    name: row.name,
    flags: normaliseRoleFlags(row.flags),
    memberCount: row.memberCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The flags that differ between two flag sets, as { flag: { before, after } } for the audit trail. */
function flagChanges(before: TRoleFlags, after: TRoleFlags) {
  return Object.fromEntries(
    ROLE_FLAGS.filter((flag) => before[flag] !== after[flag]).map((flag) => [
      flag,
      { before: before[flag], after: after[flag] },
    ]),
  );
}

const onFlags = (flags: TRoleFlags) => ROLE_FLAGS.filter((flag) => flags[flag]);

type THistoryRow = Awaited<ReturnType<TeamRepository['history']>>[number];

export function toAuditEntry(row: THistoryRow): TAuditEntry {
  return {
    id: row.id,
    action: row.action,
    at: row.at.toISOString(),
    ip: row.ip,
    actor:
      row.actorId === null
        ? null
        : {
            id: row.actorId,
            name: `${row.actorFirstName ?? ''} ${row.actorLastName ?? ''}`.trim() || (row.actorEmail ?? ''),
            email: row.actorEmail ?? '',
          },
    details: row.details,
  };
}

/**
 * The team management page's roles (SPEC 3 "Role", SPEC 6). Members' permissions are read from
 * their roles on every request (AccountService.authenticate), so a saved change reaches them on
 * their next call, without signing out.
 */
export class RoleService {
  constructor(
    private readonly repo: TeamRepository,
    private readonly audit: AuditRepository,
  ) {}

  async list(auth: AuthContext): Promise<TRoleListResponse> {
    const restaurantId = requireRestaurantId(auth);
    const rows = await this.repo.listRoles(restaurantId);
    const mayGrantFullAccess = mayGrantOwnership(
      { userId: auth.userId, flags: await this.callerFlags(auth, restaurantId), platformStaff: auth.isAdmin },
      await this.repo.representativeId(restaurantId),
    );
    return { roles: rows.map(toRole), mayGrantFullAccess };
  }

  async upsert(auth: AuthContext, input: TRoleUpsertRequest, ip: string): Promise<TRole> {
    const restaurantId = requireRestaurantId(auth);
    const flags = normaliseRoleFlags(input.flags);
    const before = input.id === undefined ? undefined : await this.repo.findRole(restaurantId, input.id);
    if (input.id !== undefined && !before) throw notFound();
    if (await this.repo.roleNameTaken(restaurantId, input.name, input.id)) {
      throw teamFieldError('name', 'team.roleNameExists');
    }
    const held = await this.callerFlags(auth, restaurantId);
    const action = before ? 'role.update' : 'role.create';
    const refuse = (reason: TTeamMessageKey) =>
      this.refuse(auth, restaurantId, action, before?.id ?? null, ip, reason, {
        name: before?.name ?? input.name,
        flags: onFlags(flags),
      });
    if (before && !holdsAll(held, before.flags)) return refuse('team.roleOutranks');
    if (before && ownerRoleLosesFlags(before.flags, flags)) return refuse('team.ownerRoleLocked');
    if (!holdsAll(held, flags)) return refuse('team.grantBeyondOwn');
    // A new full-access role, or a role turned into one, gives full access (team.authority.ts).
    if (
      isOwnerRole(flags) &&
      !(before && isOwnerRole(before.flags)) &&
      !mayGrantOwnership(
        { userId: auth.userId, flags: held, platformStaff: auth.isAdmin },
        await this.repo.representativeId(restaurantId),
      )
    ) {
      return refuse('team.ownershipProtected');
    }
    if (before) await this.assertCallerKeepsTeamAccess(auth, restaurantId, before.id, flags);

    let roleId: number;
    try {
      roleId = await this.repo.transaction(async (repo, audit) => {
        if (before) {
          if (!(await repo.updateRole(restaurantId, before.id, input.name, flags))) throw notFound();
          const changes: Record<string, unknown> = {};
          if (before.name !== input.name) changes.name = { before: before.name, after: input.name };
          const flagDiff = flagChanges(normaliseRoleFlags(before.flags), flags);
          if (Object.keys(flagDiff).length) changes.flags = flagDiff;
          await this.record(audit, auth, restaurantId, 'role.update', before.id, { name: input.name, changes }, ip);
          return before.id;
        }
        const id = await repo.insertRole(restaurantId, input.name, flags);
        await this.record(
          audit,
          auth,
          restaurantId,
          'role.create',
          id,
          { name: input.name, flags: onFlags(flags) },
          ip,
        );
        return id;
      });
    } catch (error) {
      // Two people saving the same new name at once: the index decides, the message is the same.
      if (uniqueViolation(error) === 'roles_restaurant_name_idx') throw teamFieldError('name', 'team.roleNameExists');
      throw error;
    }

    const saved = await this.repo.findRole(restaurantId, roleId);
    if (!saved) throw notFound();
    return toRole(saved);
  }

  /** SPEC 6 delete, refused while employees hold the role (the message says how many). */
  async delete(auth: AuthContext, roleId: number, ip: string): Promise<{ ok: true }> {
    const restaurantId = requireRestaurantId(auth);
    const all = await this.repo.listRoles(restaurantId);
    const role = all.find((r) => r.id === roleId);
    if (!role) throw notFound();
    const details = { name: role.name, flags: onFlags(normaliseRoleFlags(role.flags)) };
    const refusal: TTeamMessageKey | undefined = !holdsAll(await this.callerFlags(auth, restaurantId), role.flags)
      ? 'team.roleOutranks'
      : !ownerRoleDeletable(
            role.flags,
            all.map((r) => r.flags),
          )
        ? 'team.lastOwnerRole'
        : undefined;
    if (refusal) return this.refuse(auth, restaurantId, 'role.delete', roleId, ip, refusal, details);
    const deleted = await this.repo.transaction(async (repo, audit) => {
      if (!(await repo.deleteRoleIfUnused(restaurantId, roleId))) return false;
      await this.record(audit, auth, restaurantId, 'role.delete', roleId, details, ip);
      return true;
    });
    if (!deleted) {
      const current = await this.repo.findRole(restaurantId, roleId);
      if (!current) throw notFound();
      throw teamConflict('team.roleHasMembers', { count: current.memberCount });
    }
    return { ok: true };
  }

  /** A role's audit trail; still readable after the role is deleted. */
  async history(auth: AuthContext, roleId: number, limit: number): Promise<{ items: TAuditEntry[] }> {
    const restaurantId = requireRestaurantId(auth);
    const rows = await this.repo.history(restaurantId, 'role', roleId, limit);
    if (rows.length === 0 && !(await this.repo.findRole(restaurantId, roleId))) throw notFound();
    return { items: rows.map(toAuditEntry) };
  }

  /**
   * Nobody can take team management away from themselves by editing a role they hold: the restaurant
   * could be left with nobody able to undo it. Agents' rights do not come from roles.
   */
  private async assertCallerKeepsTeamAccess(
    auth: AuthContext,
    restaurantId: number,
    roleId: number,
    flags: TRoleFlags,
  ): Promise<void> {
    if (auth.isAgent) return;
    const held = await this.repo.rolesOfUser(restaurantId, auth.userId);
    if (!held.some((role) => role.id === roleId)) return;
    const after = held.map((role) => (role.id === roleId ? flags : role.flags));
    if (!permissionsFromRoles(after).PagePermissions.editAccounts) throw teamConflict('team.ownAccessLost');
  }

  /** What the caller holds at the restaurant; agents hold every flag there (SPEC 6). */
  private async callerFlags(auth: AuthContext, restaurantId: number): Promise<TRoleFlags> {
    if (auth.isAgent) return allRoleFlags();
    return heldFlags((await this.repo.rolesOfUser(restaurantId, auth.userId)).map((role) => role.flags));
  }

  private refuse(
    auth: AuthContext,
    restaurantId: number,
    action: string,
    roleId: number | null,
    ip: string,
    reason: TTeamMessageKey,
    details: Record<string, unknown>,
  ): Promise<never> {
    return refuseTeamChange(this.audit, {
      auth,
      restaurantId,
      action,
      target: { type: 'role', id: roleId },
      ip,
      reason,
      details,
    });
  }

  private record(
    audit: AuditRepository,
    auth: AuthContext,
    restaurantId: number,
    action: string,
    roleId: number,
    details: Record<string, unknown>,
    ip: string,
  ): Promise<void> {
    return audit.record({
      restaurantId,
      actorUserId: auth.userId,
      action,
      targetType: 'role',
      targetId: String(roleId),
      details,
      ip,
    });
  }
}
