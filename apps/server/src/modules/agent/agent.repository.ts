import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * The only place with the agent area's SQL. Every read takes the caller's subtree path (nodes.path of
 * the node they sign in at) and, for a team member, the restaurants assigned to them, so nothing
 * outside the caller's reach can come back (issue 13 "subtree isolation on every call").
 */

import { dayOf, isoOrNull, num, rowsOf, strOrNull, type TRow } from '../../db/sql-util.ts';

export { dayOf, isoOrNull, num, rowsOf, strOrNull, type TRow };

/** A whole array as one bind parameter (drizzle would otherwise expand it into a list). */
export const intArray = (values: readonly number[]): SQL => sql`${sql.param(values)}::int[]`;

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
}
