import type { TApplication, TApplicationsResponse, TRejectRequest } from '@ra/shared/agent/agent.schemas';
import type { z } from 'zod';
import type { ZApplyRequest } from '@ra/shared/agent/agent.schemas';
import { AGENT_MESSAGES } from '@ra/shared/agent/agent.messages';
import type { Clock } from '../../lib/clock.ts';
import type { EmailSender } from '../../adapters/email/email-sender.ts';
import { notFound } from '../../lib/errors.ts';
import { isoOrNull, num, strOrNull } from '../../db/sql-util.ts';
import type { ApplicationsRepository } from './applications.repository.ts';
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
    private readonly repo: ApplicationsRepository,
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
    const { rows, total } = await this.repo.page(scope.nodeId, q);
    return { items: rows.map((r) => this.applicationOf(r)), total };
  }

  private async pending(repo: ApplicationsRepository, scope: TAgentScope, id: number) {
    const row = await repo.lockApplication(scope.nodeId, id);
    if (!row) throw notFound();
    if (row.status !== 'pending') throw conflict('agent.applicationNotPending');
    return row;
  }

  async reject(scope: TAgentScope, id: number, body: TRejectRequest, ip: string) {
    requireTeamAdmin(scope);
    const now = this.clock.now();
    await this.repo.transaction(async (repo, _agents, audit) => {
      await this.pending(repo, scope, id);
      await repo.markRejected(id, body.reason, body.note, scope.userId, now);
      await audit.record({
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
    const done = await this.repo.transaction(async (repo, agents, audit) => {
      const app = await this.pending(repo, scope, id);
      const email = String(app.email);
      let restaurantId: number | null = null;
      let created: { id: number; xid: string };
      let createdXid: string;
      if (app.kind === 'restaurant') {
        const name = String(app.business_name);
        const node = await repo.insertRestaurantNode({ id: scope.nodeId, path: scope.path }, name);
        const nodeId = node.id;
        restaurantId = await repo.insertRestaurant(nodeId, {
          name,
          city: String(app.city),
          state: String(app.state),
          phone: String(app.phone),
        });
        const ownerRoleId = await repo.insertStarterRoles(restaurantId);
        created = await createAgentUser(agents, {
          email,
          firstName: String(app.first_name),
          lastName: String(app.last_name),
          nodeId,
          restaurantId,
        });
        await repo.insertUserRole(created.id, ownerRoleId, restaurantId);
        await repo.insertOnboardingPortfolio(restaurantId, strOrNull(app.plan) ?? 'starter', now);
        createdXid = node.xid;
      } else {
        created = await createAgentUser(agents, {
          email,
          firstName: String(app.first_name),
          lastName: String(app.last_name),
          nodeId: scope.nodeId,
        });
        await agents.insertInvitedMember({
          userId: created.id,
          nodeId: scope.nodeId,
          teamRole: 'member',
          invitedBy: scope.userId,
          inviteExpiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000),
          now,
        });
        createdXid = created.xid;
      }
      const { token } = await createPasswordLink(agents, { id: created.id, email }, now, INVITE_TTL_DAYS);
      await repo.markApproved(id, scope.userId, now, { restaurantId, userId: created.id });
      await audit.record({
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
    const agentNodeId = await this.repo.referrerNodeId(body.ref);
    if (agentNodeId === undefined) throw fieldError('ref', 'agent.referralInvalid');
    const now = this.clock.now();
    await this.repo.insertApplication(
      agentNodeId,
      {
        kind: body.kind,
        businessName: body.kind === 'restaurant' ? body.businessName : null,
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        phone: body.phone,
        city: body.city,
        state: body.state,
        plan: body.plan,
        message: body.message,
      },
      now,
    );
    return { ok: true as const, message: AGENT_MESSAGES['agent.applicationReceived'].en };
  }
}
