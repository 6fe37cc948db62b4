import { sql, type SQL } from 'drizzle-orm';
import { AuditRepository } from '../../db/audit.repository.ts';
import type { Database } from '../../db/client.ts';

/**
 * The only place with the agent area's SQL. Every read takes the caller's subtree path (nodes.path of
 * the node they sign in at) and, for a team member, the restaurants assigned to them, so nothing
 * outside the caller's reach can come back (issue 13 "subtree isolation on every call").
 */

import { arrayParam, num, rowsOf, type TRow } from '../../db/sql-util.ts';

/** A whole array of ids as one bind parameter (drizzle would otherwise expand it into a list). */
const intArray = (values: readonly number[]): SQL => arrayParam(values, 'int');

/** "Restaurant r lies in the caller's reach": subtree, and the member's assignments when given. */
export function inReach(path: string, restaurantIds: readonly number[] | null): SQL {
  // Paths are digits and slashes only, so nothing in them needs escaping for LIKE.
  const subtree = sql`n.path like ${`${path}%`}`;
  return restaurantIds === null ? subtree : sql`(${subtree} and r.id = any(${intArray(restaurantIds)}))`;
}

export interface TPortfolioFilter {
  path: string;
  restaurantIds: number[] | null;
  q?: string | undefined;
  status?: string | undefined;
  limit: number;
  offset: number;
}

