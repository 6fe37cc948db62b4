import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AGENT_MESSAGES, type TAgentMessageKey } from '@ra/shared/agent/agent.messages';
import type { TAgentMe, TTeamMember } from '@ra/shared/agent/agent.schemas';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../../demo/seed.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { as, createTestContext, signin, tokenFor, type TestContext } from '../../../test/helper.ts';
import { rowsOf } from '../../db/sql-util.ts';

/**
 * The agent area's Team tab (docs/decisions.md "Agent team: nobody acts on someone at or above
 * them"): an agent cannot deactivate or demote the platform admin, themself, or anyone at or above
 * their place in the team. Each refusal is a 403 with the shared message, changes nothing and leaves
 * an '.refused' audit row.
 */

let ctx: TestContext;
type TCaller = ReturnType<typeof as>;
let agent: TCaller;
let admin: TCaller;
let teamAdmin: TCaller;
let adminXid: string;
let agentXid: string;
let teamAdminXid: string;
let peerXid: string;
let kevinXid: string;

/** A team admin invited by the demo agent, with a password, at the agent's node. */
async function invitedAdmin(email: string, firstName: string): Promise<string> {
  const [node] = await rowsOf(ctx.db, sql`select node_id, id from users where email = ${DEMO_EMAILS.agent}`);
  const [user] = await rowsOf(
    ctx.db,
    sql`insert into users (email, password_hash, first_name, last_name, node_id)
        values (${email}, ${await hashPassword(DEMO_PASSWORD)}, ${firstName}, 'Admin', ${Number(node!.node_id)})
        returning id, xid`,
  );
  await ctx.db.execute(
    sql`insert into agent_team_members (user_id, agent_node_id, team_role, invited_by_user_id, created_at)
        values (${Number(user!.id)}, ${Number(node!.node_id)}, 'admin', ${Number(node!.id)}, now())`,
  );
  return String(user!.xid);
}

const xidOf = async (email: string) =>
  String((await rowsOf(ctx.db, sql`select xid from users where email = ${email}`))[0]!.xid);

beforeAll(async () => {
  ctx = await createTestContext();
  teamAdminXid = await invitedAdmin('ada@partners.test', 'Ada');
  peerXid = await invitedAdmin('ben@partners.test', 'Ben');
  agent = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.agent));
  admin = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.admin));
  teamAdmin = as(ctx.app, await tokenFor(ctx.app, 'ada@partners.test'));
  adminXid = await xidOf(DEMO_EMAILS.admin);
  agentXid = await xidOf(DEMO_EMAILS.agent);
  kevinXid = await xidOf('kevin.park@demo.test');
});
afterAll(async () => {
  await ctx?.close();
});

const put = (who: TCaller, xid: string, payload: Record<string, unknown>) =>
  who({ method: 'PUT', url: `/api/api/agent/team/${xid}`, payload });

function expectRefused(res: { statusCode: number; json: () => unknown; body: string }, key: TAgentMessageKey) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toEqual({ code: 40300, key, message: AGENT_MESSAGES[key].en });
}

async function account(xid: string) {
  const [row] = await rowsOf(
    ctx.db,
    sql`select u.status, m.team_role,
               (select count(*) from sessions s where s.user_id = u.id and s.revoked_at is null)::int as live_sessions
        from users u left join agent_team_members m on m.user_id = u.id where u.xid = ${xid}`,
  );
  return { status: row!.status, teamRole: row!.team_role ?? null, liveSessions: Number(row!.live_sessions) };
}

async function lastRefusal(actorEmail: string) {
  const [row] = await rowsOf(
    ctx.db,
    sql`select a.action, a.target_type, a.target_id, a.details, a.restaurant_id from audit_log a
        join users u on u.id = a.actor_user_id
        where u.email = ${actorEmail} and a.action like 'agent.member.%.refused' order by a.id desc limit 1`,
  );
  return row;
}

