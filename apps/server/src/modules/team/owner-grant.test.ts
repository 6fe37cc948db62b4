import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { TEAM_MESSAGES, type TTeamMessageKey } from '@ra/shared/team/team.messages';
import { auditLog } from '../../db/schema/audit.ts';
import { roles, userRoles, users } from '../../db/schema/users.ts';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { as, createTestContext, signin, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createPerson, harbor, restaurantByName, roleIdByName, userIdByEmail } from './team.test-support.ts';

/**
 * Who gives the Owner role or full access (docs/decisions.md "Who gives the Owner role or full
 * access"): an agent onboarding a restaurant with no owner yet may; once the restaurant has an owner
 * (its authorized representative), only the owner or platform staff. And a platform staff account is
 * changed only by platform staff. Refusals are 403 with the shared message, change nothing and are
 * recorded.
 */

let ctx: TestContext;
type TCaller = ReturnType<typeof as>;
let owner: TCaller;
let coOwner: TCaller;
let agent: TCaller;
let agentAtMaple: TCaller;
let admin: TCaller;
let harborId: number;
let ownerRoleId: number;
let managerRoleId: number;
let managerId: number;
let coOwnerId: number;
let mapleOwnerRoleId: number;
let staffAdminId: number;
let pins = 7100;

beforeAll(async () => {
  ctx = await createTestContext();
  const home = await harbor(ctx.db);
  const maple = await restaurantByName(ctx.db, 'Maple Street Diner');
  harborId = home.id;
  ownerRoleId = await roleIdByName(ctx.db, harborId, 'Owner');
  managerRoleId = await roleIdByName(ctx.db, harborId, 'Manager');
  mapleOwnerRoleId = await roleIdByName(ctx.db, maple.id, 'Owner');
  managerId = await userIdByEmail(ctx.db, DEMO_EMAILS.manager);
  coOwnerId = (await createPerson(ctx.db, home, { email: 'co-owner@demo.test', existingRole: 'Owner', pin: '7001' }))
    .userId;
  // Platform staff who also works at Harbor with a plain role.
  staffAdminId = (
    await createPerson(ctx.db, home, { email: 'staff-admin@demo.test', existingRole: 'Staff', pin: '7002' })
  ).userId;
  await ctx.db.update(users).set({ isAdmin: true }).where(eq(users.id, staffAdminId));

  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  coOwner = as(ctx.app, await tokenFor(ctx.app, 'co-owner@demo.test'));
  agent = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.agent));
  agentAtMaple = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.agent));
  admin = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.admin));
  for (const [who, xid] of [
    [agent, home.xid],
    [admin, home.xid],
    [agentAtMaple, maple.xid],
  ] as const) {
    const res = await who({ method: 'POST', url: '/api/account/swtichRestByXid', payload: { xid } });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => {
  await ctx?.close();
});

const hire = (who: TCaller, email: string, roleIds: number[], extra: Record<string, unknown> = {}) =>
  who({
    method: 'POST',
    url: '/api/api/user',
    payload: { firstName: 'New', lastName: 'Hire', email, roleIds, pin: String(pins++), ...extra },
  });
const putUser = (who: TCaller, id: number, payload: Record<string, unknown>) =>
  who({ method: 'PUT', url: `/api/api/user/${id}`, payload });
const saveRole = (who: TCaller, payload: Record<string, unknown>) =>
  who({ method: 'POST', url: '/api/api/updaterestperm', payload });

function expectRefused(res: { statusCode: number; json: () => unknown; body: string }, key: TTeamMessageKey) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toEqual({ code: 40300, key, message: TEAM_MESSAGES[key].en });
}

const userExists = async (email: string) =>
  (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length > 0;
const roleIdsOf = async (id: number) =>
  (await ctx.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, id)))
    .map((r) => r.roleId)
    .sort();

