import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { allRoleFlags } from '@ra/shared/permissions';
import { TEAM_MESSAGES, type TTeamMessageKey } from '@ra/shared/team/team.messages';
import { auditLog } from '../../db/schema/audit.ts';
import { roles, userRoles, users } from '../../db/schema/users.ts';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { as, createTestContext, signin, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createPerson, flagsWith, harbor, roleIdByName, userIdByEmail } from './team.test-support.ts';

/**
 * Nobody takes over the owner (docs/decisions.md "Team, roles and employees"): people grant only what
 * they hold, change only accounts and roles within what they hold, the owner's account is changed only
 * by the owner or platform staff, and the Owner role keeps every flag. Each refusal is a 403 with the
 * shared message, changes nothing, and leaves a '.refused' audit row.
 */

let ctx: TestContext;
type TCaller = ReturnType<typeof as>;
let owner: TCaller;
let coOwner: TCaller;
let lead: TCaller;
let agent: TCaller;
let admin: TCaller;
let harborId: number;
let ownerId: number;
let leadId: number;
let managerId: number;
let ownerRoleId: number;
let managerRoleId: number;
let runnerRoleId: number;
let runnerId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const home = await harbor(ctx.db);
  harborId = home.id;
  ownerId = await userIdByEmail(ctx.db, DEMO_EMAILS.owner);
  managerId = await userIdByEmail(ctx.db, DEMO_EMAILS.manager);
  ownerRoleId = await roleIdByName(ctx.db, harborId, 'Owner');
  managerRoleId = await roleIdByName(ctx.db, harborId, 'Manager');
  await createPerson(ctx.db, home, { email: 'co-owner@demo.test', existingRole: 'Owner', pin: '7001' });
  // A shift lead who runs the team but holds only a few other flags.
  leadId = (
    await createPerson(ctx.db, home, {
      email: 'lead@demo.test',
      roleName: 'Shift lead',
      flags: flagsWith('editAccounts', 'order', 'placeOrders', 'cashPayment'),
      pin: '7002',
    })
  ).userId;
  const runner = await createPerson(ctx.db, home, {
    email: 'runner@demo.test',
    roleName: 'Runner',
    flags: flagsWith('order'),
    pin: '7003',
  });
  runnerRoleId = runner.roleId;
  runnerId = runner.userId;

  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  coOwner = as(ctx.app, await tokenFor(ctx.app, 'co-owner@demo.test'));
  lead = as(ctx.app, await tokenFor(ctx.app, 'lead@demo.test'));
  agent = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.agent));
  admin = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.admin));
  for (const who of [agent, admin]) {
    const res = await who({ method: 'POST', url: '/api/account/swtichRestByXid', payload: { xid: home.xid } });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => {
  await ctx?.close();
});

const saveRole = (who: TCaller, payload: Record<string, unknown>) =>
  who({ method: 'POST', url: '/api/api/updaterestperm', payload });
const putUser = (who: TCaller, id: number, payload: Record<string, unknown>) =>
  who({ method: 'PUT', url: `/api/api/user/${id}`, payload });

/** Role ids are known only once the data is seeded: test tables name them. */
function withRoleIds(payload: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(payload.roleIds)) return payload;
  const ids: Record<string, number> = { runner: runnerRoleId, manager: managerRoleId };
  return { ...payload, roleIds: (payload.roleIds as string[]).map((name) => ids[name]) };
}

function expectRefused(res: { statusCode: number; json: () => unknown; body: string }, key: TTeamMessageKey) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toEqual({ code: 40300, key, message: TEAM_MESSAGES[key].en });
}

async function userRow(id: number) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  const held = await ctx.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, id));
  return { ...row!, roleIds: held.map((h) => h.roleId).sort() };
}

async function roleRow(id: number) {
  const [row] = await ctx.db.select({ name: roles.name, flags: roles.flags }).from(roles).where(eq(roles.id, id));
  return row;
}

