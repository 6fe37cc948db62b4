import { allRoleFlags, permissionsFromRoles, type TRoleFlags } from '@ra/shared/permissions';
import {
  accountRefusal,
  heldFlags,
  holdsAll,
  isOwnerRole,
  mayGrantOwnership,
  mayNameRepresentative,
  type TTeamActor,
} from '@ra/shared/team/team.authority';
import type { TTeamMessageKey } from '@ra/shared/team/team.messages';
import {
  passwordProblems,
  type TAuditEntry,
  type TEmployee,
  type TEmployeeCreateRequest,
  type TEmployeeListQuery,
  type TEmployeeListResponse,
  type TEmployeeUpdateRequest,
} from '@ra/shared/team/team.schemas';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { AuditRepository } from '../../db/audit.repository.ts';
import { toAuditEntry } from './role.service.ts';
import { teamConflict, teamFieldError, refuseTeamChange } from './team.errors.ts';
import { uniqueViolation } from '../../db/sql-util.ts';
import { type TEmployeeRow, type TEmployeeWrite, type TeamRepository } from './team.repository.ts';

function toEmployee(row: TEmployeeRow): TEmployee {
  return {
    id: row.id,
    xid: row.xid,
    firstName: row.firstName,
    lastName: row.lastName,
    fullname: `${row.firstName} ${row.lastName}`.trim(),
    employeeNumber: row.employeeNumber,
    email: row.email,
    status: row.status,
    roles: row.roles,
    hasPin: row.hasPin,
    hasPassword: row.hasPassword,
    platformStaff: row.isAdmin,
    authorizedRepresentative: row.authorizedRepresentative,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
  };
}

/** Maps a unique index the write ran into to the form field that caused it. */
function fieldErrorForUnique(error: unknown): Error | undefined {
  const constraint = uniqueViolation(error);
  if (constraint === 'users_email_live_idx') return teamFieldError('email', 'team.emailTaken');
  if (constraint === 'users_restaurant_pin_live_idx') return teamFieldError('pin', 'team.pinTaken');
  return undefined;
}

const DIFFED_FIELDS = [
  'firstName',
  'lastName',
  'employeeNumber',
  'email',
  'status',
  'authorizedRepresentative',
] as const;

/**
 * The team management page's employees (SPEC 3 "User / employee", SPEC 4 user status). Scoped to the
 * caller's restaurant: another restaurant's employee answers 404, exactly like one that never existed.
 */
export class EmployeeService {
  constructor(
    private readonly repo: TeamRepository,
    private readonly audit: AuditRepository,
  ) {}

  async list(auth: AuthContext, query: TEmployeeListQuery): Promise<TEmployeeListResponse> {
    const { rows, total } = await this.repo.listEmployees(requireRestaurantId(auth), query);
    return { items: rows.map(toEmployee), total, page: query.page, pageSize: query.pageSize };
  }

  async get(auth: AuthContext, userId: number, includeDeleted: boolean): Promise<TEmployee> {
    const row = await this.repo.findEmployee(requireRestaurantId(auth), userId, { includeDeleted });
    if (!row) throw notFound();
    return toEmployee(row);
  }

  async create(auth: AuthContext, input: TEmployeeCreateRequest, ip: string): Promise<TEmployee> {
    const restaurantId = requireRestaurantId(auth);
    const roles = await this.rolesOrFail(restaurantId, input.roleIds);
    const actor = await this.actor(auth, restaurantId);
    const attempt = {
      name: `${input.firstName} ${input.lastName}`,
      email: input.email,
      roles: roles.map((r) => r.name),
    };
    if (!roles.every((role) => holdsAll(actor.flags, role.flags))) {
      return this.refuse(auth, restaurantId, 'employee.create', null, ip, 'team.assignBeyondOwn', attempt);
    }
    if (
      roles.some((role) => isOwnerRole(role.flags)) &&
      !mayGrantOwnership(actor, await this.repo.representativeId(restaurantId))
    ) {
      return this.refuse(auth, restaurantId, 'employee.create', null, ip, 'team.ownershipProtected', attempt);
    }
    if (
      input.authorizedRepresentative &&
      !mayNameRepresentative(actor, await this.repo.representativeId(restaurantId))
    ) {
      return this.refuse(auth, restaurantId, 'employee.create', null, ip, 'team.representativeProtected', attempt);
    }
    if (await this.repo.emailTaken(input.email)) throw teamFieldError('email', 'team.emailTaken');
    if (await this.repo.pinTaken(restaurantId, input.pin)) throw teamFieldError('pin', 'team.pinTaken');
    if (input.authorizedRepresentative && input.status !== 'active') {
      throw teamFieldError('authorizedRepresentative', 'team.representativeMustBeActive');
    }
    const passwordHash = input.password ? await hashPassword(input.password) : null;

    let userId: number;
    try {
      userId = await this.repo.transaction(async (repo, audit) => {
        const id = await repo.insertEmployee(
          restaurantId,
          {
            firstName: input.firstName,
            lastName: input.lastName,
            employeeNumber: input.employeeNumber,
            email: input.email,
            pin: input.pin,
            passwordHash,
            status: input.status,
            authorizedRepresentative: input.authorizedRepresentative ?? false,
          },
          input.roleIds,
        );
        await this.record(audit, auth, restaurantId, 'employee.create', id, ip, {
          name: `${input.firstName} ${input.lastName}`,
          email: input.email,
          employeeNumber: input.employeeNumber,
          status: input.status,
          roles: roles.map((r) => r.name),
          hasPassword: passwordHash !== null,
          authorizedRepresentative: input.authorizedRepresentative ?? false,
        });
        return id;
      });
    } catch (error) {
      throw fieldErrorForUnique(error) ?? error;
    }
    return this.get(auth, userId, false);
  }

