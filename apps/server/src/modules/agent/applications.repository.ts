import { sql, type SQL } from 'drizzle-orm';
import { allRoleFlags, emptyRoleFlags } from '@ra/shared/permissions';
import { AuditRepository } from '../../db/audit.repository.ts';
import type { Database } from '../../db/client.ts';
import { num, rowsOf, type TRow } from '../../db/sql-util.ts';
import { AgentRepository } from './agent.repository.ts';

/** The SQL of application review (applications.service.ts holds the rules). */
export class ApplicationsRepository {
  constructor(private readonly db: Database) {}

  /** One transaction for the application and the people and restaurant its approval opens. */
  transaction<T>(
    work: (repo: ApplicationsRepository, agents: AgentRepository, audit: AuditRepository) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction((tx) =>
      work(new ApplicationsRepository(tx), new AgentRepository(tx), new AuditRepository(tx)),
    );
  }

  private where(nodeId: number, q: { kind?: string | undefined; status?: string | undefined }): SQL {
    return sql`a.agent_node_id = ${nodeId}
      ${q.kind ? sql`and a.kind = ${q.kind}` : sql``} ${q.status ? sql`and a.status = ${q.status}` : sql``}`;
  }

  /** A page of the node's applications (pending first, newest first) and how many match. */
  async page(
    nodeId: number,
    q: { kind?: string | undefined; status?: string | undefined; page: number; pageSize: number },
  ): Promise<{ rows: TRow[]; total: number }> {
    const where = this.where(nodeId, q);
    const [count] = await rowsOf(this.db, sql`select count(*) as n from agent_applications a where ${where}`);
    const rows = await rowsOf(
      this.db,
      sql`select a.*, trim(rv.first_name || ' ' || rv.last_name) as reviewer,
                 coalesce(rn.xid, cu.xid) as created_xid, coalesce(r.name, trim(cu.first_name || ' ' || cu.last_name)) as created_name
          from agent_applications a
          left join users rv on rv.id = a.reviewer_user_id
          left join restaurants r on r.id = a.created_restaurant_id left join nodes rn on rn.id = r.node_id
          left join users cu on cu.id = a.created_user_id and a.kind = 'member'
          where ${where}
          order by (a.status = 'pending') desc, a.created_at desc, a.id desc
          limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
    );
    return { rows, total: num(count?.n) };
  }

  /** The node's application, locked for the decision. */
  async lockApplication(nodeId: number, id: number): Promise<TRow | undefined> {
    const [row] = await rowsOf(
      this.db,
      sql`select * from agent_applications where id = ${id} and agent_node_id = ${nodeId} for update`,
    );
    return row;
  }

  async markRejected(id: number, reason: string, note: string, reviewerId: number, now: Date): Promise<void> {
    await this.db.execute(
      sql`update agent_applications set status = 'rejected', reject_reason = ${reason}, reject_note = ${note},
            reviewer_user_id = ${reviewerId}, reviewed_at = ${now.toISOString()}::timestamptz where id = ${id}`,
    );
  }

  async markApproved(
    id: number,
    reviewerId: number,
    now: Date,
    created: { restaurantId: number | null; userId: number },
  ): Promise<void> {
    await this.db.execute(
      sql`update agent_applications set status = 'approved', reviewer_user_id = ${reviewerId},
            reviewed_at = ${now.toISOString()}::timestamptz, created_restaurant_id = ${created.restaurantId},
            created_user_id = ${created.userId} where id = ${id}`,
    );
  }

  /** A restaurant node under the agent's node (path and depth from it). */
  async insertRestaurantNode(parent: { id: number; path: string }, name: string): Promise<{ id: number; xid: string }> {
    const [node] = await rowsOf(
      this.db,
      sql`insert into nodes (parent_id, type, restname, path, depth)
          select id, 'restaurant', ${name}, '', depth + 1 from nodes where id = ${parent.id}
          returning id, xid`,
    );
    const nodeId = num(node?.id);
    await this.db.execute(sql`update nodes set path = ${parent.path} || id || '/' where id = ${nodeId}`);
    return { id: nodeId, xid: String(node?.xid) };
  }

  /** The restaurant's id. */
  async insertRestaurant(
    nodeId: number,
    values: { name: string; city: string; state: string; phone: string },
  ): Promise<number> {
    const [restaurant] = await rowsOf(
      this.db,
      sql`insert into restaurants (node_id, name, fullname, city, state, phone, config)
          values (${nodeId}, ${values.name}, ${values.name}, ${values.city}, ${values.state}, ${values.phone},
                  ${JSON.stringify({ version: '1.0.0' })}::jsonb)
          returning id`,
    );
    return num(restaurant?.id);
  }

  /** The new restaurant's two roles: Owner (every flag) and Staff (none); the Owner role's id. */
  async insertStarterRoles(restaurantId: number): Promise<number> {
    const roles = await rowsOf(
      this.db,
      sql`insert into roles (restaurant_id, name, flags) values
            (${restaurantId}, 'Owner', ${JSON.stringify(allRoleFlags())}::jsonb),
            (${restaurantId}, 'Staff', ${JSON.stringify(emptyRoleFlags())}::jsonb)
          returning id, name`,
    );
    return num(roles.find((r) => r.name === 'Owner')?.id);
  }

  async insertUserRole(userId: number, roleId: number, restaurantId: number): Promise<void> {
    await this.db.execute(
      sql`insert into user_roles (user_id, role_id, restaurant_id) values (${userId}, ${roleId}, ${restaurantId})`,
    );
  }

  async insertOnboardingPortfolio(restaurantId: number, plan: string, now: Date): Promise<void> {
    await this.db.execute(
      sql`insert into agent_portfolio (restaurant_id, status, plan, monthly_fee_cents, updated_at)
          values (${restaurantId}, 'onboarding', ${plan}, 0, ${now.toISOString()}::timestamptz)`,
    );
  }

  /** The agent or team node a referral code (its xid) names. */
  async referrerNodeId(ref: string): Promise<number | undefined> {
    const [agent] = await rowsOf(this.db, sql`select id from nodes where xid = ${ref} and type in ('agent', 'team')`);
    return agent ? num(agent.id) : undefined;
  }

  async insertApplication(
    nodeId: number,
    values: {
      kind: string;
      businessName: string | null;
      firstName: string;
      lastName: string;
      email: string;
      phone: string;
      city: string;
      state: string;
      plan: string | null;
      message: string;
    },
    now: Date,
  ): Promise<void> {
    const v = values;
    await this.db.execute(
      sql`insert into agent_applications (agent_node_id, kind, business_name, first_name, last_name, email, phone, city, state, plan, message, created_at)
          values (${nodeId}, ${v.kind}, ${v.businessName}, ${v.firstName},
                  ${v.lastName}, ${v.email}, ${v.phone}, ${v.city}, ${v.state}, ${v.plan}, ${v.message},
                  ${now.toISOString()}::timestamptz)`,
    );
  }
}
