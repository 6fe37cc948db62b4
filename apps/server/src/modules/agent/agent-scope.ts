import { businessDayOf } from '@ra/shared/business-day/business-day';
import { AGENT_MESSAGES } from '@ra/shared/agent/agent.messages';
import { placeOf, type TTeamAccount } from '@ra/shared/agent/team-authority';
import { AGENT_TIME_ZONE } from '@ra/shared/agent/pay-periods';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, FieldError } from '../../lib/errors.ts';
import { ERROR_CODES } from '@ra/shared/errors';
import type { AgentRepository } from './agent.repository.ts';

/**
 * Who is calling the agent area: the node they sign in at (their subtree), their role within the team,
 * and for a member the restaurants assigned to them. Resolved on every call (issue 13: subtree
 * isolation on the server, on every call).
 */
export interface TAgentScope {
  auth: AuthContext;
  nodeId: number;
  path: string;
  userId: number;
  teamRole: 'admin' | 'member';
  /** null: every restaurant of the subtree (admin); otherwise the member's assigned restaurants. */
  restaurantIds: number[] | null;
  /** The caller as the Team tab's rules see them (team-authority.ts). */
  account: TTeamAccount;
}

/** A node's depth from its materialized path ('/1/4/' is 1 below the root). */
export const depthOfPath = (path: string): number => path.split('/').filter(Boolean).length - 1;

export const refuse = (key: keyof typeof AGENT_MESSAGES) =>
  new AppError(403, ERROR_CODES.forbidden, AGENT_MESSAGES[key].en);

export async function agentScope(repo: AgentRepository, auth: AuthContext): Promise<TAgentScope> {
  if (!auth.isAgent) throw refuse('agent.notAgent');
  const member = await repo.memberRow(auth.userId);
  // The account an agent node was opened with has no member row: it is the team's admin.
  const teamRole = member?.teamRole ?? 'admin';
  return {
    auth,
    nodeId: auth.node.id,
    path: auth.node.path,
    userId: auth.userId,
    teamRole,
    restaurantIds: teamRole === 'admin' ? null : await repo.assignedRestaurantIds(auth.userId),
    account: {
      xid: auth.userXid,
      depth: depthOfPath(auth.node.path),
      place: placeOf(member?.teamRole ?? null),
      platformStaff: auth.isAdmin,
    },
  };
}

export function requireTeamAdmin(scope: TAgentScope): void {
  if (scope.teamRole !== 'admin') throw refuse('agent.adminOnly');
}

/**
 * The agent's calendar day. Agents work across their restaurants' zones; the product's agents are in
 * the US and their pay periods follow New York's calendar (docs/decisions.md "Agent area").
 */
export { AGENT_TIME_ZONE };
export const agentToday = (now: Date): string => businessDayOf(now, AGENT_TIME_ZONE, 0);

export function fieldError(field: string, key: keyof typeof AGENT_MESSAGES): FieldError {
  return new FieldError(field, AGENT_MESSAGES[key].en);
}

export const conflict = (key: keyof typeof AGENT_MESSAGES) =>
  new AppError(409, ERROR_CODES.conflict, AGENT_MESSAGES[key].en);