async function lastRefusal(actorEmail: string) {
  const [row] = await ctx.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.restaurantId, harborId),
        eq(auditLog.actorUserId, await userIdByEmail(ctx.db, actorEmail)),
        inArray(auditLog.action, [
          'role.create.refused',
          'role.update.refused',
          'role.delete.refused',
          'employee.create.refused',
          'employee.update.refused',
          'employee.deactivate.refused',
          'employee.delete.refused',
        ]),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe('nobody grants more than they hold', () => {
  it('lets a shift lead create a role with flags they have', async () => {
    const res = await saveRole(lead, { name: 'Host', flags: { order: true, placeOrders: true } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a new role carrying a flag the shift lead lacks, creates nothing, and records the attempt', async () => {
    const res = await saveRole(lead, { name: 'Menu boss', flags: { order: true, editMenu: true } });
    expectRefused(res, 'team.grantBeyondOwn');
    expect(await ctx.db.select().from(roles).where(eq(roles.name, 'Menu boss'))).toHaveLength(0);
    expect(await lastRefusal('lead@demo.test')).toMatchObject({
      action: 'role.create.refused',
      targetType: 'role',
      ip: '127.0.0.1',
      details: { name: 'Menu boss', reason: 'team.grantBeyondOwn', flags: ['order', 'editMenu'] },
    });
  });

  it('refuses a full-access role from someone without full access', async () => {
    expectRefused(await saveRole(lead, { name: 'Boss', flags: { fullAccess: true } }), 'team.grantBeyondOwn');
  });

  it('refuses adding a flag the shift lead lacks to a role they may edit, leaving it as it was', async () => {
    const res = await saveRole(lead, { id: runnerRoleId, name: 'Runner', flags: { order: true, voidOrders: true } });
    expectRefused(res, 'team.grantBeyondOwn');
    expect((await roleRow(runnerRoleId))?.flags).toEqual(flagsWith('order'));
  });

  it('refuses any change to a role carrying a flag the shift lead lacks, even a rename', async () => {
    const before = await roleRow(managerRoleId);
    const res = await saveRole(lead, { id: managerRoleId, name: 'Managers', flags: { order: true } });
    expectRefused(res, 'team.roleOutranks');
    expect(await roleRow(managerRoleId)).toEqual(before);
    expect(await lastRefusal('lead@demo.test')).toMatchObject({
      action: 'role.update.refused',
      targetId: String(managerRoleId),
      details: { reason: 'team.roleOutranks', name: 'Manager' },
    });
  });

  it('refuses deleting a role carrying a flag the shift lead lacks', async () => {
    const created = await saveRole(owner, { name: 'Bookkeeper', flags: { viewSalesReport: true } });
    const res = await lead({ method: 'POST', url: '/api/api/deleterestperm', payload: { id: created.json().id } });
    expectRefused(res, 'team.roleOutranks');
    expect(await roleRow(created.json().id)).toBeDefined();
  });

  it('refuses the shift lead giving themselves the Owner role', async () => {
    const before = await userRow(leadId);
    const res = await putUser(lead, leadId, { roleIds: [ownerRoleId] });
    expectRefused(res, 'team.assignBeyondOwn');
    expect((await userRow(leadId)).roleIds).toEqual(before.roleIds);
    expect(await lastRefusal('lead@demo.test')).toMatchObject({
      action: 'employee.update.refused',
      targetId: String(leadId),
      details: { reason: 'team.assignBeyondOwn', roles: ['Owner'] },
    });
  });

  it('refuses assigning a role with flags the shift lead lacks to someone else, or to a new hire', async () => {
    expectRefused(await putUser(lead, runnerId, { roleIds: [managerRoleId] }), 'team.assignBeyondOwn');
    expect((await userRow(runnerId)).roleIds).toEqual([runnerRoleId]);
    const hire = await lead({
      method: 'POST',
      url: '/api/api/user',
      payload: {
        firstName: 'New',
        lastName: 'Manager',
        email: 'new.manager@demo.test',
        roleIds: [managerRoleId],
        pin: '7010',
      },
    });
    expectRefused(hire, 'team.assignBeyondOwn');
    expect(await ctx.db.select().from(users).where(eq(users.email, 'new.manager@demo.test'))).toHaveLength(0);
  });

  it('lets the shift lead assign and edit within what they hold', async () => {
    const res = await putUser(lead, runnerId, { firstName: 'Rita', roleIds: [runnerRoleId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().firstName).toBe('Rita');
  });
});

describe('nobody changes an account that holds a flag they lack', () => {
  it.each([
    ['edit the name of', { firstName: 'Hacked' }],
    ['change the email of', { email: 'stolen@demo.test' }],
    ['set the password of', { password: 'taken-over-1' }],
    ['remove the login of', { password: null }],
    ['deactivate', { status: 'inactive' }],
    ['change the roles of', { roleIds: ['runner'] }],
  ])('refuses a shift lead trying to %s a manager', async (_label, payload) => {
    const before = await userRow(managerId);
    const res = await putUser(lead, managerId, withRoleIds(payload));
    expectRefused(res, 'team.accountOutranks');
    expect(await userRow(managerId)).toEqual(before);
  });

  it('refuses a shift lead deleting a manager, and records the attempt', async () => {
    const res = await lead({ method: 'DELETE', url: `/api/api/user/${managerId}` });
    expectRefused(res, 'team.accountOutranks');
    expect((await userRow(managerId)).deletedAt).toBeNull();
    expect(await lastRefusal('lead@demo.test')).toMatchObject({
      action: 'employee.delete.refused',
      targetType: 'user',
      targetId: String(managerId),
      details: { reason: 'team.accountOutranks', name: 'Marcus Lee' },
    });
  });

  it('still lets the manager sign in with their password', async () => {
    expect((await signin(ctx.app, DEMO_EMAILS.manager)).statusCode).toBe(200);
  });
});

describe('the owner’s account (the authorized representative)', () => {
  it('is the demo restaurant’s Owner-role holder', async () => {
    expect((await userRow(ownerId)).authorizedRepresentative).toBe(true);
  });

  it.each([
    ['edit the name of', { firstName: 'Mallory' }],
    ['change the email of', { email: 'mallory@demo.test' }],
    ['set the password of', { password: 'taken-over-1' }],
    ['deactivate', { status: 'inactive' }],
    ['change the roles of', { roleIds: ['manager'] }],
    ['unset', { authorizedRepresentative: false }],
  ])('refuses a co-owner with full access trying to %s the owner', async (_label, payload) => {
    const before = await userRow(ownerId);
    const res = await putUser(coOwner, ownerId, withRoleIds(payload));
    expectRefused(res, 'team.ownerProtected');
    expect(await userRow(ownerId)).toEqual(before);
  });

  it('refuses a co-owner deleting the owner, whose session keeps working', async () => {
    expectRefused(await coOwner({ method: 'DELETE', url: `/api/api/user/${ownerId}` }), 'team.ownerProtected');
    expect((await userRow(ownerId)).deletedAt).toBeNull();
    expect((await owner({ method: 'GET', url: '/api/api/getUserInfo' })).statusCode).toBe(200);
    expect(await lastRefusal('co-owner@demo.test')).toMatchObject({
      action: 'employee.delete.refused',
      targetId: String(ownerId),
      details: { reason: 'team.ownerProtected' },
    });
  });

  it('refuses an agent, who is not platform staff', async () => {
    expectRefused(await putUser(agent, ownerId, { email: 'agent-owned@demo.test' }), 'team.ownerProtected');
    expect((await userRow(ownerId)).email).toBe(DEMO_EMAILS.owner);
  });

  it('refuses someone naming themselves the owner, which would replace the current one', async () => {
    const coOwnerId = await userIdByEmail(ctx.db, 'co-owner@demo.test');
    expectRefused(
      await putUser(coOwner, coOwnerId, { authorizedRepresentative: true }),
      'team.representativeProtected',
    );
    expect((await userRow(ownerId)).authorizedRepresentative).toBe(true);
    expect((await userRow(coOwnerId)).authorizedRepresentative).toBe(false);
  });

  it('lets the owner change their own account', async () => {
    const res = await putUser(owner, ownerId, { lastName: 'Miller-Hart' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await putUser(owner, ownerId, { lastName: 'Miller' })).statusCode).toBe(200);
  });

  it('lets platform staff change the owner’s account', async () => {
    const res = await putUser(admin, ownerId, { employeeNumber: 'OWNER-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await userRow(ownerId)).employeeNumber).toBe('OWNER-1');
  });

  it('lets the owner hand over to someone, who is then the protected one', async () => {
    const coOwnerId = await userIdByEmail(ctx.db, 'co-owner@demo.test');
    expect((await putUser(owner, coOwnerId, { authorizedRepresentative: true })).statusCode).toBe(200);
    expect((await userRow(ownerId)).authorizedRepresentative).toBe(false);
    expectRefused(await putUser(owner, coOwnerId, { firstName: 'Eve' }), 'team.ownerProtected');
    // and back, by the new owner
    expect((await putUser(coOwner, ownerId, { authorizedRepresentative: true })).statusCode).toBe(200);
    expect((await userRow(ownerId)).authorizedRepresentative).toBe(true);
  });
});

describe('the Owner role (full access)', () => {
  it('cannot lose a flag, even by the owner; the flags stay and the attempt is recorded', async () => {
    const flags = { ...allRoleFlags(), fullAccess: false, switchLocation: false };
    expectRefused(await saveRole(owner, { id: ownerRoleId, name: 'Owner', flags }), 'team.ownerRoleLocked');
    expect((await roleRow(ownerRoleId))?.flags).toEqual(allRoleFlags());
    expect(await lastRefusal(DEMO_EMAILS.owner)).toMatchObject({
      action: 'role.update.refused',
      targetId: String(ownerRoleId),
      details: { reason: 'team.ownerRoleLocked' },
    });
  });

  it('can be renamed', async () => {
    expect((await saveRole(owner, { id: ownerRoleId, name: 'Owners', flags: { fullAccess: true } })).statusCode).toBe(
      200,
    );
    expect((await saveRole(owner, { id: ownerRoleId, name: 'Owner', flags: { fullAccess: true } })).statusCode).toBe(
      200,
    );
  });

  it('cannot be deleted while it is the only full-access role, even by platform staff', async () => {
    // Empty it first, so only the Owner-role rule stands in the way.
    const held = await ctx.db.select().from(userRoles).where(eq(userRoles.roleId, ownerRoleId));
    await ctx.db.delete(userRoles).where(eq(userRoles.roleId, ownerRoleId));
    try {
      const res = await admin({ method: 'POST', url: '/api/api/deleterestperm', payload: { id: ownerRoleId } });
      expectRefused(res, 'team.lastOwnerRole');
      expect(await roleRow(ownerRoleId)).toBeDefined();
    } finally {
      await ctx.db.insert(userRoles).values(held);
    }
  });

  it('may be deleted when empty and another full-access role remains', async () => {
    const spare = await saveRole(owner, { name: 'Spare owner', flags: { fullAccess: true } });
    expect(spare.statusCode).toBe(200);
    const res = await owner({ method: 'POST', url: '/api/api/deleterestperm', payload: { id: spare.json().id } });
    expect(res.statusCode, res.body).toBe(200);
  });
});
