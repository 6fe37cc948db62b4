import { createHash, randomBytes } from 'node:crypto';
import type {
  TAgentDashboard,
  TAgentMe,
  TPortfolioQuery,
  TPortfolioResponse,
  TTeamMember,
  TTeamRole,
  TUpdateMemberRequest,
} from '@ra/shared/agent/agent.schemas';
import { memberRefusal, placeOf } from '@ra/shared/agent/team-authority';
import { parseDay, payPeriodsOfMonth } from '@ra/shared/agent/pay-periods';
import type { z } from 'zod';
import type { ZInviteMemberRequest, ZPortfolioUpdate } from '@ra/shared/agent/agent.schemas';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { EmailSender } from '../../adapters/email/email-sender.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { ERROR_CODES } from '@ra/shared/errors';
import { AGENT_MESSAGES } from '@ra/shared/agent/agent.messages';
import type { Clock } from '../../lib/clock.ts';
import type { AuditRepository } from '../../db/audit.repository.ts';
import { dayOf, isoOrNull, num } from '../../db/sql-util.ts';
import type { AgentRepository } from './agent.repository.ts';
import { agentScope, agentToday, fieldError, refuse, requireTeamAdmin, type TAgentScope } from './agent-scope.ts';

/** How long an invitation link works (issue 13 "a link that expires"). */
export const INVITE_TTL_DAYS = 7;
/** A live restaurant with no order for this long is flagged on the dashboard. */
export const QUIET_DAYS = 3;

export interface TAgentServiceDeps {
  repo: AgentRepository;
  /** Records refusals outside any transaction (the changes record theirs in their own). */
  audit: AuditRepository;
  clock: Clock;
  email: EmailSender;
  publicUrl: string | undefined;
}

/**
 * An invitation is a password link: the invited person chooses a password on the existing
 * /resetPassword page, which uses the same table and hash as "forgot password" (account module), so
 * there is one way to set a password from an email and it expires and works once the same way.
 */
export async function createPasswordLink(
  repo: AgentRepository,
  user: { id: number; email: string },
  now: Date,
  ttlDays: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = createHash('sha256').update(`password-reset:${token}`).digest('hex');
  const expiresAt = new Date(now.getTime() + ttlDays * 86_400_000);
  await repo.insertPasswordLink(user.id, user.email, tokenHash, expiresAt, now);
  return { token, expiresAt };
}

export function inviteEmail(link: string, who: string, what: { en: string; zh: string }, days: number) {
  return {
    subject: 'You are invited to Restaurant Admin System / 餐厅管理系统邀请',
    text: [
      `${who} invited you ${what.en}.`,
      `Open this link within ${days} days to choose your password (it works once):`,
      link,
      '',
      `${who} 邀请您${what.zh}。`,
      `请在 ${days} 天内打开以下链接设置密码（链接只能使用一次）：`,
      link,
    ].join('\n'),
  };
}

export class AgentService {
  private readonly repo: AgentRepository;

  constructor(private readonly deps: TAgentServiceDeps) {
    this.repo = deps.repo;
  }

  scope(auth: AuthContext): Promise<TAgentScope> {
    return agentScope(this.repo, auth);
  }

  today(): string {
    return agentToday(this.deps.clock.now());
  }

  /** The name of the node the caller signs in at (agent or team), for statements and emails. */
  nodeName(nodeId: number): Promise<string> {
    return this.repo.nodeName(nodeId);
  }

  link(path: string, origin: string): string {
    return `${(this.deps.publicUrl ?? origin).replace(/\/+$/, '')}${path}`;
  }

  async me(auth: AuthContext): Promise<TAgentMe> {
    const scope = await this.scope(auth);
    return {
      name: `${auth.firstName} ${auth.lastName}`.trim() || auth.email,
      nodeXid: auth.node.xid,
      nodeName: await this.repo.nodeName(scope.nodeId),
      teamRole: scope.teamRole,
      referralCode: auth.node.xid,
      xid: scope.account.xid,
      place: scope.account.place,
      platformStaff: scope.account.platformStaff,
    };
  }

  // --- portfolio ---------------------------------------------------------------------------------

