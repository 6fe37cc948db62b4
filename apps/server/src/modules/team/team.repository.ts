import { and, asc, count, desc, eq, exists, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TRoleFlags } from '@ra/shared/permissions';
import type { TEmployeeListQuery, TEmployeeStatus } from '@ra/shared/team/team.schemas';
import type { Database } from '../../db/client.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { sessions } from '../../db/schema/auth.ts';
import { restaurants } from '../../db/schema/restaurants.ts';
import { roles, userRoles, users } from '../../db/schema/users.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';

/**
 * The only place with team SQL. Every method takes the restaurant id first and filters on it: the
 * service passes the caller's own restaurant, never an id from the request, so a role or employee of
 * another restaurant is simply not found.
 */

export type TRoleRow = {
  id: number;
  name: string;
  flags: Partial<TRoleFlags>;
  updatedAt: Date;
  memberCount: number;
};

export type TEmployeeRow = {
  id: number;
  xid: string;
  firstName: string;
  lastName: string;
  employeeNumber: string | null;
  email: string;
  status: TEmployeeStatus;
  hasPin: boolean;
  hasPassword: boolean;
  authorizedRepresentative: boolean;
  /** Platform staff: their account is changed only by platform staff (team.authority.ts). */
  isAdmin: boolean;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  roles: Array<{ id: number; name: string }>;
};

export type TEmployeeWrite = {
  firstName?: string;
  lastName?: string;
  employeeNumber?: string | null;
  email?: string;
  pin?: string;
  passwordHash?: string | null;
  status?: TEmployeeStatus;
  authorizedRepresentative?: boolean;
};

/** A live member: a role held by a deleted employee no longer counts (it would block deletion forever). */
const liveMember = and(eq(users.id, userRoles.userId), isNull(users.deletedAt));

const employeeColumns = {
  id: users.id,
  xid: users.xid,
  firstName: users.firstName,
  lastName: users.lastName,
  employeeNumber: users.employeeNumber,
  email: users.email,
  status: users.status,
  hasPin: sql<boolean>`${users.pin} is not null`.mapWith(Boolean),
  hasPassword: sql<boolean>`${users.passwordHash} is not null`.mapWith(Boolean),
  authorizedRepresentative: users.authorizedRepresentative,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  deletedAt: users.deletedAt,
};

