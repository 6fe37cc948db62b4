import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
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
import type { Database } from '../../db/client.ts';
import type { EmailSender } from '../../adapters/email/email-sender.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { ERROR_CODES } from '@ra/shared/errors';
import { AGENT_MESSAGES } from '@ra/shared/agent/agent.messages';
import type { Clock } from '../../lib/clock.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import { AgentRepository, dayOf, isoOrNull, num, rowsOf } from './agent.repository.ts';
import { agentScope, agentToday, fieldError, refuse, requireTeamAdmin, type TAgentScope } from './agent-scope.ts';

/** How long an invitation link works (issue 13 "a link that expires"). */
export const INVITE_TTL_DAYS = 7;
/** A live restaurant with no order for this long is flagged on the dashboard. */
export const QUIET_DAYS = 3;

export interface TAgentServiceDeps {
  db: Database;
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
  tx: Database,
  user: { id: number; email: string },
  now: Date,
  ttlDays: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = createHash('sha256').update(`password-reset:${token}`).digest('hex');
  const expiresAt = new Date(now.getTime() + ttlDays * 86_400_000);
  await tx.execute(
    sql`insert into password_resets (email, ip, user_id, token_hash, expires_at, created_at)
        values (${user.email}, 'invite', ${user.id}, ${tokenHash}, ${expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`,
  );
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
  readonly repo: AgentRepository;

  constructor(private readonly deps: TAgentServiceDeps) {
    this.repo = new AgentRepository(deps.db);
  }

  scope(auth: AuthContext): Promise<TAgentScope> {
    return agentScope(this.repo, auth);
  }

  today(): string {
    return agentToday(this.deps.clock.now());
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
    await this.deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into agent_portfolio (restaurant_id, status, plan, since, updated_at)
            values (${target.id}, ${body.status ?? 'onboarding'}, ${body.plan ?? 'starter'},
                    ${body.status === 'live' ? today : null}, ${this.deps.clock.now().toISOString()}::timestamptz)
            on conflict (restaurant_id) do update set
              status = coalesce(${body.status ?? null}, agent_portfolio.status),
              plan = coalesce(${body.plan ?? null}, agent_portfolio.plan),
              since = case when ${body.status ?? null}::text = 'live' and agent_portfolio.status <> 'live'
                           then ${today}::date else agent_portfolio.since end,
              updated_at = excluded.updated_at`,
      );
      await new AuditRepository(tx).record({
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
    const rows = await rowsOf(
      this.deps.db,
      sql`select u.id, u.xid, u.email, u.first_name, u.last_name, u.status, u.password_hash is not null as has_password,
                 coalesce(m.team_role, 'admin') as team_role, m.team_role as team_row, u.is_admin, m.invite_expires_at,
                 (select max(s.created_at) from sessions s where s.user_id = u.id) as last_sign_in_at
          from users u join nodes n on n.id = u.node_id
          left join agent_team_members m on m.user_id = u.id
          where u.restaurant_id is null and u.deleted_at is null and n.id = ${scope.nodeId}
            ${scope.teamRole === 'admin' ? sql`` : sql`and u.id = ${scope.userId}`}
          order by coalesce(m.team_role, 'admin'), lower(u.first_name), u.id`,
    );
    const ids = rows.map((r) => num(r.id));
    const assigned =
      ids.length === 0
        ? []
        : await rowsOf(
            this.deps.db,
            sql`select a.user_id, n.xid, r.name from agent_member_restaurants a
                join restaurants r on r.id = a.restaurant_id join nodes n on n.id = r.node_id
                where a.user_id = any(${sql.param(ids)}::int[]) order by lower(r.name)`,
          );
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
    const invited = await this.deps.db.transaction(async (tx) => {
      const created = await createAgentUser(tx, {
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        nodeId: scope.nodeId,
      });
      await tx.execute(
        sql`insert into agent_team_members (user_id, agent_node_id, team_role, invited_by_user_id, invite_expires_at, created_at)
            values (${created.id}, ${scope.nodeId}, ${body.teamRole}, ${auth.userId},
                    ${new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000).toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`,
      );
      const { token } = await createPasswordLink(tx, { id: created.id, email: body.email }, now, INVITE_TTL_DAYS);
      await new AuditRepository(tx).record({
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
      await this.deps.db.execute(sql`delete from users where id = ${invited.id} and password_hash is null`);
      throw new AppError(503, ERROR_CODES.emailUnavailable, AGENT_MESSAGES['agent.inviteEmailFailed'].en, {
        cause: error,
      });
    }
    return { ok: true as const, xid: invited.xid };
  }

  async updateMember(auth: AuthContext, memberXid: string, body: TUpdateMemberRequest, ip: string) {
    const scope = await this.scope(auth);
    requireTeamAdmin(scope);
    const [member] = await rowsOf(
      this.deps.db,
      sql`select u.id, u.xid, u.status, u.is_admin, m.team_role from users u
          left join agent_team_members m on m.user_id = u.id
          where u.xid = ${memberXid} and u.node_id = ${scope.nodeId} and u.restaurant_id is null and u.deleted_at is null`,
    );
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
      await new AuditRepository(this.deps.db).record({
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
    await this.deps.db.transaction(async (tx) => {
      if (body.teamRole) {
        await tx.execute(
          sql`insert into agent_team_members (user_id, agent_node_id, team_role, created_at)
              values (${userId}, ${scope.nodeId}, ${body.teamRole}, ${now.toISOString()}::timestamptz)
              on conflict (user_id) do update set team_role = excluded.team_role`,
        );
      }
      if (restaurants) {
        await tx.execute(sql`delete from agent_member_restaurants where user_id = ${userId}`);
        if (restaurants.length > 0)
          await tx.execute(
            sql`insert into agent_member_restaurants (user_id, restaurant_id)
                select ${userId}, unnest(${sql.param(restaurants.map((r) => r.id))}::int[])`,
          );
      }
      if (body.status && body.status !== member.status) {
        await tx.execute(
          sql`update users set status = ${body.status}, updated_at = ${now.toISOString()}::timestamptz where id = ${userId}`,
        );
        // As for employees (team module): deactivation ends every session at once.
        if (body.status === 'inactive')
          await tx.execute(
            sql`update sessions set revoked_at = ${now.toISOString()}::timestamptz where user_id = ${userId} and revoked_at is null`,
          );
      }
      await new AuditRepository(tx).record({
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
  tx: Database,
  values: { email: string; firstName: string; lastName: string; nodeId: number; restaurantId?: number | null },
): Promise<{ id: number; xid: string }> {
  const [taken] = await rowsOf(tx, sql`select 1 from users where email = ${values.email} and deleted_at is null`);
  if (taken) throw fieldError('email', 'agent.emailTaken');
  const [row] = await rowsOf(
    tx,
    sql`insert into users (email, first_name, last_name, node_id, restaurant_id, authorized_representative)
        values (${values.email}, ${values.firstName}, ${values.lastName}, ${values.nodeId}, ${values.restaurantId ?? null},
                ${values.restaurantId !== undefined && values.restaurantId !== null})
        returning id, xid`,
  );
  if (!row) throw new Error('user insert returned nothing');
  return { id: num(row.id), xid: String(row.xid) };
}