describe('the platform admin', () => {
  it('cannot be deactivated by an agent: 403, still active, still signs in, and the attempt is recorded', async () => {
    const before = await account(adminXid);
    expectRefused(await put(agent, adminXid, { status: 'inactive' }), 'agent.platformStaffProtected');
    expect(await account(adminXid)).toEqual(before);
    expect((await signin(ctx.app, DEMO_EMAILS.admin)).statusCode).toBe(200);
    expect((await admin({ method: 'GET', url: '/api/api/getUserInfo' })).statusCode).toBe(200);
    expect(await lastRefusal(DEMO_EMAILS.agent)).toMatchObject({
      action: 'agent.member.deactivate.refused',
      target_type: 'user',
      target_id: adminXid,
      details: { status: 'inactive', reason: 'agent.platformStaffProtected' },
    });
  });

  it('cannot be demoted to a team member by an agent', async () => {
    expectRefused(await put(agent, adminXid, { teamRole: 'member' }), 'agent.platformStaffProtected');
    expect((await account(adminXid)).teamRole).toBeNull();
    expect(await lastRefusal(DEMO_EMAILS.agent)).toMatchObject({
      action: 'agent.member.update.refused',
      details: { teamRole: 'member', reason: 'agent.platformStaffProtected' },
    });
  });

  it('is listed as platform staff, and the agent as the head of the node', async () => {
    const team = (await agent({ method: 'GET', url: '/api/api/agent/team' })).json() as { items: TTeamMember[] };
    const byXid = new Map(team.items.map((m) => [m.xid, m]));
    expect(byXid.get(adminXid)).toMatchObject({ platformStaff: true, place: 'head' });
    expect(byXid.get(agentXid)).toMatchObject({ platformStaff: false, place: 'head' });
    expect(byXid.get(teamAdminXid)).toMatchObject({ platformStaff: false, place: 'admin', teamRole: 'admin' });
    expect(byXid.get(kevinXid)).toMatchObject({ platformStaff: false, place: 'member' });
    const me = (await agent({ method: 'GET', url: '/api/api/agent/me' })).json() as TAgentMe;
    expect(me).toMatchObject({ xid: agentXid, place: 'head', platformStaff: false, teamRole: 'admin' });
  });
});

describe('yourself', () => {
  it.each([
    ['deactivate', { status: 'inactive' }],
    ['demote', { teamRole: 'member' }],
  ])('an agent cannot %s themself', async (_label, payload) => {
    const before = await account(agentXid);
    expectRefused(await put(agent, agentXid, payload), 'agent.selfChange');
    expect(await account(agentXid)).toEqual(before);
    expect(await lastRefusal(DEMO_EMAILS.agent)).toMatchObject({
      target_id: agentXid,
      details: { ...payload, reason: 'agent.selfChange' },
    });
  });

  it('nor can an invited team admin', async () => {
    expectRefused(await put(teamAdmin, teamAdminXid, { status: 'inactive' }), 'agent.selfChange');
    expect((await account(teamAdminXid)).status).toBe('active');
  });
});

describe('someone at or above you', () => {
  it.each([
    ['deactivate', { status: 'inactive' }],
    ['demote', { teamRole: 'member' }],
    ['assign restaurants to', { restaurantXids: [] }],
  ])('an invited team admin cannot %s the agent who opened the node', async (_label, payload) => {
    const before = await account(agentXid);
    expectRefused(await put(teamAdmin, agentXid, payload), 'agent.memberOutranks');
    expect(await account(agentXid)).toEqual(before);
    expect(await lastRefusal('ada@partners.test')).toMatchObject({
      target_id: agentXid,
      details: { reason: 'agent.memberOutranks' },
    });
  });

  it('an invited team admin cannot deactivate or demote another team admin', async () => {
    expectRefused(await put(teamAdmin, peerXid, { status: 'inactive' }), 'agent.memberOutranks');
    expectRefused(await put(teamAdmin, peerXid, { teamRole: 'member' }), 'agent.memberOutranks');
    expect(await account(peerXid)).toMatchObject({ status: 'active', teamRole: 'admin' });
  });

  it('an invited team admin cannot touch the platform admin either', async () => {
    expectRefused(await put(teamAdmin, adminXid, { status: 'inactive' }), 'agent.platformStaffProtected');
  });
});

describe('someone below you', () => {
  it('an invited team admin still manages a member', async () => {
    const res = await put(teamAdmin, kevinXid, { restaurantXids: [] });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the agent who opened the node demotes and deactivates an invited team admin', async () => {
    expect((await put(agent, peerXid, { teamRole: 'member' })).statusCode).toBe(200);
    expect((await put(agent, peerXid, { status: 'inactive' })).statusCode).toBe(200);
    expect(await account(peerXid)).toMatchObject({ status: 'inactive', teamRole: 'member' });
  });

  it('platform staff may deactivate and reactivate the agent who opened the node', async () => {
    expect((await put(admin, agentXid, { status: 'inactive' })).statusCode).toBe(200);
    expect((await account(agentXid)).liveSessions).toBe(0);
    expect((await put(admin, agentXid, { status: 'active' })).statusCode).toBe(200);
    expect((await signin(ctx.app, DEMO_EMAILS.agent)).statusCode).toBe(200);
  });
});
