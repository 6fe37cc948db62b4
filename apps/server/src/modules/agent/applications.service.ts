import { sql } from 'drizzle-orm';
import { allRoleFlags, emptyRoleFlags } from '@ra/shared/permissions';
import type { TApplication, TApplicationsResponse, TRejectRequest } from '@ra/shared/agent/agent.schemas';
import type { z } from 'zod';
import type { ZApplyRequest } from '@ra/shared/agent/agent.schemas';
import { AGENT_MESSAGES } from '@ra/shared/agent/agent.messages';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EmailSender } from '../../adapters/email/email-sender.ts';
import { notFound } from '../../lib/errors.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import { isoOrNull, num, rowsOf, strOrNull } from './agent.repository.ts';
import { conflict, fieldError, requireTeamAdmin, type TAgentScope } from './agent-scope.ts';
import { createAgentUser, createPasswordLink, INVITE_TTL_DAYS, inviteEmail } from './agent.service.ts';

/**
 * Application review (issue 13; SPEC 4 "pending, then approved or rejected (rejection needs a
 * reason)", SPEC 6 "Agents/team members have review and approval rights"). Approving a restaurant
 * opens its node under the agent's tree with an invited owner; approving a member opens the team
 * member. Every decision is audited with reviewer and time.
 */
export class ApplicationsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly email: EmailSender,
    private readonly link: (path: string, origin: string) => string,
  ) {}

  private applicationOf(r: Record<string, unknown>): TApplication {
    return {
      id: num(r.id),
      kind: String(r.kind) as TApplication['kind'],
      status: String(r.status) as TApplication['status'],
      businessName: strOrNull(r.business_name),
      firstName: String(r.first_name),
      lastName: String(r.last_name),
      email: String(r.email),
      phone: String(r.phone),
      city: String(r.city),
      state: String(r.state),
      plan: (strOrNull(r.plan) as TApplication['plan']) ?? null,
      message: String(r.message),
      submittedAt: isoOrNull(r.created_at) ?? '',
      reviewedAt: isoOrNull(r.reviewed_at),
      reviewer: strOrNull(r.reviewer),
      rejectReason: (strOrNull(r.reject_reason) as TApplication['rejectReason']) ?? null,
      rejectNote: strOrNull(r.reject_note),
      created: r.created_xid ? { xid: String(r.created_xid), name: String(r.created_name) } : null,
    };
  }

  async list(
    scope: TAgentScope,
    q: { kind?: string | undefined; status?: string | undefined; page: number; pageSize: number },
  ): Promise<TApplicationsResponse> {
    requireTeamAdmin(scope);
    const where = sql`a.agent_node_id = ${scope.nodeId}
      ${q.kind ? sql`and a.kind = ${q.kind}` : sql``} ${q.status ? sql`and a.status = ${q.status}` : sql``}`;
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
    return { items: rows.map((r) => this.applicationOf(r)), total: num(count?.n) };
  }

  private async pending(tx: Database, scope: TAgentScope, id: number) {
    const [row] = await rowsOf(
      tx,
      sql`select * from agent_applications where id = ${id} and agent_node_id = ${scope.nodeId} for update`,
    );
    if (!row) throw notFound();
    if (row.status !== 'pending') throw conflict('agent.applicationNotPending');
    return row;
  }

  async reject(scope: TAgentScope, id: number, body: TRejectRequest, ip: string) {
    requireTeamAdmin(scope);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await this.pending(tx, scope, id);
      await tx.execute(
        sql`update agent_applications set status = 'rejected', reject_reason = ${body.reason}, reject_note = ${body.note},
              reviewer_user_id = ${scope.userId}, reviewed_at = ${now.toISOString()}::timestamptz where id = ${id}`,
      );
      await new AuditRepository(tx).record({
        restaurantId: null,
        actorUserId: scope.userId,
        action: 'agent.application.reject',
        targetType: 'application',
        targetId: String(id),
        details: { reason: body.reason, note: body.note },
        ip,
        at: now,
      });
    });
    return { ok: true as const, message: AGENT_MESSAGES['agent.rejected'].en };
  }

  async approve(scope: TAgentScope, id: number, ip: string, origin: string) {
    requireTeamAdmin(scope);
    const now = this.clock.now();
    const done = await this.db.transaction(async (tx) => {
      const app = await this.pending(tx, scope, id);
      const email = String(app.email);
      let restaurantId: number | null = null;
      let created: { id: number; xid: string };
      let createdXid: string;
      if (app.kind === 'restaurant') {
        const name = String(app.business_name);
        const [node] = await rowsOf(
          tx,
          sql`insert into nodes (parent_id, type, restname, path, depth)
              select id, 'restaurant', ${name}, '', depth + 1 from nodes where id = ${scope.nodeId}
              returning id, xid`,
        );
        const nodeId = num(node?.id);
        await tx.execute(sql`update nodes set path = ${scope.path} || id || '/' where id = ${nodeId}`);
        const [restaurant] = await rowsOf(
          tx,
          sql`insert into restaurants (node_id, name, fullname, city, state, phone, config)
              values (${nodeId}, ${name}, ${name}, ${String(app.city)}, ${String(app.state)}, ${String(app.phone)},
                      ${JSON.stringify({ version: '1.0.0' })}::jsonb)
              returning id`,
        );
        restaurantId = num(restaurant?.id);
        const roles = await rowsOf(
          tx,
          sql`insert into roles (restaurant_id, name, flags) values
                (${restaurantId}, 'Owner', ${JSON.stringify(allRoleFlags())}::jsonb),
                (${restaurantId}, 'Staff', ${JSON.stringify(emptyRoleFlags())}::jsonb)
              returning id, name`,
        );
        created = await createAgentUser(tx, {
          email,
          firstName: String(app.first_name),
          lastName: String(app.last_name),
          nodeId,
          restaurantId,
        });
        const owner = roles.find((r) => r.name === 'Owner');
        await tx.execute(
          sql`insert into user_roles (user_id, role_id, restaurant_id) values (${created.id}, ${num(owner?.id)}, ${restaurantId})`,
        );
        await tx.execute(
          sql`insert into agent_portfolio (restaurant_id, status, plan, monthly_fee_cents, updated_at)
              values (${restaurantId}, 'onboarding', ${strOrNull(app.plan) ?? 'starter'}, 0, ${now.toISOString()}::timestamptz)`,
        );
        createdXid = String(node?.xid);
      } else {
        created = await createAgentUser(tx, {
          email,
          firstName: String(app.first_name),
          lastName: String(app.last_name),
          nodeId: scope.nodeId,
        });
        await tx.execute(
          sql`insert into agent_team_members (user_id, agent_node_id, team_role, invited_by_user_id, invite_expires_at, created_at)
              values (${created.id}, ${scope.nodeId}, 'member', ${scope.userId},
                      ${new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000).toISOString()}::timestamptz,
                      ${now.toISOString()}::timestamptz)`,
        );
        createdXid = created.xid;
      }
      const { token } = await createPasswordLink(tx, { id: created.id, email }, now, INVITE_TTL_DAYS);
      await tx.execute(
        sql`update agent_applications set status = 'approved', reviewer_user_id = ${scope.userId},
              reviewed_at = ${now.toISOString()}::timestamptz, created_restaurant_id = ${restaurantId},
              created_user_id = ${created.id} where id = ${id}`,
      );
      await new AuditRepository(tx).record({
        restaurantId,
        actorUserId: scope.userId,
        action: 'agent.application.approve',
        targetType: 'application',
        targetId: String(id),
        details: { kind: String(app.kind), created: createdXid, owner: created.xid },
        ip,
        at: now,
      });
      return { token, email, kind: String(app.kind), name: String(app.business_name ?? ''), createdXid };
    });
    const who = `${scope.auth.firstName} ${scope.auth.lastName}`.trim();
    let emailSent = true;
    try {
      await this.email.send({
        to: done.email,
        ...inviteEmail(
          this.link(`/resetPassword?token=${done.token}`, origin),
          who,
          done.kind === 'restaurant'
            ? { en: `to manage ${done.name}`, zh: `管理 ${done.name}` }
            : { en: 'to join the team', zh: '加入团队' },
          INVITE_TTL_DAYS,
        ),
      });
    } catch {
      // The decision stands; the team member sends a new link from the team page or "forgot password".
      emailSent = false;
    }
    return { ok: true as const, message: AGENT_MESSAGES['agent.approved'].en, created: done.createdXid, emailSent };
  }

  /** The public form behind an agent's referral link; the referral code is the agent node's xid. */
  async apply(body: z.output<typeof ZApplyRequest>) {
    const [agent] = await rowsOf(
      this.db,
      sql`select id from nodes where xid = ${body.ref} and type in ('agent', 'team')`,
    );
    if (!agent) throw fieldError('ref', 'agent.referralInvalid');
    const now = this.clock.now();
    await this.db.execute(
      sql`insert into agent_applications (agent_node_id, kind, business_name, first_name, last_name, email, phone, city, state, plan, message, created_at)
          values (${num(agent.id)}, ${body.kind}, ${body.kind === 'restaurant' ? body.businessName : null}, ${body.firstName},
                  ${body.lastName}, ${body.email}, ${body.phone}, ${body.city}, ${body.state}, ${body.plan}, ${body.message},
                  ${now.toISOString()}::timestamptz)`,
    );
    return { ok: true as const, message: AGENT_MESSAGES['agent.applicationReceived'].en };
  }
}
