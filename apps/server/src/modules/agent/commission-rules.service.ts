import type { z } from 'zod';
import type { TCommissionRule, ZCommissionRuleRequest } from '@ra/shared/agent/agent.schemas';
import type { Clock } from '../../lib/clock.ts';
import { dayOf, num, strOrNull } from '../../db/sql-util.ts';
import type { AgentRepository } from './agent.repository.ts';
import { fieldError, requireTeamAdmin, type TAgentScope } from './agent-scope.ts';

/** The earning structure (issue 13): rules per restaurant or per plan, each with its dates. */
export class CommissionRulesService {
  constructor(
    private readonly repo: AgentRepository,
    private readonly clock: Clock,
  ) {}

  async list(scope: TAgentScope): Promise<{ items: TCommissionRule[] }> {
    requireTeamAdmin(scope);
    const rows = await this.repo.commissionRules(scope.nodeId);
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
    return this.repo.transaction(async (repo, audit) => {
      const id = await repo.insertCommissionRule({
        nodeId: scope.nodeId,
        restaurantId,
        plan: body.plan,
        basis: body.basis,
        rateBps: body.rateBps,
        startsOn: body.startsOn!,
        endsOn: body.endsOn,
        userId: scope.userId,
        now,
      });
      await audit.record({
        restaurantId,
        actorUserId: scope.userId,
        action: 'agent.commissionRule.create',
        targetType: 'commissionRule',
        targetId: String(id),
        details: { ...body },
        ip,
        at: now,
      });
      return { ok: true as const, id };
    });
  }
}