/** 'o%_x' matches those characters literally in ILIKE. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export class TeamRepository {
  constructor(
    private readonly db: Database,
    /** Stamps updatedAt, deletedAt and revokedAt with the product's clock (lib/clock.ts), not the host's. */
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Runs `work` in one transaction, with this repository and the audit log bound to it, so a change
   * and its audit row are stored together or not at all.
   */
  transaction<T>(work: (repo: TeamRepository, audit: AuditRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new TeamRepository(tx, this.clock), new AuditRepository(tx)));
  }

  // --- roles ---------------------------------------------------------------------------------

  async listRoles(restaurantId: number): Promise<TRoleRow[]> {
    const members = this.db
      .select({ roleId: userRoles.roleId, n: count().as('n') })
      .from(userRoles)
      .innerJoin(users, liveMember)
      .where(eq(userRoles.restaurantId, restaurantId))
      .groupBy(userRoles.roleId)
      .as('members');
    return this.db
      .select({
        id: roles.id,
        name: roles.name,
        flags: roles.flags,
        updatedAt: roles.updatedAt,
        memberCount: sql<number>`coalesce(${members.n}, 0)`.mapWith(Number),
      })
      .from(roles)
      .leftJoin(members, eq(members.roleId, roles.id))
      .where(eq(roles.restaurantId, restaurantId))
      .orderBy(sql`lower(${roles.name})`, asc(roles.id));
  }

  async findRole(restaurantId: number, roleId: number): Promise<TRoleRow | undefined> {
    return (await this.listRoles(restaurantId)).find((role) => role.id === roleId);
  }

  /** The roles among `roleIds` that belong to the restaurant. */
  async findRolesByIds(restaurantId: number, roleIds: number[]) {
    if (roleIds.length === 0) return [];
    return this.db
      .select({ id: roles.id, name: roles.name, flags: roles.flags })
      .from(roles)
      .where(and(eq(roles.restaurantId, restaurantId), inArray(roles.id, roleIds)));
  }

  /** Role names are unique per restaurant whatever their case (the roles_restaurant_name_idx index). */
  async roleNameTaken(restaurantId: number, name: string, exceptRoleId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: roles.id })
      .from(roles)
      .where(
        and(
          eq(roles.restaurantId, restaurantId),
          sql`lower(${roles.name}) = lower(${name})`,
          exceptRoleId === undefined ? undefined : ne(roles.id, exceptRoleId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async insertRole(restaurantId: number, name: string, flags: TRoleFlags): Promise<number> {
    const [row] = await this.db.insert(roles).values({ restaurantId, name, flags }).returning({ id: roles.id });
    if (!row) throw new Error('role insert returned nothing');
    return row.id;
  }

  async updateRole(restaurantId: number, roleId: number, name: string, flags: TRoleFlags): Promise<boolean> {
    const rows = await this.db
      .update(roles)
      .set({ name, flags, updatedAt: this.clock.now() })
      .where(and(eq(roles.restaurantId, restaurantId), eq(roles.id, roleId)))
      .returning({ id: roles.id });
    return rows.length > 0;
  }

  /**
   * Deletes the role only if no live employee holds it, in one statement, so an employee given the
   * role a moment earlier is never silently stripped of it.
   */
  async deleteRoleIfUnused(restaurantId: number, roleId: number): Promise<boolean> {
    const rows = await this.db
      .delete(roles)
      .where(
        and(
          eq(roles.restaurantId, restaurantId),
          eq(roles.id, roleId),
          // Spelled out: drizzle leaves columns unqualified in a one-table statement, and inside this
          // subquery a bare "id" would mean users.id.
          sql`not exists (select 1 from "user_roles" ur inner join "users" u on u.id = ur.user_id and u.deleted_at is null where ur.role_id = "roles"."id")`,
        ),
      )
      .returning({ id: roles.id });
    return rows.length > 0;
  }

  /** The roles a user holds at the restaurant, with their flags (for the lock-out rule). */
  async rolesOfUser(restaurantId: number, userId: number) {
    return this.db
      .select({ id: roles.id, flags: roles.flags })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(
        and(
          eq(userRoles.userId, userId),
          eq(userRoles.restaurantId, restaurantId),
          eq(roles.restaurantId, restaurantId),
        ),
      );
  }

  /** The restaurant's authorized representative (its owner, SPEC 4), if it has one. */
  async representativeId(restaurantId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.restaurantId, restaurantId), eq(users.authorizedRepresentative, true), isNull(users.deletedAt)),
      )
      .limit(1);
    return row?.id ?? null;
  }

  // --- employees -----------------------------------------------------------------------------

  async listEmployees(
    restaurantId: number,
    query: TEmployeeListQuery,
  ): Promise<{ rows: TEmployeeRow[]; total: number }> {
    const conditions: SQL[] = [eq(users.restaurantId, restaurantId), isNull(users.deletedAt)];
    if (query.status) conditions.push(eq(users.status, query.status));
    if (query.roleId !== undefined) {
      conditions.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(userRoles)
            .where(
              and(
                eq(userRoles.userId, users.id),
                eq(userRoles.roleId, query.roleId),
                eq(userRoles.restaurantId, restaurantId),
              ),
            ),
        ),
      );
    }
    if (query.q) {
      const pattern = `%${likeEscape(query.q)}%`;
      const search = or(
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        ilike(users.email, pattern),
        ilike(users.employeeNumber, pattern),
      );
      if (search) conditions.push(search);
    }
    const where = and(...conditions);
    const [totalRow] = await this.db.select({ n: count() }).from(users).where(where);
    const rows = await this.db
      .select(employeeColumns)
      .from(users)
      .where(where)
      .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return { rows: await this.withRoles(restaurantId, rows), total: totalRow?.n ?? 0 };
  }

  async findEmployee(
    restaurantId: number,
    userId: number,
    options: { includeDeleted?: boolean } = {},
  ): Promise<TEmployeeRow | undefined> {
    const rows = await this.db
      .select(employeeColumns)
      .from(users)
      .where(
        and(
          eq(users.restaurantId, restaurantId),
          eq(users.id, userId),
          options.includeDeleted ? undefined : isNull(users.deletedAt),
        ),
      )
      .limit(1);
    const [row] = await this.withRoles(restaurantId, rows);
    return row;
  }

  private async withRoles(restaurantId: number, rows: Array<Omit<TEmployeeRow, 'roles'>>): Promise<TEmployeeRow[]> {
    if (rows.length === 0) return [];
    const held = await this.db
      .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(
        and(
          eq(userRoles.restaurantId, restaurantId),
          eq(roles.restaurantId, restaurantId),
          inArray(
            userRoles.userId,
            rows.map((r) => r.id),
          ),
        ),
      )
      .orderBy(sql`lower(${roles.name})`);
    return rows.map((row) => ({
      ...row,
      roles: held.filter((h) => h.userId === row.id).map(({ id, name }) => ({ id, name })),
    }));
  }

  /** Emails are logins, so they are unique across the product, not per restaurant. */
  async emailTaken(email: string, exceptUserId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.email, email),
          isNull(users.deletedAt),
          exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async pinTaken(restaurantId: number, pin: string, exceptUserId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.restaurantId, restaurantId),
          eq(users.pin, pin),
          isNull(users.deletedAt),
          exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async insertEmployee(
    restaurantId: number,
    values: Required<Pick<TEmployeeWrite, 'firstName' | 'lastName' | 'email' | 'pin' | 'status'>> &
      Pick<TEmployeeWrite, 'employeeNumber' | 'passwordHash' | 'authorizedRepresentative'>,
    roleIds: number[],
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [restaurant] = await tx
        .select({ nodeId: restaurants.nodeId })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId));
      if (!restaurant) throw new Error(`restaurant ${restaurantId} missing`);
      if (values.authorizedRepresentative) await this.clearRepresentative(tx, restaurantId);
      const [row] = await tx
        .insert(users)
        .values({
          ...values,
          employeeNumber: values.employeeNumber ?? null,
          passwordHash: values.passwordHash ?? null,
          authorizedRepresentative: values.authorizedRepresentative ?? false,
          restaurantId,
          // Employees sign in at their restaurant's node (a leaf login, SPEC 6).
          nodeId: restaurant.nodeId,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user insert returned nothing');
      await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: row.id, roleId, restaurantId })));
      return row.id;
    });
  }

  /** Applies the changes and, when given, replaces the employee's roles at this restaurant. */
  async updateEmployee(
    restaurantId: number,
    userId: number,
    values: TEmployeeWrite,
    roleIds: number[] | undefined,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (values.authorizedRepresentative) await this.clearRepresentative(tx, restaurantId, userId);
      const rows = await tx
        .update(users)
        .set({ ...values, updatedAt: this.clock.now() })
        .where(and(eq(users.restaurantId, restaurantId), eq(users.id, userId), isNull(users.deletedAt)))
        .returning({ id: users.id });
      if (rows.length === 0) return false;
      if (roleIds) {
        await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.restaurantId, restaurantId)));
        await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId, restaurantId })));
      }
      return true;
    });
  }

  /** SPEC 4: one authorized representative per restaurant; naming a new one replaces the old one. */
  private async clearRepresentative(tx: Database, restaurantId: number, exceptUserId?: number): Promise<void> {
    await tx
      .update(users)
      .set({ authorizedRepresentative: false, updatedAt: this.clock.now() })
      .where(
        and(
          eq(users.restaurantId, restaurantId),
          eq(users.authorizedRepresentative, true),
          exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
        ),
      );
  }

  /** Soft delete (SPEC 7 ignoreDeletedAt): the row stays for history; email and PIN become free. */
  async softDeleteEmployee(restaurantId: number, userId: number): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ deletedAt: this.clock.now(), updatedAt: this.clock.now(), authorizedRepresentative: false })
      .where(and(eq(users.restaurantId, restaurantId), eq(users.id, userId), isNull(users.deletedAt)))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /** Ends the user's sessions at once (all, or all but the one given). */
  async revokeSessions(userId: number, exceptSessionId?: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
        ),
      );
  }

  // --- history -------------------------------------------------------------------------------

  /** Audit entries about one role or employee of the restaurant, newest first. */
  async history(restaurantId: number, targetType: 'role' | 'user', targetId: number, limit: number) {
    return this.db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        at: auditLog.createdAt,
        ip: auditLog.ip,
        details: auditLog.details,
        actorId: users.id,
        actorFirstName: users.firstName,
        actorLastName: users.lastName,
        actorEmail: users.email,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(
        and(
          eq(auditLog.restaurantId, restaurantId),
          eq(auditLog.targetType, targetType),
          eq(auditLog.targetId, String(targetId)),
        ),
      )
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit);
  }
}
