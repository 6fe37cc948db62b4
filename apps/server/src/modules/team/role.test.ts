import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { allRoleFlags, emptyRoleFlags } from '@ra/shared/permissions';
import { TEAM_MESSAGES } from '@ra/shared/team/team.messages';
import { auditLog } from '../../db/schema/audit.ts';
import { roles } from '../../db/schema/users.ts';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { as, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createPerson, flagsWith, harbor, restaurantByName, roleIdByName } from './team.test-support.ts';

let ctx: TestContext;
let owner: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
let other: ReturnType<typeof as>;
let harborId: number;
let dragonId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  harborId = (await harbor(ctx.db)).id;
  const dragon = await restaurantByName(ctx.db, '金龙餐厅 Golden Dragon');
  dragonId = dragon.id;
  await createPerson(ctx.db, dragon, { email: 'owner@dragon.test', existingRole: 'Owner' });
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  staff = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.staff));
  other = as(ctx.app, await tokenFor(ctx.app, 'owner@dragon.test'));
});
afterAll(async () => {
  await ctx?.close();
});

const ROLES_URL = '/api/api/getrestperm';
const SAVE_URL = '/api/api/updaterestperm';
const DELETE_URL = '/api/api/deleterestperm';

async function listRoles(who = owner) {
  const res = await who({ method: 'GET', url: ROLES_URL });
  expect(res.statusCode).toBe(200);
  return res.json().roles as Array<{ id: number; name: string; flags: Record<string, boolean>; memberCount: number }>;
}

async function saveRole(payload: unknown, who = owner) {
  return who({ method: 'POST', url: SAVE_URL, payload: payload as Record<string, unknown> });
}

