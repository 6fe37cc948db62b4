import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { emailCodes, loginFailures, sessions } from '../../db/schema/auth.ts';
import { nodes } from '../../db/schema/nodes.ts';
import { restaurants } from '../../db/schema/restaurants.ts';
import { roles, userRoles, users } from '../../db/schema/users.ts';

const accountColumns = {
  id: users.id,
  xid: users.xid,
  email: users.email,
  passwordHash: users.passwordHash,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
  restaurantId: users.restaurantId,
  isAdmin: users.isAdmin,
  requireEmailCode: users.requireEmailCode,
  nodeId: nodes.id,
  nodeXid: nodes.xid,
  nodeType: nodes.type,
  nodePath: nodes.path,
};

export type TAccountRow = {
  id: number;
  xid: string;
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  status: 'active' | 'inactive';
  restaurantId: number | null;
  isAdmin: boolean;
  requireEmailCode: boolean;
  nodeId: number;
  nodeXid: string;
  nodeType: 'agent' | 'team' | 'restaurant';
  nodePath: string;
};

const selectedRestaurantNode = alias(nodes, 'selected_restaurant_node');

export class AccountRepository {
  constructor(private readonly db: Database) {}

  /** Deleted accounts are invisible here: to sign-in they look exactly like unknown emails. */
  async findLiveAccountByEmail(email: string): Promise<TAccountRow | undefined> {
    const [row] = await this.db
      .select(accountColumns)
      .from(users)
      .innerJoin(nodes, eq(nodes.id, users.nodeId))
      .where(and(eq(users.email, email), isNull(users.deletedAt)))
      .limit(1);
    return row;
  }

  async findPasswordHash(userId: number): Promise<string | null> {
    const [row] = await this.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    return row?.hash ?? null;
  }

  // --- rate limiting -------------------------------------------------------------------------

  async countRecentFailures(email: string, ip: string, since: Date): Promise<{ byEmail: number; byIp: number }> {
    const [row] = await this.db
      .select({
        byEmail: sql<number>`count(*) filter (where ${loginFailures.email} = ${email})`.mapWith(Number),
        byIp: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})`.mapWith(Number),
      })
      .from(loginFailures)
      .where(and(gt(loginFailures.createdAt, since), or(eq(loginFailures.email, email), eq(loginFailures.ip, ip))));
    return { byEmail: row?.byEmail ?? 0, byIp: row?.byIp ?? 0 };
  }

  async recordFailure(email: string, ip: string, at: Date): Promise<void> {
    await this.db.insert(loginFailures).values({ email, ip, createdAt: at });
  }

  async clearFailures(email: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.email, email));
  }

  async pruneFailures(before: Date): Promise<void> {
    await this.db.delete(loginFailures).where(lt(loginFailures.createdAt, before));
  }

  // --- sessions ------------------------------------------------------------------------------

  async createSession(values: {
    userId: number;
    restaurantId: number | null;
    currentNodeXid: string;
    expiresAt: Date;
    ip: string;
    userAgent: string | null;
  }): Promise<{ id: string; expiresAt: Date }> {
    const [row] = await this.db
      .insert(sessions)
      .values(values)
      .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
    if (!row) throw new Error('session insert returned nothing');
    return row;
  }

  /**
   * Everything the access check needs in one round trip: the session, its account, the node the
   * account signs in at, and where the selected restaurant sits in the tree.
   */
  async findSessionForAuth(sessionId: string) {
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        userId: sessions.userId,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        selectedRestaurantId: sessions.restaurantId,
        selectedRestaurantPath: selectedRestaurantNode.path,
        deletedAt: users.deletedAt,
        ...accountColumns,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(nodes, eq(nodes.id, users.nodeId))
      .leftJoin(restaurants, eq(restaurants.id, sessions.restaurantId))
      .leftJoin(selectedRestaurantNode, eq(selectedRestaurantNode.id, restaurants.nodeId))
      .where(eq(sessions.id, sessionId))
      .limit(1);
    return row;
  }

  /** Pushes out the expiry of a live session; false when it is already revoked or expired. */
  async extendSession(sessionId: string, expiresAt: Date, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({ expiresAt })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** SPEC 2 /ChangePassword: the new hash, and every other session of the account ends. */
  async changePassword(userId: number, passwordHash: string, keepSessionId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)));
    });
  }

  async selectRestaurant(sessionId: string, restaurantId: number, nodeXid: string): Promise<void> {
    await this.db.update(sessions).set({ restaurantId, currentNodeXid: nodeXid }).where(eq(sessions.id, sessionId));
  }

  /** The caller's roles at one restaurant; scoped by restaurant so a role elsewhere never leaks in. */
  async rolesAt(userId: number, restaurantId: number) {
    return this.db
      .select({ name: roles.name, flags: roles.flags })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(
        and(
          eq(userRoles.userId, userId),
          eq(userRoles.restaurantId, restaurantId),
          eq(roles.restaurantId, restaurantId),
        ),
      )
      .orderBy(roles.name);
  }

  // --- email verification codes --------------------------------------------------------------

  /** A new code replaces any unused one, so only the latest email works. */
  async replaceEmailCode(userId: number, codeHash: string, expiresAt: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.delete(emailCodes).where(and(eq(emailCodes.userId, userId), isNull(emailCodes.usedAt)));
      const [row] = await tx
        .insert(emailCodes)
        .values({ userId, codeHash, expiresAt })
        .returning({ id: emailCodes.id });
      if (!row) throw new Error('email code insert returned nothing');
      return row.id;
    });
  }

  async deleteEmailCode(id: number): Promise<void> {
    await this.db.delete(emailCodes).where(eq(emailCodes.id, id));
  }

  async findLatestLiveEmailCode(userId: number, now: Date, maxAttempts: number) {
    const [row] = await this.db
      .select({ id: emailCodes.id, codeHash: emailCodes.codeHash })
      .from(emailCodes)
      .where(
        and(
          eq(emailCodes.userId, userId),
          isNull(emailCodes.usedAt),
          gt(emailCodes.expiresAt, now),
          lt(emailCodes.attempts, maxAttempts),
        ),
      )
      .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
      .limit(1);
    return row;
  }

  async countEmailCodeAttempt(id: number): Promise<void> {
    await this.db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(eq(emailCodes.id, id));
  }

  /** Marks the code used; false if a concurrent request used it first, so a code signs in once. */
  async consumeEmailCode(id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(emailCodes)
      .set({ usedAt: now })
      .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt)))
      .returning({ id: emailCodes.id });
    return rows.length > 0;
  }
}