  async update(auth: AuthContext, userId: number, input: TEmployeeUpdateRequest, ip: string): Promise<TEmployee> {
    const restaurantId = requireRestaurantId(auth);
    const before = await this.repo.findEmployee(restaurantId, userId);
    if (!before) throw notFound();
    const self = userId === auth.userId;
    const intended =
      before.status === 'active' && input.status === 'inactive'
        ? 'employee.deactivate'
        : before.status === 'inactive' && input.status === 'active'
          ? 'employee.reactivate'
          : 'employee.update';

    const actor = await this.actor(auth, restaurantId);
    const target = await this.target(restaurantId, before);
    const refusal = accountRefusal(actor, target);
    const attempt = () => ({ name: `${before.firstName} ${before.lastName}`, fields: Object.keys(input).sort() });
    if (refusal) return this.refuse(auth, restaurantId, intended, userId, ip, refusal, attempt());

    if (self && input.status === 'inactive') throw teamConflict('team.cannotChangeOwnStatus');
    const roles = input.roleIds ? await this.rolesOrFail(restaurantId, input.roleIds) : undefined;
    if (roles && !roles.every((role) => holdsAll(actor.flags, role.flags))) {
      return this.refuse(auth, restaurantId, intended, userId, ip, 'team.assignBeyondOwn', {
        ...attempt(),
        roles: roles.map((r) => r.name),
      });
    }
    // Giving full access to someone who lacks it makes them an owner (team.authority.ts).
    if (
      roles?.some((role) => isOwnerRole(role.flags)) &&
      !target.flags.fullAccess &&
      !mayGrantOwnership(actor, await this.repo.representativeId(restaurantId))
    ) {
      return this.refuse(auth, restaurantId, intended, userId, ip, 'team.ownershipProtected', {
        ...attempt(),
        roles: roles.map((r) => r.name),
      });
    }
    if (
      input.authorizedRepresentative &&
      !before.authorizedRepresentative &&
      !mayNameRepresentative(actor, await this.repo.representativeId(restaurantId))
    ) {
      return this.refuse(auth, restaurantId, intended, userId, ip, 'team.representativeProtected', attempt());
    }
    if (
      self &&
      roles &&
      !auth.isAgent &&
      !permissionsFromRoles(roles.map((r) => r.flags)).PagePermissions.editAccounts
    ) {
      throw teamConflict('team.ownAccessLost');
    }
    const email = input.email ?? before.email;
    if (input.email && (await this.repo.emailTaken(input.email, userId)))
      throw teamFieldError('email', 'team.emailTaken');
    if (input.pin && (await this.repo.pinTaken(restaurantId, input.pin, userId)))
      throw teamFieldError('pin', 'team.pinTaken');
    if (
      typeof input.password === 'string' &&
      passwordProblems(input.password, email).includes('team.passwordIsEmail')
    ) {
      throw teamFieldError('password', 'team.passwordIsEmail');
    }

    const status = input.status ?? before.status;
    // SPEC 4: a deactivated user "is removed as authorized representative".
    let authorizedRepresentative = input.authorizedRepresentative;
    if (status === 'inactive') {
      if (input.authorizedRepresentative) {
        throw teamFieldError('authorizedRepresentative', 'team.representativeMustBeActive');
      }
      if (before.authorizedRepresentative) authorizedRepresentative = false;
    }

    const values: TEmployeeWrite = {
      firstName: input.firstName,
      lastName: input.lastName,
      employeeNumber: input.employeeNumber,
      email: input.email,
      pin: input.pin,
      status: input.status,
      authorizedRepresentative,
    };
    if (input.password !== undefined)
      values.passwordHash = input.password === null ? null : await hashPassword(input.password);
    for (const key of Object.keys(values) as Array<keyof TEmployeeWrite>) {
      if (values[key] === undefined) delete values[key];
    }

    const deactivated = before.status === 'active' && status === 'inactive';
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    for (const field of DIFFED_FIELDS) {
      const after = values[field];
      if (after !== undefined && after !== before[field]) changes[field] = { before: before[field], after };
    }
    if (roles) {
      const beforeNames = before.roles.map((r) => r.name).sort();
      const afterNames = roles.map((r) => r.name).sort();
      if (beforeNames.join('\n') !== afterNames.join('\n')) changes.roles = { before: beforeNames, after: afterNames };
    }
    const details: Record<string, unknown> = { name: `${before.firstName} ${before.lastName}`, changes };
    // Never the values: only that they changed.
    if (input.pin !== undefined) details.pinChanged = true;
    if (input.password !== undefined) details.passwordChanged = input.password === null ? 'removed' : true;
    try {
      await this.repo.transaction(async (repo, audit) => {
        if (!(await repo.updateEmployee(restaurantId, userId, values, input.roleIds))) throw notFound();
        // Deactivation, a new password or a removed login ends the person's sessions at once; when
        // people change their own password here, the session they are using stays.
        if (deactivated || input.password !== undefined) {
          await repo.revokeSessions(userId, self ? auth.sessionId : undefined);
        }
        await this.record(audit, auth, restaurantId, intended, userId, ip, details);
      });
    } catch (error) {
      throw fieldErrorForUnique(error) ?? error;
    }
    return this.get(auth, userId, false);
  }

