import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TCommissionRule, ZCommissionRuleRequest } from '@ra/shared/agent/agent.schemas';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import { dayOf, num, rowsOf, strOrNull, type AgentRepository } from './agent.repository.ts';
import { fieldError, requireTeamAdmin, type TAgentScope } from './agent-scope.ts';

/** The earning structure (issue 13): rules per restaurant or per plan, each with its dates. */
export class CommissionRulesService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly repo: AgentRepository,
  ) {}

  async list(scope: TAgentScope): Promise<{ items: TCommissionRule[] }> {
    requireTeamAdmin(scope);
    const rows = await rowsOf(
      this.db,
      sql`select c.*, n.xid, r.name from agent_commission_rules c
          left join restaurants r on r.id = c.restaurant_id left join nodes n on n.id = r.node_id
          where c.agent_node_id = ${scope.nodeId}
          order by c.restaurant_id nulls first, c.plan, c.basis, c.starts_on desc, c.id desc`,
    );
    return {
      items: rows.map((r) => ({
        id: num(r.id),
        restaurant: r.xid ? { xid: String(r.xid), name: String(r.name) } : null,
        plan: (strOrNull(r.plan) as TCommissionRule['plan']) ?? null,
        basis: String(r.basis) as TCommissionRule['basis'],
        rateBps: num(r.rate_bps),
        startsOn: dayOf(r.starts_on),
        endsOn: r.ends_on === null ? null : dayOf(r.ends_on),
      })),
    };
  }

  async create(scope: TAgentScope, body: z.output<typeof ZCommissionRuleRequest>, ip: string) {
    requireTeamAdmin(scope);
    let restaurantId: number | null = null;
    if (body.restaurantXid) {
      const [r] = await this.repo.restaurantsByXid(scope.path, null, [body.restaurantXid]);
      if (!r) throw fieldError('restaurantXid', 'agent.restaurantNotInTree');
      restaurantId = r.id;
    }
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [row] = await rowsOf(
        tx,
        sql`insert into agent_commission_rules (agent_node_id, restaurant_id, plan, basis, rate_bps, starts_on, ends_on, created_by_user_id, created_at)
            values (${scope.nodeId}, ${restaurantId}, ${body.plan}, ${body.basis}, ${body.rateBps}, ${body.startsOn!},
                    ${body.endsOn}, ${scope.userId}, ${now.toISOString()}::timestamptz)
            returning id`,
      );
      await new AuditRepository(tx).record({
        restaurantId,
        actorUserId: scope.userId,
        action: 'agent.commissionRule.create',
        targetType: 'commissionRule',
        targetId: String(num(row?.id)),
        details: { ...body },
        ip,
        at: now,
      });
      return { ok: true as const, id: num(row?.id) };
    });
  }
}