  async portfolio(auth: AuthContext, query: TPortfolioQuery): Promise<TPortfolioResponse> {
    const scope = await this.scope(auth);
    const { total, rows } = await this.repo.portfolioPage({
      path: scope.path,
      restaurantIds: scope.restaurantIds,
      q: query.q,
      status: query.status,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    const today = this.today();
    const monthStart = `${today.slice(0, 7)}-01`;
    const ids = rows.map((r) => num(r.id));
    const sales = await this.repo.dailyNetSales(ids, monthStart, today);
    const dayIndex = (day: string) => parseDay(day).day - 1;
    const length = parseDay(today).day;
    const trends = new Map<number, number[]>(ids.map((id) => [id, Array.from({ length }, () => 0)]));
    for (const s of sales) {
      const trend = trends.get(num(s.restaurant_id));
      if (trend) trend[dayIndex(dayOf(s.business_day))] = num(s.cents);
    }
    const assigned = new Map<number, Array<{ xid: string; name: string }>>();
    for (const a of await this.repo.assignees(ids)) {
      const list = assigned.get(num(a.restaurant_id)) ?? [];
      list.push({ xid: String(a.xid), name: String(a.name) });
      assigned.set(num(a.restaurant_id), list);
    }
    const quietBefore = this.deps.clock.now().getTime() - QUIET_DAYS * 86_400_000;
    return {
      total,
      page: query.page,
      pageSize: query.pageSize,
      items: rows.map((r) => {
        const id = num(r.id);
        const trend = trends.get(id) ?? [];
        const lastOrderAt = isoOrNull(r.last_order_at);
        const status = String(r.status) as TPortfolioResponse['items'][number]['status'];
        return {
          xid: String(r.xid),
          name: String(r.name),
          city: String(r.city ?? ''),
          timeZone: String(r.time_zone ?? 'Unknown'),
          status,
          plan: String(r.plan) as TPortfolioResponse['items'][number]['plan'],
          monthlyFeeCents: num(r.fee),
          since: r.since === null || r.since === undefined ? null : dayOf(r.since),
          lastOrderAt,
          lastSignInAt: isoOrNull(r.last_sign_in_at),
          quiet: status === 'live' && (lastOrderAt === null || new Date(lastOrderAt).getTime() < quietBefore),
          monthSalesCents: trend.reduce((a, b) => a + b, 0),
          trend,
          assignedTo: assigned.get(id) ?? [],
        };
      }),
    };
  }

  async updatePortfolio(auth: AuthContext, xid: string, body: z.infer<typeof ZPortfolioUpdate>, ip: string) {
    const scope = await this.scope(auth);
    requireTeamAdmin(scope);
    const [target] = await this.repo.restaurantsByXid(scope.path, scope.restaurantIds, [xid]);
    if (!target) throw notFound();
    const today = this.today();
    await this.repo.transaction(async (repo, audit) => {
      await repo.upsertPortfolio(target.id, body, today, this.deps.clock.now());
      await audit.record({
        restaurantId: target.id,
        actorUserId: auth.userId,
        action: 'agent.portfolio.update',
        targetType: 'restaurant',
        targetId: xid,
        details: { ...body },
        ip,
        at: this.deps.clock.now(),
      });
    });
    return { ok: true as const };
  }

  async dashboard(auth: AuthContext): Promise<TAgentDashboard> {
    const scope = await this.scope(auth);
    const today = this.today();
    const monthStart = `${today.slice(0, 7)}-01`;
    const quietBefore = new Date(this.deps.clock.now().getTime() - QUIET_DAYS * 86_400_000);
    const { row, quiet } = await this.repo.dashboardCounts(scope.path, scope.restaurantIds, monthStart, quietBefore);
    return {
      month: today.slice(0, 7),
      total: num(row?.total),
      live: num(row?.live),
      newThisMonth: num(row?.new_this_month),
      quiet: quiet.map((q) => ({ xid: String(q.xid), name: String(q.name), lastOrderAt: isoOrNull(q.last_order_at) })),
      earningsThisMonthCents: await this.repo.earningsSum(
        scope.nodeId,
        scope.restaurantIds,
        monthStart,
        payPeriodsOfMonth(today.slice(0, 7))[1].start,
      ),
      pendingApplications: scope.teamRole === 'admin' ? await this.repo.pendingApplications(scope.nodeId) : 0,
    };
  }

  // --- team --------------------------------------------------------------------------------------

  async team(auth: AuthContext): Promise<{ items: TTeamMember[] }> {
    const scope = await this.scope(auth);
    // A member sees only themself; the admin sees the whole team.
    const rows = await this.repo.teamMembers(scope.nodeId, scope.teamRole === 'admin' ? null : scope.userId);
    const assigned = await this.repo.memberAssignments(rows.map((r) => num(r.id)));
    return {
      items: rows.map((r) => ({
        xid: String(r.xid),
        name: `${String(r.first_name)} ${String(r.last_name)}`.trim(),
        email: String(r.email),
        teamRole: String(r.team_role) as 'admin' | 'member',
        status: r.status === 'inactive' ? 'inactive' : r.has_password ? 'active' : 'invited',
        restaurants: assigned
          .filter((a) => num(a.user_id) === num(r.id))
          .map((a) => ({ xid: String(a.xid), name: String(a.name) })),
        inviteExpiresAt: r.has_password ? null : isoOrNull(r.invite_expires_at),
        lastSignInAt: isoOrNull(r.last_sign_in_at),
        place: placeOf(r.team_row === null || r.team_row === undefined ? null : (String(r.team_row) as TTeamRole)),
        platformStaff: r.is_admin === true,
      })),
    };
  }

  async invite(auth: AuthContext, body: z.output<typeof ZInviteMemberRequest>, ip: string, origin: string) {
    const scope = await this.scope(auth);
    requireTeamAdmin(scope);
    const now = this.deps.clock.now();
    const who = `${auth.firstName} ${auth.lastName}`.trim();
    const nodeName = await this.repo.nodeName(scope.nodeId);
    const invited = await this.repo.transaction(async (repo, audit) => {
      const created = await createAgentUser(repo, {
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        nodeId: scope.nodeId,
      });
      await repo.insertInvitedMember({
        userId: created.id,
        nodeId: scope.nodeId,
        teamRole: body.teamRole,
        invitedBy: auth.userId,
        inviteExpiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000),
        now,
      });
      const { token } = await createPasswordLink(repo, { id: created.id, email: body.email }, now, INVITE_TTL_DAYS);
      await audit.record({
        restaurantId: null,
        actorUserId: auth.userId,
        action: 'agent.member.invite',
        targetType: 'user',
        targetId: created.xid,
        details: { email: body.email, teamRole: body.teamRole, nodeXid: auth.node.xid },
        ip,
        at: now,
      });
      return { ...created, token };
    });
    try {
      await this.deps.email.send({
        to: body.email,
        ...inviteEmail(
          this.link(`/resetPassword?token=${invited.token}`, origin),
          who,
          { en: `to the team of ${nodeName}`, zh: `加入 ${nodeName} 团队` },
          INVITE_TTL_DAYS,
        ),
      });
    } catch (error) {
      // An invitation nobody received must not leave an account behind (its link rows go with it).
      await this.repo.deleteUserWithoutPassword(invited.id);
      throw new AppError(503, ERROR_CODES.emailUnavailable, AGENT_MESSAGES['agent.inviteEmailFailed'].en, {
        cause: error,
      });
    }
    return { ok: true as const, xid: invited.xid };
  }

  async updateMember(auth: AuthContext, memberXid: string, body: TUpdateMemberRequest, ip: string) {
    const scope = await this.scope(auth);
    requireTeamAdmin(scope);
    const member = await this.repo.memberByXid(memberXid, scope.nodeId);
    if (!member) throw notFound();
    const userId = num(member.id);
    // Nobody acts on themself, on platform staff (unless staff), or on anyone at or above them.
    const refusal = memberRefusal(
      scope.account,
      {
        xid: String(member.xid),
        // the team lists only the caller's own node
        depth: scope.account.depth,
        place: placeOf(member.team_role === null ? null : (String(member.team_role) as TTeamRole)),
        platformStaff: member.is_admin === true,
      },
      body,
    );
    if (refusal) {
      await this.deps.audit.record({
        restaurantId: null,
        actorUserId: auth.userId,
        action: `${memberAction(body)}.refused`,
        targetType: 'user',
        targetId: memberXid,
        details: { ...body, reason: refusal },
        ip,
        at: this.deps.clock.now(),
      });
      throw refuse(refusal);
    }
    const restaurants =
      body.restaurantXids === undefined
        ? undefined
        : await this.repo.restaurantsByXid(scope.path, null, body.restaurantXids);
    if (restaurants && body.restaurantXids && restaurants.length !== new Set(body.restaurantXids).size)
      throw fieldError('restaurantXids', 'agent.restaurantNotInTree');
    const now = this.deps.clock.now();
    await this.repo.transaction(async (repo, audit) => {
      if (body.teamRole) await repo.setTeamRole(userId, scope.nodeId, body.teamRole, now);
      if (restaurants)
        await repo.replaceAssignments(
          userId,
          restaurants.map((r) => r.id),
        );
      if (body.status && body.status !== member.status) {
        await repo.setUserStatus(userId, body.status, now);
        // As for employees (team module): deactivation ends every session at once.
        if (body.status === 'inactive') await repo.revokeSessions(userId, now);
      }
      await audit.record({
        restaurantId: null,
        actorUserId: auth.userId,
        action: memberAction(body),
        targetType: 'user',
        targetId: memberXid,
        details: { ...body },
        ip,
        at: now,
      });
    });
    return { ok: true as const };
  }
}

/** The audit action of a change to a team member. */
const memberAction = (body: TUpdateMemberRequest) =>
  body.status === 'inactive'
    ? 'agent.member.deactivate'
    : body.status === 'active'
      ? 'agent.member.reactivate'
      : 'agent.member.update';

/** A dashboard account with no password yet (it is chosen through the emailed link). */
export async function createAgentUser(
  repo: AgentRepository,
  values: { email: string; firstName: string; lastName: string; nodeId: number; restaurantId?: number | null },
): Promise<{ id: number; xid: string }> {
  if (await repo.emailTaken(values.email)) throw fieldError('email', 'agent.emailTaken');
  return repo.insertUser(values);
}
