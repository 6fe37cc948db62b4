import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { nodes } from '../../db/schema/nodes.ts';
import { restaurants } from '../../db/schema/restaurants.ts';

/** SQL for "path lies in the subtree rooted at rootPath" (the root included); see db/schema/nodes.ts. */
function inSubtree(path: typeof nodes.path, rootPath: string) {
  // Paths are digits and slashes only, so nothing in them needs escaping for LIKE.
  return like(path, `${rootPath}%`);
}

export class NodeRepository {
  constructor(private readonly db: Database) {}

  /** The node, only if it lies inside the subtree at rootPath; undefined tells nothing about existence. */
  async findInSubtree(xid: string, rootPath: string) {
    const [row] = await this.db
      .select({ id: nodes.id, xid: nodes.xid, type: nodes.type, path: nodes.path })
      .from(nodes)
      .where(and(eq(nodes.xid, xid), inSubtree(nodes.path, rootPath)))
      .limit(1);
    return row;
  }

  /**
   * A restaurant whose node lies inside the subtree at rootPath. With userId: when that user is an
   * agent team member with the 'member' role, only a restaurant assigned to them (issue 13).
   */
  async findRestaurantInSubtree(xid: string, rootPath: string, userId?: number) {
    const assigned =
      userId === undefined
        ? undefined
        : sql`(not exists (select 1 from agent_team_members m where m.user_id = ${userId} and m.team_role = 'member')
            or exists (select 1 from agent_member_restaurants a where a.user_id = ${userId} and a.restaurant_id = ${restaurants.id}))`;
    const [row] = await this.db
      .select({ restaurantId: restaurants.id, nodeXid: nodes.xid })
      .from(nodes)
      .innerJoin(restaurants, eq(restaurants.nodeId, nodes.id))
      .where(and(eq(nodes.xid, xid), eq(nodes.type, 'restaurant'), inSubtree(nodes.path, rootPath), assigned))
      .limit(1);
    return row;
  }

  /** Direct children, groups (agents, teams) before restaurants, each alphabetically. */
  async children(parentId: number) {
    return this.db
      .select({
        xid: nodes.xid,
        type: nodes.type,
        firstName: nodes.firstName,
        lastName: nodes.lastName,
        restname: nodes.restname,
        restaurantName: restaurants.name,
        restaurantFullname: restaurants.fullname,
        hasChildren: sql<boolean>`exists (select 1 from ${nodes} as child where child.parent_id = ${nodes.id})`,
      })
      .from(nodes)
      .leftJoin(restaurants, eq(restaurants.nodeId, nodes.id))
      .where(eq(nodes.parentId, parentId))
      .orderBy(
        sql`case ${nodes.type} when 'agent' then 0 when 'team' then 1 else 2 end`,
        asc(sql`lower(coalesce(${nodes.restname}, ${nodes.firstName} || ' ' || coalesce(${nodes.lastName}, ''), ''))`),
        asc(nodes.id),
      );
  }
}
