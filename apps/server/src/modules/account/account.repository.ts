import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { emailCodes, loginFailures, passwordResets, sessions } from '../../db/schema/auth.ts';
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

  /**
   * Records a failed attempt *before* the password is checked, if the limits still allow one, and
   * decides in the same step: counting and deciding under one lock per client address, so parallel
   * guesses cannot all read "under the limit" before any of them is recorded. The caller forgives the
   * attempt (`forgiveAttempt`) when the password turns out right. The lock is per address because both
   * hard limits (per email and address, per address) are scoped to it; PGlite runs one transaction at
   * a time anyway, where the lock costs nothing.
   */
  async reserveAttempt(input: {
    email: string;
    ip: string;
    now: Date;
    since: Date;
    perEmailAndIp: number;
    perIp: number;
  }): Promise<{ allowed: false; retryAfterMs: number } | { allowed: true; attemptId: number; emailFailures: number }> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`signin:${input.ip}`}))`);
      const [row] = await tx
        .select({
          byEmailAndIp:
            sql<number>`count(*) filter (where ${loginFailures.email} = ${input.email} and ${loginFailures.ip} = ${input.ip})`.mapWith(
              Number,
            ),
          byIp: sql<number>`count(*) filter (where ${loginFailures.ip} = ${input.ip})`.mapWith(Number),
          byEmail: sql<number>`count(*) filter (where ${loginFailures.email} = ${input.email})`.mapWith(Number),
        })
        .from(loginFailures)
        .where(
          and(
            gt(loginFailures.createdAt, input.since),
            or(eq(loginFailures.email, input.email), eq(loginFailures.ip, input.ip)),
          ),
        );
      const counts = { byEmailAndIp: row?.byEmailAndIp ?? 0, byIp: row?.byIp ?? 0, byEmail: row?.byEmail ?? 0 };
      if (counts.byEmailAndIp >= input.perEmailAndIp || counts.byIp >= input.perIp) {
        // Allowed again once the limit-th newest failure of each exhausted count leaves the window.
        const windowMs = input.now.getTime() - input.since.getTime();
        const freedAt = async (scope: SQL | undefined, limit: number) => {
          const [oldest] = await tx
            .select({ at: loginFailures.createdAt })
            .from(loginFailures)
            .where(and(gt(loginFailures.createdAt, input.since), scope))
            .orderBy(desc(loginFailures.createdAt))
            .offset(limit - 1)
            .limit(1);
          return oldest ? new Date(oldest.at).getTime() + windowMs : input.now.getTime();
        };
        let until = input.now.getTime();
        if (counts.byEmailAndIp >= input.perEmailAndIp) {
          const scope = and(eq(loginFailures.email, input.email), eq(loginFailures.ip, input.ip));
          until = Math.max(until, await freedAt(scope, input.perEmailAndIp));
        }
        if (counts.byIp >= input.perIp)
          until = Math.max(until, await freedAt(eq(loginFailures.ip, input.ip), input.perIp));
        return { allowed: false as const, retryAfterMs: until - input.now.getTime() };
      }
      const [attempt] = await tx
        .insert(loginFailures)
        .values({ email: input.email, ip: input.ip, createdAt: input.now })
        .returning({ id: loginFailures.id });
      if (!attempt) throw new Error('login attempt insert returned nothing');
      return { allowed: true as const, attemptId: attempt.id, emailFailures: counts.byEmail };
    });
  }

  /** The attempt was the right password after all: it no longer counts. */
  async forgiveAttempt(attemptId: number): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
  }

  /**
   * After a successful sign-in, this address's failures for the email are forgiven; failures from
   * other addresses stay, so a stranger's guessing keeps slowing the stranger down.
   */
  async clearFailures(email: string, ip: string): Promise<void> {
    await this.db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));
  }

  async pruneFailures(before: Date): Promise<void> {
    await this.db.delete(loginFailures).where(lt(loginFailures.createdAt, before));
  }

  // --- lock screen ---------------------------------------------------------------------------

  /**
   * Counts one unlock attempt on the session if it has any left, in one conditional statement (a
   * concurrent attempt waits for the row and re-reads the count). Answers the count including this
   * attempt, or null when the session has none left or no longer exists.
   */
  async reserveUnlockAttempt(sessionId: string, limit: number): Promise<number | null> {
    const [row] = await this.db
      .update(sessions)
      .set({ unlockFailures: sql`${sessions.unlockFailures} + 1` })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), lt(sessions.unlockFailures, limit)))
      .returning({ count: sessions.unlockFailures });
    return row?.count ?? null;
  }

  async resetUnlockAttempts(sessionId: string): Promise<void> {
    await this.db.update(sessions).set({ unlockFailures: 0 }).where(eq(sessions.id, sessionId));
  }

  // --- sessions ------------------------------------------------------------------------------

  async createSession(values: {
    userId: number;
    restaurantId: number | null;
    currentNodeXid: string;
    expiresAt: Date;
    ip: string;
    userAgent: string | null;
    createdAt: Date;
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

  async revokeSession(sessionId: string, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** SPEC 2 /ChangePassword: the new hash, and every other session of the account ends. */
  async changePassword(userId: number, passwordHash: string, keepSessionId: string, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
      await tx
        .update(sessions)
        .set({ revokedAt: now })
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
  async replaceEmailCode(userId: number, codeHash: string, expiresAt: Date, now: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.delete(emailCodes).where(and(eq(emailCodes.userId, userId), isNull(emailCodes.usedAt)));
      const [row] = await tx
        .insert(emailCodes)
        .values({ userId, codeHash, expiresAt, createdAt: now })
        .returning({ id: emailCodes.id });
      if (!row) throw new Error('email code insert returned nothing');
      return row.id;
    });
  }

  async deleteEmailCode(id: number): Promise<void> {
    await this.db.delete(emailCodes).where(eq(emailCodes.id, id));
  }

  /**
   * Takes one try of the latest live code, in one conditional statement: under concurrent guesses a
   * second UPDATE waits for the row and re-checks `attempts < maxAttempts`, so at most maxAttempts
   * guesses are ever compared. Answers the code's hash to compare, or nothing when no try is left.
   */
  async claimEmailCodeAttempt(userId: number, now: Date, maxAttempts: number) {
    const latest = this.db
      .select({ id: emailCodes.id })
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, userId), isNull(emailCodes.usedAt), gt(emailCodes.expiresAt, now)))
      .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
      .limit(1);
    const [row] = await this.db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(and(inArray(emailCodes.id, latest), lt(emailCodes.attempts, maxAttempts), isNull(emailCodes.usedAt)))
      .returning({ id: emailCodes.id, codeHash: emailCodes.codeHash });
    return row;
  }

  /** When the newest unused code was sent, to hold back a resend (docs/decisions.md "Email codes"). */
  async latestLiveEmailCodeSentAt(userId: number, now: Date): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ createdAt: emailCodes.createdAt })
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, userId), isNull(emailCodes.usedAt), gt(emailCodes.expiresAt, now)))
      .orderBy(desc(emailCodes.createdAt))
      .limit(1);
    return row?.createdAt;
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

  // --- password reset ------------------------------------------------------------------------

  /** Requests in the window: from this address (any email) and for this email (any address). */
  async countResetRequests(email: string, ip: string, since: Date): Promise<{ byEmail: number; byIp: number }> {
    const [row] = await this.db
      .select({
        byEmail: sql<number>`count(*) filter (where ${passwordResets.email} = ${email})`.mapWith(Number),
        byIp: sql<number>`count(*) filter (where ${passwordResets.ip} = ${ip})`.mapWith(Number),
      })
      .from(passwordResets)
      .where(and(gt(passwordResets.createdAt, since), or(eq(passwordResets.email, email), eq(passwordResets.ip, ip))));
    return { byEmail: row?.byEmail ?? 0, byIp: row?.byIp ?? 0 };
  }

  async recordResetRequest(values: {
    email: string;
    ip: string;
    userId: number | null;
    tokenHash: string | null;
    expiresAt: Date | null;
    createdAt: Date;
  }): Promise<number> {
    const [row] = await this.db.insert(passwordResets).values(values).returning({ id: passwordResets.id });
    if (!row) throw new Error('password reset insert returned nothing');
    return row.id;
  }

  /** A link whose email could not be sent must not stay usable. */
  async withdrawResetToken(id: number): Promise<void> {
    await this.db.update(passwordResets).set({ tokenHash: null, expiresAt: null }).where(eq(passwordResets.id, id));
  }

  /** The account behind a live (unused, unexpired) reset token, if any. */
  async findLiveReset(tokenHash: string, now: Date) {
    const [row] = await this.db
      .select({ id: passwordResets.id, userId: users.id, email: users.email, restaurantId: users.restaurantId })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
          isNull(users.deletedAt),
          eq(users.status, 'active'),
        ),
      )
      .limit(1);
    return row;
  }

  /**
   * Sets the new password from a reset link, in one transaction with its audit row: the link is used up
   * first (a conditional update, so two submissions of one link cannot both succeed), every other
   * unused link of the account dies with it, and every session of the account ends. False when the link
   * was used or expired in the meantime; nothing is changed then.
   */
  async completePasswordReset(input: {
    resetId: number;
    userId: number;
    email: string;
    restaurantId: number | null;
    passwordHash: string;
    now: Date;
    ip: string;
  }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const used = await tx
        .update(passwordResets)
        .set({ usedAt: input.now })
        .where(
          and(
            eq(passwordResets.id, input.resetId),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, input.now),
          ),
        )
        .returning({ id: passwordResets.id });
      if (used.length === 0) return false;
      await tx
        .update(passwordResets)
        .set({ usedAt: input.now })
        .where(and(eq(passwordResets.userId, input.userId), isNull(passwordResets.usedAt)));
      await tx
        .update(users)
        .set({ passwordHash: input.passwordHash, updatedAt: input.now })
        .where(eq(users.id, input.userId));
      const ended = await tx
        .update(sessions)
        .set({ revokedAt: input.now })
        .where(and(eq(sessions.userId, input.userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      // Whoever proved they own the mailbox is no longer held back by failures from their address;
      // other addresses' failures keep slowing the others down.
      await tx.delete(loginFailures).where(and(eq(loginFailures.email, input.email), eq(loginFailures.ip, input.ip)));
      await tx.insert(auditLog).values({
        restaurantId: input.restaurantId,
        actorUserId: input.userId,
        action: 'account.password.reset',
        targetType: 'user',
        targetId: String(input.userId),
        details: { sessionsEnded: ended.length },
        ip: input.ip,
        createdAt: input.now,
      });
      return true;
    });
  }
}