describe('GET /api/api/getrestperm', () => {
  it('lists the restaurant’s roles with every flag and how many employees hold each', async () => {
    const list = await listRoles();
    const byName = Object.fromEntries(list.map((r) => [r.name, r]));
    // Seed: Owner (owner, verify), Manager (manager, Priya, Elena), Staff (staff and five employees).
    expect(byName.Owner?.memberCount).toBe(2);
    expect(byName.Manager?.memberCount).toBe(3);
    expect(byName.Staff?.memberCount).toBe(6);
    expect(byName.Owner?.flags).toEqual(allRoleFlags());
    expect(Object.keys(byName.Staff!.flags).sort()).toEqual(Object.keys(emptyRoleFlags()).sort());
  });

  it('shows only the caller’s restaurant', async () => {
    const ids = new Set((await listRoles()).map((r) => r.id));
    const dragonRoles = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.restaurantId, dragonId));
    for (const role of dragonRoles) expect(ids.has(role.id)).toBe(false);
  });

  it('refuses a user without editAccounts', async () => {
    const res = await staff({ method: 'GET', url: ROLES_URL });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/api/updaterestperm: create', () => {
  it('creates a role with the flags given, trimming the name', async () => {
    const res = await saveRole({ name: '  Cashier ', flags: { cashPayment: true, cashDrawer: true } });
    expect(res.statusCode).toBe(200);
    const role = res.json();
    expect(role).toMatchObject({ name: 'Cashier', memberCount: 0 });
    expect(role.flags).toEqual(flagsWith('cashPayment', 'cashDrawer'));
    expect((await listRoles()).some((r) => r.id === role.id)).toBe(true);
  });

  it('stores every flag on when full access is on', async () => {
    const res = await saveRole({ name: 'Co-owner', flags: { fullAccess: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().flags).toEqual(allRoleFlags());
  });

  it('refuses a name the restaurant already uses, whatever its case', async () => {
    for (const name of ['Manager', 'manager', ' MANAGER ']) {
      const res = await saveRole({ name, flags: {} });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errors).toEqual({ name: TEAM_MESSAGES['team.roleNameExists'].en });
    }
  });

  it('lets two restaurants use the same role name', async () => {
    expect((await saveRole({ name: 'Expo', flags: {} })).statusCode).toBe(200);
    expect((await saveRole({ name: 'Expo', flags: {} }, other)).statusCode).toBe(200);
  });

  it.each([
    ['a missing name', { flags: {} }, 'name', TEAM_MESSAGES['team.roleNameRequired'].en],
    ['a blank name', { name: '   ', flags: {} }, 'name', TEAM_MESSAGES['team.roleNameRequired'].en],
    ['an over-long name', { name: 'x'.repeat(51), flags: {} }, 'name', TEAM_MESSAGES['team.roleNameTooLong'].en],
    ['a name of the wrong type', { name: 42, flags: {} }, 'name', TEAM_MESSAGES['team.roleNameRequired'].en],
  ])('refuses %s', async (_label, payload, field, message) => {
    const res = await saveRole(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('refuses missing flags, unknown flags and flags that are not booleans', async () => {
    for (const payload of [
      { name: 'Bad flags 1' },
      { name: 'Bad flags 2', flags: { launchRockets: true } },
      { name: 'Bad flags 3', flags: { editMenu: 'yes' } },
      { name: 'Bad flags 4', flags: [] },
    ]) {
      const res = await saveRole(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe(40000);
    }
    expect((await listRoles()).some((r) => r.name.startsWith('Bad flags'))).toBe(false);
  });
});

describe('POST /api/api/updaterestperm: edit', () => {
  it('renames a role and changes its flags', async () => {
    const created = (await saveRole({ name: 'Bar', flags: { order: true } })).json();
    const res = await saveRole({ id: created.id, name: 'Bar staff', flags: { order: true, cashPayment: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, name: 'Bar staff' });
    expect(res.json().flags).toEqual(flagsWith('order', 'cashPayment'));
  });

  it('lets a role keep its own name in another case, but not take another role’s', async () => {
    const created = (await saveRole({ name: 'Runner', flags: {} })).json();
    expect((await saveRole({ id: created.id, name: 'RUNNER', flags: {} })).statusCode).toBe(200);
    const res = await saveRole({ id: created.id, name: 'staff', flags: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.name).toBe(TEAM_MESSAGES['team.roleNameExists'].en);
  });

  it('answers 404 for another restaurant’s role and leaves it untouched', async () => {
    const dragonOwnerRole = await roleIdByName(ctx.db, dragonId, 'Owner');
    const res = await saveRole({ id: dragonOwnerRole, name: 'Hijacked', flags: {} });
    expect(res.statusCode).toBe(404);
    const [row] = await ctx.db.select({ name: roles.name }).from(roles).where(eq(roles.id, dragonOwnerRole));
    expect(row?.name).toBe('Owner');
  });

  it('reaches the role’s members on their next request, without signing in again', async () => {
    const harborRestaurant = await harbor(ctx.db);
    const { roleId } = await createPerson(ctx.db, harborRestaurant, {
      email: 'line-cook@demo.test',
      roleName: 'Line cook',
      flags: flagsWith('soldOut'),
    });
    const cook = as(ctx.app, await tokenFor(ctx.app, 'line-cook@demo.test'));
    const before = (await cook({ method: 'GET', url: '/api/api/getrest' })).json();
    expect(before.PagePermissions.editMenu).toBe(false);
    expect(before.operationAuthority.soldOut).toBe(true);

    const res = await saveRole({ id: roleId, name: 'Line cook', flags: { editMenu: true } });
    expect(res.statusCode).toBe(200);

    const after = (await cook({ method: 'GET', url: '/api/api/getrest' })).json();
    expect(after.PagePermissions.editMenu).toBe(true);
    expect(after.operationAuthority.soldOut).toBe(false);
    // A token refresh on the same session carries the new permissions too.
    const refreshed = await cook({ method: 'POST', url: '/api/account/acquireToken', payload: {} });
    expect(refreshed.statusCode).toBe(200);
  });

  it('refuses a change that would take team management away from the person making it', async () => {
    const { roleId } = await createPerson(ctx.db, await harbor(ctx.db), {
      email: 'keeper@demo.test',
      roleName: 'Keeper',
      flags: flagsWith('editAccounts', 'order'),
    });
    const keeper = as(ctx.app, await tokenFor(ctx.app, 'keeper@demo.test'));
    const res = await saveRole({ id: roleId, name: 'Keeper', flags: flagsWith('order') }, keeper);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TEAM_MESSAGES['team.ownAccessLost'].en);
    const [row] = await ctx.db.select({ flags: roles.flags }).from(roles).where(eq(roles.id, roleId));
    expect(row?.flags).toEqual(flagsWith('editAccounts', 'order'));
  });

  it('lets the same person take editAccounts off a role they do not hold', async () => {
    const created = (await saveRole({ name: 'Shift lead', flags: { editAccounts: true } })).json();
    expect((await saveRole({ id: created.id, name: 'Shift lead', flags: {} })).statusCode).toBe(200);
  });
});

describe('POST /api/api/deleterestperm', () => {
  it('deletes a role nobody holds', async () => {
    const created = (await saveRole({ name: 'Temporary', flags: {} })).json();
    const res = await owner({ method: 'POST', url: DELETE_URL, payload: { id: created.id } });
    expect(res.statusCode).toBe(200);
    expect((await listRoles()).some((r) => r.id === created.id)).toBe(false);
  });

  it('refuses while employees hold the role, saying how many', async () => {
    const staffRole = await roleIdByName(ctx.db, harborId, 'Staff');
    const members = (await listRoles()).find((r) => r.id === staffRole)!.memberCount;
    const res = await owner({ method: 'POST', url: DELETE_URL, payload: { id: staffRole } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 40900,
      key: 'team.roleHasMembers',
      params: { count: String(members) },
      message: `This role still has ${members} members. Move them to another role before deleting it.`,
    });
    expect((await listRoles()).some((r) => r.id === staffRole)).toBe(true);
  });

  it('answers 404 for another restaurant’s role and leaves it in place', async () => {
    const dragonStaff = await roleIdByName(ctx.db, dragonId, 'Staff');
    const res = await owner({ method: 'POST', url: DELETE_URL, payload: { id: dragonStaff } });
    expect(res.statusCode).toBe(404);
    expect((await listRoles(other)).some((r) => r.id === dragonStaff)).toBe(true);
  });

  it('refuses a missing or non-numeric id', async () => {
    for (const payload of [{}, { id: 'abc' }, { id: -1 }, { id: 1.5 }]) {
      const res = await owner({ method: 'POST', url: DELETE_URL, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('role history', () => {
  it('records who created, changed and deleted a role, when and from where', async () => {
    const created = (await saveRole({ name: 'Sommelier', flags: { order: true } })).json();
    await saveRole({ id: created.id, name: 'Wine steward', flags: { order: true, updateTip: true } });

    const res = await owner({ method: 'GET', url: `/api/api/role/${created.id}/history` });
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items.map((i: { action: string }) => i.action)).toEqual(['role.update', 'role.create']);
    expect(items[0]).toMatchObject({
      actor: { name: 'Grace Miller', email: DEMO_EMAILS.owner },
      ip: '127.0.0.1',
      details: {
        changes: {
          name: { before: 'Sommelier', after: 'Wine steward' },
          flags: { updateTip: { before: false, after: true } },
        },
      },
    });
    expect(new Date(items[0].at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    await owner({ method: 'POST', url: DELETE_URL, payload: { id: created.id } });
    const afterDelete = (await owner({ method: 'GET', url: `/api/api/role/${created.id}/history` })).json();
    expect(afterDelete.items[0]).toMatchObject({ action: 'role.delete', details: { name: 'Wine steward' } });

    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'role'), eq(auditLog.targetId, String(created.id))));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.restaurantId).toBe(harborId);
  });

  it('answers 404 for another restaurant’s role', async () => {
    const dragonOwnerRole = await roleIdByName(ctx.db, dragonId, 'Owner');
    expect((await owner({ method: 'GET', url: `/api/api/role/${dragonOwnerRole}/history` })).statusCode).toBe(404);
  });
});