export class AgentRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (repo: AgentRepository, audit: AuditRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new AgentRepository(tx), new AuditRepository(tx)));
  }

  async memberRow(userId: number) {
    const [row] = await rowsOf(
      this.db,
      sql`select team_role, agent_node_id from agent_team_members where user_id = ${userId}`,
    );
    return row ? { teamRole: String(row.team_role) as 'admin' | 'member', agentNodeId: num(row.agent_node_id) } : null;
  }

  async assignedRestaurantIds(userId: number): Promise<number[]> {
    const rows = await rowsOf(
      this.db,
      sql`select restaurant_id from agent_member_restaurants where user_id = ${userId}`,
    );
    return rows.map((r) => num(r.restaurant_id));
  }

  async nodeName(nodeId: number): Promise<string> {
    const [row] = await rowsOf(
      this.db,
      sql`select coalesce(restname, trim(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) as name from nodes where id = ${nodeId}`,
    );
    return String(row?.name ?? '');
  }

  /** Restaurants in reach whose node xid is one of `xids` (others are silently not found). */
  async restaurantsByXid(path: string, restaurantIds: number[] | null, xids: readonly string[]) {
    if (xids.length === 0) return [];
    const rows = await rowsOf(
      this.db,
      sql`select r.id, n.xid, r.name from restaurants r join nodes n on n.id = r.node_id
          where ${inReach(path, restaurantIds)} and n.xid = any(${sql.param([...xids])}::text[])`,
    );
    return rows.map((r) => ({ id: num(r.id), xid: String(r.xid), name: String(r.name) }));
  }

  /**
   * Nodes of the caller's subtree named by `xids` (agents, teams, restaurants; others are silently not
   * found). For a team member a restaurant node counts only when it is assigned to them.
   */
  async nodesByXid(path: string, restaurantIds: number[] | null, xids: readonly string[]) {
    if (xids.length === 0) return [];
    const assigned =
      restaurantIds === null ? sql`` : sql`and (n.type <> 'restaurant' or r.id = any(${intArray(restaurantIds)}))`;
    const rows = await rowsOf(
      this.db,
      sql`select n.xid, n.path from nodes n left join restaurants r on r.node_id = n.id
          where n.path like ${`${path}%`} and n.xid = any(${sql.param([...xids])}::text[]) ${assigned}`,
    );
    return rows.map((r) => ({ xid: String(r.xid), path: String(r.path) }));
  }

  /** Restaurants in reach lying under any of the node paths (a restaurant's own path included). */
  async restaurantIdsUnder(path: string, restaurantIds: number[] | null, nodePaths: readonly string[]) {
    if (nodePaths.length === 0) return [];
    const rows = await rowsOf(
      this.db,
      sql`select r.id from restaurants r join nodes n on n.id = r.node_id
          where ${inReach(path, restaurantIds)}
            and n.path like any(${sql.param(nodePaths.map((p) => `${p}%`))}::text[])`,
    );
    return rows.map((r) => num(r.id));
  }

  async allRestaurantIds(path: string, restaurantIds: number[] | null): Promise<number[]> {
    const rows = await rowsOf(
      this.db,
      sql`select r.id from restaurants r join nodes n on n.id = r.node_id where ${inReach(path, restaurantIds)}`,
    );
    return rows.map((r) => num(r.id));
  }

  // --- portfolio ---------------------------------------------------------------------------------

  private portfolioWhere(f: TPortfolioFilter): SQL {
    const parts: SQL[] = [inReach(f.path, f.restaurantIds)];
    if (f.q) {
      const like = `%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      parts.push(
        sql`(lower(r.name) like ${like} or lower(r.fullname) like ${like} or lower(r.city) like ${like} or lower(n.xid) like ${like})`,
      );
    }
    if (f.status) parts.push(sql`coalesce(p.status, 'live') = ${f.status}`);
    return sql.join(parts, sql` and `);
  }

  async portfolioPage(f: TPortfolioFilter) {
    const where = this.portfolioWhere(f);
    const [countRow] = await rowsOf(
      this.db,
      sql`select count(*) as n from restaurants r join nodes n on n.id = r.node_id
          left join agent_portfolio p on p.restaurant_id = r.id where ${where}`,
    );
    const rows = await rowsOf(
      this.db,
      sql`select r.id, n.xid, r.name, r.city, r.time_zone, r.created_at,
                 coalesce(p.status, 'live') as status, coalesce(p.plan, 'starter') as plan,
                 coalesce(p.monthly_fee_cents, 0) as fee, p.since,
                 (select max(o.opened_at) from orders o where o.restaurant_id = r.id) as last_order_at,
                 -- the restaurant's own people signing in; an agent switching in is not the restaurant's activity
                 (select max(s.created_at) from users u join sessions s on s.user_id = u.id
                  where u.restaurant_id = r.id) as last_sign_in_at
          from restaurants r join nodes n on n.id = r.node_id
          left join agent_portfolio p on p.restaurant_id = r.id
          where ${where}
          order by lower(r.name), r.id
          limit ${f.limit} offset ${f.offset}`,
    );
    return { total: num(countRow?.n), rows };
  }

  /** Net sales per restaurant and business day, for the trend column. */
  async dailyNetSales(restaurantIds: readonly number[], from: string, to: string) {
    if (restaurantIds.length === 0) return [];
    return rowsOf(
      this.db,
      sql`select restaurant_id, business_day, sum(net_sales_cents) as cents from daily_sales
          where restaurant_id = any(${intArray(restaurantIds)}) and business_day between ${from} and ${to}
          group by restaurant_id, business_day`,
    );
  }

  async assignees(restaurantIds: readonly number[]) {
    if (restaurantIds.length === 0) return [];
    return rowsOf(
      this.db,
      sql`select a.restaurant_id, u.xid, trim(u.first_name || ' ' || u.last_name) as name
          from agent_member_restaurants a join users u on u.id = a.user_id
          where a.restaurant_id = any(${intArray(restaurantIds)}) and u.deleted_at is null
          order by name`,
    );
  }

  async dashboardCounts(path: string, restaurantIds: number[] | null, monthStart: string, quietBefore: Date) {
    const [row] = await rowsOf(
      this.db,
      sql`select count(*) as total,
                 count(*) filter (where coalesce(p.status, 'live') = 'live') as live,
                 count(*) filter (where coalesce(p.since, r.created_at::date) >= ${monthStart}::date) as new_this_month
          from restaurants r join nodes n on n.id = r.node_id
          left join agent_portfolio p on p.restaurant_id = r.id
          where ${inReach(path, restaurantIds)}`,
    );
    const quiet = await rowsOf(
      this.db,
      sql`select n.xid, r.name, x.last_order_at from restaurants r join nodes n on n.id = r.node_id
          left join agent_portfolio p on p.restaurant_id = r.id
          cross join lateral (select max(o.opened_at) as last_order_at from orders o where o.restaurant_id = r.id) x
          where ${inReach(path, restaurantIds)} and coalesce(p.status, 'live') = 'live'
            and (x.last_order_at is null or x.last_order_at < ${quietBefore.toISOString()}::timestamptz)
          order by x.last_order_at nulls first, lower(r.name) limit 50`,
    );
    return { row, quiet };
  }

  async earningsSum(nodeId: number, restaurantIds: number[] | null, from: string, to: string): Promise<number> {
    const [row] = await rowsOf(
      this.db,
      sql`select coalesce(sum(amount_cents), 0) as cents from agent_earnings e
          where e.agent_node_id = ${nodeId} and e.period_start between ${from} and ${to}
          ${restaurantIds === null ? sql`` : sql`and e.restaurant_id = any(${intArray(restaurantIds)})`}`,
    );
    return num(row?.cents);
  }

  async pendingApplications(nodeId: number): Promise<number> {
    const [row] = await rowsOf(
      this.db,
      sql`select count(*) as n from agent_applications where agent_node_id = ${nodeId} and status = 'pending'`,
    );
    return num(row?.n);
  }

  async upsertPortfolio(
    restaurantId: number,
    body: { status?: string | undefined; plan?: string | undefined },
    today: string,
    now: Date,
  ): Promise<void> {
    await this.db.execute(
      sql`insert into agent_portfolio (restaurant_id, status, plan, since, updated_at)
          values (${restaurantId}, ${body.status ?? 'onboarding'}, ${body.plan ?? 'starter'},
                  ${body.status === 'live' ? today : null}, ${now.toISOString()}::timestamptz)
          on conflict (restaurant_id) do update set
            status = coalesce(${body.status ?? null}, agent_portfolio.status),
            plan = coalesce(${body.plan ?? null}, agent_portfolio.plan),
            since = case when ${body.status ?? null}::text = 'live' and agent_portfolio.status <> 'live'
                         then ${today}::date else agent_portfolio.since end,
            updated_at = excluded.updated_at`,
    );
  }

  // --- team --------------------------------------------------------------------------------------

  /** The people signing in at the node (all of them, or only `onlyUserId`), admins first. */
  teamMembers(nodeId: number, onlyUserId: number | null): Promise<TRow[]> {
    return rowsOf(
      this.db,
      sql`select u.id, u.xid, u.email, u.first_name, u.last_name, u.status, u.password_hash is not null as has_password,
                 coalesce(m.team_role, 'admin') as team_role, m.team_role as team_row, u.is_admin, m.invite_expires_at,
                 (select max(s.created_at) from sessions s where s.user_id = u.id) as last_sign_in_at
          from users u join nodes n on n.id = u.node_id
          left join agent_team_members m on m.user_id = u.id
          where u.restaurant_id is null and u.deleted_at is null and n.id = ${nodeId}
            ${onlyUserId === null ? sql`` : sql`and u.id = ${onlyUserId}`}
          order by coalesce(m.team_role, 'admin'), lower(u.first_name), u.id`,
    );
  }

  /** The restaurants assigned to each of the users. */
  memberAssignments(userIds: readonly number[]): Promise<TRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return rowsOf(
      this.db,
      sql`select a.user_id, n.xid, r.name from agent_member_restaurants a
          join restaurants r on r.id = a.restaurant_id join nodes n on n.id = r.node_id
          where a.user_id = any(${intArray(userIds)}) order by lower(r.name)`,
    );
  }

  /** A person signing in at the node, by xid. */
  async memberByXid(xid: string, nodeId: number): Promise<TRow | undefined> {
    const [row] = await rowsOf(
      this.db,
      sql`select u.id, u.xid, u.status, u.is_admin, m.team_role from users u
          left join agent_team_members m on m.user_id = u.id
          where u.xid = ${xid} and u.node_id = ${nodeId} and u.restaurant_id is null and u.deleted_at is null`,
    );
    return row;
  }

  async emailTaken(email: string): Promise<boolean> {
    const [taken] = await rowsOf(this.db, sql`select 1 from users where email = ${email} and deleted_at is null`);
    return taken !== undefined;
  }

  /** A dashboard account with no password yet. */
  async insertUser(values: {
    email: string;
    firstName: string;
    lastName: string;
    nodeId: number;
    restaurantId?: number | null;
  }): Promise<{ id: number; xid: string }> {
    const [row] = await rowsOf(
      this.db,
      sql`insert into users (email, first_name, last_name, node_id, restaurant_id, authorized_representative)
          values (${values.email}, ${values.firstName}, ${values.lastName}, ${values.nodeId}, ${values.restaurantId ?? null},
                  ${values.restaurantId !== undefined && values.restaurantId !== null})
          returning id, xid`,
    );
    if (!row) throw new Error('user insert returned nothing');
    return { id: num(row.id), xid: String(row.xid) };
  }

  /** A password link row (the table "forgot password" uses), keyed by the token's hash. */
  async insertPasswordLink(userId: number, email: string, tokenHash: string, expiresAt: Date, now: Date) {
    await this.db.execute(
      sql`insert into password_resets (email, ip, user_id, token_hash, expires_at, created_at)
          values (${email}, 'invite', ${userId}, ${tokenHash}, ${expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`,
    );
  }

  async insertInvitedMember(values: {
    userId: number;
    nodeId: number;
    teamRole: string;
    invitedBy: number;
    inviteExpiresAt: Date;
    now: Date;
  }): Promise<void> {
    const v = values;
    await this.db.execute(
      sql`insert into agent_team_members (user_id, agent_node_id, team_role, invited_by_user_id, invite_expires_at, created_at)
          values (${v.userId}, ${v.nodeId}, ${v.teamRole}, ${v.invitedBy},
                  ${v.inviteExpiresAt.toISOString()}::timestamptz, ${v.now.toISOString()}::timestamptz)`,
    );
  }

  /** Removes an account that never chose a password (its link rows go with it). */
  async deleteUserWithoutPassword(userId: number): Promise<void> {
    await this.db.execute(sql`delete from users where id = ${userId} and password_hash is null`);
  }

  async setTeamRole(userId: number, nodeId: number, teamRole: string, now: Date): Promise<void> {
    await this.db.execute(
      sql`insert into agent_team_members (user_id, agent_node_id, team_role, created_at)
          values (${userId}, ${nodeId}, ${teamRole}, ${now.toISOString()}::timestamptz)
          on conflict (user_id) do update set team_role = excluded.team_role`,
    );
  }

  async replaceAssignments(userId: number, restaurantIds: readonly number[]): Promise<void> {
    await this.db.execute(sql`delete from agent_member_restaurants where user_id = ${userId}`);
    if (restaurantIds.length > 0)
      await this.db.execute(
        sql`insert into agent_member_restaurants (user_id, restaurant_id)
            select ${userId}, unnest(${sql.param([...restaurantIds])}::int[])`,
      );
  }

  async setUserStatus(userId: number, status: string, now: Date): Promise<void> {
    await this.db.execute(
      sql`update users set status = ${status}, updated_at = ${now.toISOString()}::timestamptz where id = ${userId}`,
    );
  }

  async revokeSessions(userId: number, now: Date): Promise<void> {
    await this.db.execute(
      sql`update sessions set revoked_at = ${now.toISOString()}::timestamptz where user_id = ${userId} and revoked_at is null`,
    );
  }

  // --- commission rules --------------------------------------------------------------------------

  commissionRules(nodeId: number): Promise<TRow[]> {
    return rowsOf(
      this.db,
      sql`select c.*, n.xid, r.name from agent_commission_rules c
          left join restaurants r on r.id = c.restaurant_id left join nodes n on n.id = r.node_id
          where c.agent_node_id = ${nodeId}
          order by c.restaurant_id nulls first, c.plan, c.basis, c.starts_on desc, c.id desc`,
    );
  }

  /** The new rule's id. */
  async insertCommissionRule(values: {
    nodeId: number;
    restaurantId: number | null;
    plan: string | null;
    basis: string;
    rateBps: number;
    startsOn: string;
    endsOn: string | null;
    userId: number;
    now: Date;
  }): Promise<number> {
    const v = values;
    const [row] = await rowsOf(
      this.db,
      sql`insert into agent_commission_rules (agent_node_id, restaurant_id, plan, basis, rate_bps, starts_on, ends_on, created_by_user_id, created_at)
          values (${v.nodeId}, ${v.restaurantId}, ${v.plan}, ${v.basis}, ${v.rateBps}, ${v.startsOn},
                  ${v.endsOn}, ${v.userId}, ${v.now.toISOString()}::timestamptz)
          returning id`,
    );
    return num(row?.id);
  }
}