  /** Soft delete: the employee disappears from the team, their sessions end, the history stays. */
  async delete(auth: AuthContext, userId: number, ip: string): Promise<{ ok: true }> {
    const restaurantId = requireRestaurantId(auth);
    const before = await this.repo.findEmployee(restaurantId, userId);
    if (!before) throw notFound();
    if (userId === auth.userId) throw teamConflict('team.cannotChangeOwnStatus');
    const refusal = accountRefusal(await this.actor(auth, restaurantId), await this.target(restaurantId, before));
    if (refusal) {
      return this.refuse(auth, restaurantId, 'employee.delete', userId, ip, refusal, {
        name: `${before.firstName} ${before.lastName}`,
      });
    }
    await this.repo.transaction(async (repo, audit) => {
      if (!(await repo.softDeleteEmployee(restaurantId, userId))) throw notFound();
      await repo.revokeSessions(userId);
      await this.record(audit, auth, restaurantId, 'employee.delete', userId, ip, {
        name: `${before.firstName} ${before.lastName}`,
        email: before.email,
        wasAuthorizedRepresentative: before.authorizedRepresentative,
      });
    });
    return { ok: true };
  }

  async history(auth: AuthContext, userId: number, limit: number): Promise<{ items: TAuditEntry[] }> {
    const restaurantId = requireRestaurantId(auth);
    if (!(await this.repo.findEmployee(restaurantId, userId, { includeDeleted: true }))) throw notFound();
    const rows = await this.repo.history(restaurantId, 'user', userId, limit);
    return { items: rows.map(toAuditEntry) };
  }

  /** Role ids from the request must all be this restaurant's: anything else is a field error. */
  private async rolesOrFail(restaurantId: number, roleIds: number[]) {
    const roles = await this.repo.findRolesByIds(restaurantId, roleIds);
    if (roles.length !== roleIds.length) throw teamFieldError('roleIds', 'team.roleNotFound');
    return roles;
  }

  /** The caller as team.authority.ts sees them: agents hold every flag at their restaurants (SPEC 6). */
  private async actor(auth: AuthContext, restaurantId: number): Promise<TTeamActor> {
    const flags: TRoleFlags = auth.isAgent
      ? allRoleFlags()
      : heldFlags((await this.repo.rolesOfUser(restaurantId, auth.userId)).map((role) => role.flags));
    return { userId: auth.userId, flags, platformStaff: auth.isAdmin };
  }

  private async target(restaurantId: number, employee: TEmployeeRow) {
    const roles = await this.repo.rolesOfUser(restaurantId, employee.id);
    return {
      id: employee.id,
      flags: heldFlags(roles.map((role) => role.flags)),
      authorizedRepresentative: employee.authorizedRepresentative,
      platformStaff: employee.isAdmin,
    };
  }

  private refuse(
    auth: AuthContext,
    restaurantId: number,
    action: string,
    userId: number | null,
    ip: string,
    reason: TTeamMessageKey,
    details: Record<string, unknown>,
  ): Promise<never> {
    return refuseTeamChange(this.audit, {
      auth,
      restaurantId,
      action,
      target: { type: 'user', id: userId },
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
    userId: number,
    ip: string,
    details: Record<string, unknown>,
  ): Promise<void> {
    return audit.record({
      restaurantId,
      actorUserId: auth.userId,
      action,
      targetType: 'user',
      targetId: String(userId),
      details,
      ip,
    });
  }
}