async function lastRefusal(actorEmail: string) {
  const [row] = await ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, await userIdByEmail(ctx.db, actorEmail)), like(auditLog.action, '%.refused')))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe('once the restaurant has an owner', () => {
  it('tells the pages who may give full access', async () => {
    const may = async (who: TCaller) =>
      ((await who({ method: 'GET', url: '/api/api/getrestperm' })).json() as { mayGrantFullAccess: boolean })
        .mayGrantFullAccess;
    expect(await may(agent)).toBe(false);
    expect(await may(coOwner)).toBe(false);
    expect(await may(owner)).toBe(true);
    expect(await may(admin)).toBe(true);
    expect(await may(agentAtMaple)).toBe(true);
  });

  it('an agent cannot create an Owner-role account, and the attempt is recorded', async () => {
    expectRefused(await hire(agent, 'agent-owner@demo.test', [ownerRoleId]), 'team.ownershipProtected');
    expect(await userExists('agent-owner@demo.test')).toBe(false);
    expect(await lastRefusal(DEMO_EMAILS.agent)).toMatchObject({
      action: 'employee.create.refused',
      restaurantId: harborId,
      details: { reason: 'team.ownershipProtected', roles: ['Owner'], email: 'agent-owner@demo.test' },
    });
  });

  it('an agent cannot give the Owner role to an employee', async () => {
    const before = await roleIdsOf(managerId);
    expectRefused(await putUser(agent, managerId, { roleIds: [ownerRoleId] }), 'team.ownershipProtected');
    expect(await roleIdsOf(managerId)).toEqual(before);
    expect(await lastRefusal(DEMO_EMAILS.agent)).toMatchObject({
      action: 'employee.update.refused',
      targetId: String(managerId),
      details: { reason: 'team.ownershipProtected', roles: ['Owner'] },
    });
  });

  it('an agent cannot create a full-access role, nor turn a role into one', async () => {
    expectRefused(
      await saveRole(agent, { name: 'Agent owners', flags: { fullAccess: true } }),
      'team.ownershipProtected',
    );
    expect(await ctx.db.select().from(roles).where(eq(roles.name, 'Agent owners'))).toHaveLength(0);
    const [manager] = await ctx.db.select({ flags: roles.flags }).from(roles).where(eq(roles.id, managerRoleId));
    expectRefused(
      await saveRole(agent, { id: managerRoleId, name: 'Manager', flags: { fullAccess: true } }),
      'team.ownershipProtected',
    );
    expect((await ctx.db.select({ flags: roles.flags }).from(roles).where(eq(roles.id, managerRoleId)))[0]).toEqual(
      manager,
    );
    expect(await lastRefusal(DEMO_EMAILS.agent)).toMatchObject({
      action: 'role.update.refused',
      details: { reason: 'team.ownershipProtected' },
    });
  });

  it('a co-owner with full access who is not the owner cannot either', async () => {
    expectRefused(await hire(coOwner, 'co-made-owner@demo.test', [ownerRoleId]), 'team.ownershipProtected');
    expect(await userExists('co-made-owner@demo.test')).toBe(false);
  });

  it('the agent still hires with other roles and edits someone who already holds the Owner role', async () => {
    expect((await hire(agent, 'agent-manager@demo.test', [managerRoleId])).statusCode).toBe(200);
    const res = await putUser(agent, coOwnerId, { roleIds: [ownerRoleId], lastName: 'Keeper' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the owner gives the Owner role and full access', async () => {
    expect((await hire(owner, 'owner-made@demo.test', [ownerRoleId])).statusCode).toBe(200);
    expect((await putUser(owner, managerId, { roleIds: [managerRoleId, ownerRoleId] })).statusCode).toBe(200);
    expect((await saveRole(owner, { name: 'Partners', flags: { fullAccess: true } })).statusCode).toBe(200);
  });

  it('platform staff give the Owner role', async () => {
    const res = await hire(admin, 'admin-made@demo.test', [ownerRoleId]);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a restaurant with no owner yet', () => {
  it('an agent onboarding it creates the Owner-role account and names them owner; after that it cannot', async () => {
    const first = await hire(agentAtMaple, 'maple.owner@demo.test', [mapleOwnerRoleId], {
      authorizedRepresentative: true,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ authorizedRepresentative: true });
    expectRefused(await hire(agentAtMaple, 'maple.second@demo.test', [mapleOwnerRoleId]), 'team.ownershipProtected');
    expect(await userExists('maple.second@demo.test')).toBe(false);
  });
});

describe('a platform staff account at a restaurant', () => {
  it.each([
    ['deactivate', { status: 'inactive' }],
    ['set the password of', { password: 'taken-over-1' }],
    ['change the email of', { email: 'stolen-admin@demo.test' }],
  ])('the owner cannot %s it', async (_label, payload) => {
    expectRefused(await putUser(owner, staffAdminId, payload), 'team.platformStaffProtected');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, staffAdminId));
    expect(row).toMatchObject({ status: 'active', email: 'staff-admin@demo.test' });
    expect((await signin(ctx.app, 'staff-admin@demo.test')).statusCode).toBe(200);
  });

  it('an agent cannot delete it, and the attempt is recorded', async () => {
    expectRefused(
      await agent({ method: 'DELETE', url: `/api/api/user/${staffAdminId}` }),
      'team.platformStaffProtected',
    );
    expect(await lastRefusal(DEMO_EMAILS.agent)).toMatchObject({
      action: 'employee.delete.refused',
      targetId: String(staffAdminId),
      details: { reason: 'team.platformStaffProtected' },
    });
  });

  it('is marked as platform staff for the pages', async () => {
    const res = await owner({ method: 'GET', url: `/api/api/user/${staffAdminId}` });
    expect(res.json()).toMatchObject({ platformStaff: true });
    expect((await owner({ method: 'GET', url: `/api/api/user/${managerId}` })).json()).toMatchObject({
      platformStaff: false,
    });
  });

  it('platform staff may change it', async () => {
    expect((await putUser(admin, staffAdminId, { lastName: 'Admin' })).statusCode).toBe(200);
  });
});
