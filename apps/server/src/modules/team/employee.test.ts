import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { MESSAGES } from '@ra/shared/errors';
import { TEAM_MESSAGES } from '@ra/shared/team/team.messages';
import { VALIDATION_MESSAGES } from '@ra/shared/validation/messages';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/users.ts';
import { DEMO_EMAILS, DEMO_EMPLOYEES, DEMO_PASSWORD } from '../../demo/seed.ts';
import { as, createTestContext, signin, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createPerson, harbor, restaurantByName, roleIdByName, userIdByEmail } from './team.test-support.ts';

let ctx: TestContext;
let owner: ReturnType<typeof as>;
let other: ReturnType<typeof as>;
let harborId: number;
let dragonId: number;
let staffRoleId: number;
let managerRoleId: number;
let dragonStaffRoleId: number;
let dragonEmployeeId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  harborId = (await harbor(ctx.db)).id;
  const dragon = await restaurantByName(ctx.db, '金龙餐厅 Golden Dragon');
  dragonId = dragon.id;
  await createPerson(ctx.db, dragon, { email: 'owner@dragon.test', existingRole: 'Owner', pin: '4821' });
  dragonEmployeeId = (
    await createPerson(ctx.db, dragon, {
      email: 'waiter@dragon.test',
      firstName: 'Li',
      lastName: 'Wei',
      existingRole: 'Staff',
      pin: '1111',
    })
  ).userId;
  staffRoleId = await roleIdByName(ctx.db, harborId, 'Staff');
  managerRoleId = await roleIdByName(ctx.db, harborId, 'Manager');
  dragonStaffRoleId = await roleIdByName(ctx.db, dragonId, 'Staff');
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  other = as(ctx.app, await tokenFor(ctx.app, 'owner@dragon.test'));
});
afterAll(async () => {
  await ctx?.close();
});

let nextPin = 3000;
function newEmployee(overrides: Record<string, unknown> = {}) {
  nextPin += 1;
  return {
    firstName: 'Ana',
    lastName: 'Lopez',
    employeeNumber: `E-${nextPin.toString(36)}`,
    email: `ana.${nextPin.toString(36)}@demo.test`,
    roleIds: [staffRoleId],
    pin: String(nextPin),
    password: 'correct horse',
    status: 'active',
    ...overrides,
  };
}

async function create(payload: Record<string, unknown>, who = owner) {
  return who({ method: 'POST', url: '/api/api/user', payload });
}

async function createOk(overrides: Record<string, unknown> = {}) {
  const payload = newEmployee(overrides);
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(200);
  return { ...res.json(), payload } as { id: number; email: string; payload: ReturnType<typeof newEmployee> };
}

/** Platform staff, working on Harbor Bistro. */
async function adminAtHarbor() {
  const admin = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.admin));
  const xid = (await harbor(ctx.db)).xid;
  expect((await admin({ method: 'POST', url: '/api/account/swtichRestByXid', payload: { xid } })).statusCode).toBe(200);
  return admin;
}

async function tokenOf(created: { email: string; payload: { password: string } }): Promise<string> {
  const res = await signin(ctx.app, created.email, created.payload.password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

const list = async (query = '', who = owner) => {
  const res = await who({ method: 'GET', url: `/api/api/user${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Array<Record<string, unknown>>; total: number; page: number; pageSize: number };
};

describe('GET /api/api/user', () => {
  it('lists the restaurant’s employees, first page of 20 by default, without PINs or password hashes', async () => {
    const page = await list();
    expect(page).toMatchObject({ page: 1, pageSize: 20 });
    // Seed: owner, manager, staff, verify, and the demo employees.
    expect(page.total).toBe(4 + DEMO_EMPLOYEES.length);
    for (const item of page.items) {
      expect(item).not.toHaveProperty('pin');
      expect(item).not.toHaveProperty('passwordHash');
      expect(typeof item.hasPin).toBe('boolean');
    }
    expect(JSON.stringify(page)).not.toContain('4821');
    expect(page.items.map((i) => i.email)).not.toContain('waiter@dragon.test');
  });

  it.each([
    ['a first name', 'wong', ['mei.wong@demo.test']],
    ['a last name in another case', 'ROSSI', ['elena.rossi@demo.test']],
    ['a full name', 'mei wong', ['mei.wong@demo.test']],
    ['an email', 'daniel.kim@', ['daniel.kim@demo.test']],
    ['an employee number', '1008', ['tom.oconnor@demo.test']],
    ['a LIKE wildcard taken literally', '%', []],
  ])('searches by %s', async (_label, q, emails) => {
    const page = await list(`?q=${encodeURIComponent(q)}`);
    expect(page.items.map((i) => i.email)).toEqual(emails);
  });

  it('filters by role and by status', async () => {
    const managers = await list(`?roleId=${managerRoleId}`);
    expect(managers.items.map((i) => i.email).sort()).toEqual(
      ['elena.rossi@demo.test', DEMO_EMAILS.manager, 'priya.shah@demo.test'].sort(),
    );
    const inactive = await list('?status=inactive');
    expect(inactive.items.map((i) => i.email)).toEqual(['jamal.brooks@demo.test']);
  });

  it('pages through the list', async () => {
    const all = await list('?pageSize=100');
    const second = await list('?page=2&pageSize=3');
    expect(second).toMatchObject({ page: 2, pageSize: 3, total: all.total });
    expect(second.items.map((i) => i.id)).toEqual(all.items.slice(3, 6).map((i) => i.id));
  });

  it('refuses a page size over 100, page 0 and a role id that is not a number', async () => {
    for (const query of ['?pageSize=101', '?page=0', '?roleId=abc', '?status=fired']) {
      expect((await owner({ method: 'GET', url: `/api/api/user${query}` })).statusCode, query).toBe(400);
    }
  });

  it('finds nobody when filtering by another restaurant’s role', async () => {
    expect((await list(`?roleId=${dragonStaffRoleId}`)).total).toBe(0);
  });
});

describe('POST /api/api/user', () => {
  it('adds an employee who can then sign in to the dashboard', async () => {
    const created = await createOk({ roleIds: [staffRoleId, managerRoleId], email: 'New.Person@Demo.test' });
    expect(created).toMatchObject({
      firstName: 'Ana',
      lastName: 'Lopez',
      fullname: 'Ana Lopez',
      email: 'new.person@demo.test',
      status: 'active',
      hasPin: true,
      hasPassword: true,
      authorizedRepresentative: false,
      deletedAt: null,
    });
    expect((created as unknown as { roles: Array<{ name: string }> }).roles.map((r) => r.name)).toEqual([
      'Manager',
      'Staff',
    ]);
    expect((await signin(ctx.app, 'new.person@demo.test', 'correct horse')).statusCode).toBe(200);
  });

  it('adds a POS-only employee, who cannot sign in to the dashboard', async () => {
    const created = await createOk({ password: undefined });
    expect(created).toMatchObject({ hasPassword: false });
    const res = await signin(ctx.app, created.email, 'anything-at-all');
    expect(res.json()).toEqual({ code: 40001, key: 'common.loginFailed', message: MESSAGES.loginFailed.en });
  });

  it('reports each missing required field under its name', async () => {
    const res = await create({});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      firstName: TEAM_MESSAGES['team.firstNameRequired'].en,
      lastName: TEAM_MESSAGES['team.lastNameRequired'].en,
      email: 'Please enter the correct email address',
      roleIds: TEAM_MESSAGES['team.rolesRequired'].en,
      pin: TEAM_MESSAGES['team.pinRequired'].en,
    });
  });

  it.each([
    ['a malformed email', { email: 'ana@example' }, 'email', 'Please enter the correct email address'],
    ['a PIN with letters', { pin: '12a4' }, 'pin', VALIDATION_MESSAGES['user.pinError'].en],
    ['a PIN sent as a number', { pin: 1234 }, 'pin', TEAM_MESSAGES['team.pinRequired'].en],
    ['no roles', { roleIds: [] }, 'roleIds', TEAM_MESSAGES['team.rolesRequired'].en],
    ['role ids that are not numbers', { roleIds: ['x'] }, 'roleIds.0', undefined],
    ['an over-long first name', { firstName: 'x'.repeat(51) }, 'firstName', TEAM_MESSAGES['team.nameTooLong'].en],
    ['an over-long last name', { lastName: 'x'.repeat(51) }, 'lastName', TEAM_MESSAGES['team.nameTooLong'].en],
    [
      'an over-long employee number',
      { employeeNumber: '1'.repeat(21) },
      'employeeNumber',
      TEAM_MESSAGES['team.employeeNumberTooLong'].en,
    ],
    ['a first name of the wrong type', { firstName: 7 }, 'firstName', TEAM_MESSAGES['team.firstNameRequired'].en],
    ['an unknown status', { status: 'fired' }, 'status', undefined],
    ['a short password', { password: 'short' }, 'password', TEAM_MESSAGES['team.passwordTooShort'].en],
  ])('refuses %s', async (_label, overrides, field, message) => {
    const res = await create(newEmployee(overrides));
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as Record<string, string>;
    expect(Object.keys(errors)).toContain(field);
    if (message) expect(errors[field]).toBe(message);
  });

  it('refuses the employee’s own email as their password', async () => {
    const payload = newEmployee();
    const res = await create({ ...payload, password: payload.email.toUpperCase() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ password: TEAM_MESSAGES['team.passwordIsEmail'].en });
  });

  it('refuses a PIN another employee of the restaurant uses', async () => {
    const res = await create(newEmployee({ pin: '4821' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ pin: TEAM_MESSAGES['team.pinTaken'].en });
  });

  it('allows a PIN another restaurant uses', async () => {
    await createOk({ pin: '1111' });
  });

  it('refuses an email any account uses, in any case, at any restaurant', async () => {
    for (const email of [DEMO_EMAILS.manager, 'WAITER@dragon.test', DEMO_EMAILS.agent]) {
      const res = await create(newEmployee({ email }));
      expect(res.statusCode, email).toBe(400);
      expect(res.json().errors).toEqual({ email: TEAM_MESSAGES['team.emailTaken'].en });
    }
  });

  it('refuses another restaurant’s role id as a field error and creates nothing', async () => {
    const payload = newEmployee({ roleIds: [staffRoleId, dragonStaffRoleId] });
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ roleIds: TEAM_MESSAGES['team.roleNotFound'].en });
    expect(await ctx.db.select().from(users).where(eq(users.email, payload.email))).toHaveLength(0);
  });

  it('records who added whom, without the PIN or the password', async () => {
    const created = await createOk();
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'employee.create'), eq(auditLog.targetId, String(created.id))));
    expect(row).toMatchObject({ restaurantId: harborId, targetType: 'user', ip: '127.0.0.1' });
    expect(row!.actorUserId).toBe(await userIdByEmail(ctx.db, DEMO_EMAILS.owner));
    const text = JSON.stringify(row!.details);
    expect(text).not.toContain(created.payload.pin);
    expect(text).not.toContain(created.payload.password);
  });
});

describe('GET /api/api/user/{id}', () => {
  it('answers one employee of the restaurant', async () => {
    const created = await createOk();
    const res = await owner({ method: 'GET', url: `/api/api/user/${created.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, email: created.email, hasPin: true });
    expect(res.json()).not.toHaveProperty('pin');
  });

  it('answers 404 for another restaurant’s employee, saying nothing about them', async () => {
    const res = await owner({ method: 'GET', url: `/api/api/user/${dragonEmployeeId}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('dragon');
    expect(
      (await owner({ method: 'GET', url: `/api/api/user/${dragonEmployeeId}?ignoreDeletedAt=true` })).statusCode,
    ).toBe(404);
  });

  it('refuses an id that is not a number', async () => {
    expect((await owner({ method: 'GET', url: '/api/api/user/abc' })).statusCode).toBe(400);
  });
});

describe('PUT /api/api/user/{id}', () => {
  it('changes only the fields given', async () => {
    const created = await createOk();
    const res = await owner({
      method: 'PUT',
      url: `/api/api/user/${created.id}`,
      payload: { firstName: 'Anna', roleIds: [managerRoleId], employeeNumber: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Anna',
      lastName: 'Lopez',
      employeeNumber: null,
      email: created.email,
    });
    expect(res.json().roles).toEqual([{ id: managerRoleId, name: 'Manager' }]);
  });

  it('refuses a PIN taken by someone else, but not the employee’s own', async () => {
    const created = await createOk();
    const taken = await owner({ method: 'PUT', url: `/api/api/user/${created.id}`, payload: { pin: '5930' } });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({ pin: TEAM_MESSAGES['team.pinTaken'].en });
    const own = await owner({
      method: 'PUT',
      url: `/api/api/user/${created.id}`,
      payload: { pin: created.payload.pin },
    });
    expect(own.statusCode).toBe(200);
  });

  it('refuses another restaurant’s employee (404) and role (400), changing nothing', async () => {
    const res = await owner({
      method: 'PUT',
      url: `/api/api/user/${dragonEmployeeId}`,
      payload: { firstName: 'Hacked' },
    });
    expect(res.statusCode).toBe(404);
    const [row] = await ctx.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, dragonEmployeeId));
    expect(row?.firstName).toBe('Li');

    const created = await createOk();
    const wrongRole = await owner({
      method: 'PUT',
      url: `/api/api/user/${created.id}`,
      payload: { roleIds: [dragonStaffRoleId] },
    });
    expect(wrongRole.statusCode).toBe(400);
    expect(wrongRole.json().errors).toEqual({ roleIds: TEAM_MESSAGES['team.roleNotFound'].en });
  });

  it('refuses to take team management away from the person editing themselves', async () => {
    const me = await userIdByEmail(ctx.db, DEMO_EMAILS.owner);
    const res = await owner({ method: 'PUT', url: `/api/api/user/${me}`, payload: { roleIds: [staffRoleId] } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TEAM_MESSAGES['team.ownAccessLost'].en);
  });

  it('ends the employee’s sessions when their password is reset', async () => {
    const created = await createOk();
    const token = as(ctx.app, await tokenOf(created));
    const res = await owner({
      method: 'PUT',
      url: `/api/api/user/${created.id}`,
      payload: { password: 'a new password' },
    });
    expect(res.statusCode).toBe(200);
    expect((await token({ method: 'GET', url: '/api/api/getUserInfo' })).json().code).toBe(50012);
    expect((await signin(ctx.app, created.email, 'a new password')).statusCode).toBe(200);
  });
});

describe('deactivation (SPEC 4)', () => {
  it('signs the employee out at once, refuses their sign-in, and lets them back after reactivation', async () => {
    const created = await createOk();
    const token = as(ctx.app, await tokenOf(created));
    expect((await token({ method: 'GET', url: '/api/api/getUserInfo' })).statusCode).toBe(200);

    const off = await owner({ method: 'PUT', url: `/api/api/user/${created.id}`, payload: { status: 'inactive' } });
    expect(off.statusCode).toBe(200);
    expect(off.json().status).toBe('inactive');

    const next = await token({ method: 'GET', url: '/api/api/getUserInfo' });
    expect(next.statusCode).toBe(401);
    expect(next.json().code).toBe(50012);
    const again = await signin(ctx.app, created.email, created.payload.password);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 40001, key: 'common.loginFailed', message: MESSAGES.loginFailed.en });

    const on = await owner({ method: 'PUT', url: `/api/api/user/${created.id}`, payload: { status: 'active' } });
    expect(on.json().status).toBe('active');
    expect((await signin(ctx.app, created.email, created.payload.password)).statusCode).toBe(200);
    // The old token stays dead: its session was revoked, not merely paused.
    expect((await token({ method: 'GET', url: '/api/api/getUserInfo' })).statusCode).toBe(401);

    const actions = await ctx.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(created.id)))
      .orderBy(desc(auditLog.id));
    expect(actions.slice(0, 2).map((a) => a.action)).toEqual(['employee.reactivate', 'employee.deactivate']);
    expect(actions[1]!.details).toMatchObject({ changes: { status: { before: 'active', after: 'inactive' } } });
  });

  // Only the owner (the representative) or platform staff change who it is: these run as platform staff.
  it('removes a deactivated employee as authorized representative', async () => {
    const admin = await adminAtHarbor();
    const rep = (await create(newEmployee({ authorizedRepresentative: true }), admin)).json();
    expect(rep).toMatchObject({ authorizedRepresentative: true });
    const off = await admin({ method: 'PUT', url: `/api/api/user/${rep.id}`, payload: { status: 'inactive' } });
    expect(off.json().authorizedRepresentative).toBe(false);
    const refused = await admin({
      method: 'PUT',
      url: `/api/api/user/${rep.id}`,
      payload: { authorizedRepresentative: true },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      authorizedRepresentative: TEAM_MESSAGES['team.representativeMustBeActive'].en,
    });
  });

  it('keeps one authorized representative per restaurant', async () => {
    const admin = await adminAtHarbor();
    const first = (await create(newEmployee({ authorizedRepresentative: true }), admin)).json();
    const second = (await create(newEmployee({ authorizedRepresentative: true }), admin)).json();
    const reps = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.restaurantId, harborId), eq(users.authorizedRepresentative, true)));
    expect(reps.map((r) => r.id)).toEqual([second.id]);
    expect((await owner({ method: 'GET', url: `/api/api/user/${first.id}` })).json().authorizedRepresentative).toBe(
      false,
    );
  });

  it('does not let people deactivate or delete themselves', async () => {
    const me = await userIdByEmail(ctx.db, DEMO_EMAILS.owner);
    for (const res of [
      await owner({ method: 'PUT', url: `/api/api/user/${me}`, payload: { status: 'inactive' } }),
      await owner({ method: 'DELETE', url: `/api/api/user/${me}` }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(TEAM_MESSAGES['team.cannotChangeOwnStatus'].en);
    }
    expect((await owner({ method: 'GET', url: '/api/api/getUserInfo' })).statusCode).toBe(200);
  });
});

describe('DELETE /api/api/user/{id}', () => {
  it('soft-deletes: sessions end, the list drops them, ignoreDeletedAt still finds them', async () => {
    const created = await createOk();
    const token = as(ctx.app, await tokenOf(created));
    const res = await owner({ method: 'DELETE', url: `/api/api/user/${created.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    expect((await token({ method: 'GET', url: '/api/api/getUserInfo' })).statusCode).toBe(401);
    expect((await signin(ctx.app, created.email, created.payload.password)).statusCode).toBe(400);
    expect((await list('?pageSize=100')).items.map((i) => i.id)).not.toContain(created.id);
    expect((await owner({ method: 'GET', url: `/api/api/user/${created.id}` })).statusCode).toBe(404);
    const found = await owner({ method: 'GET', url: `/api/api/user/${created.id}?ignoreDeletedAt=true` });
    expect(found.statusCode).toBe(200);
    expect(found.json().deletedAt).not.toBeNull();
    expect((await owner({ method: 'DELETE', url: `/api/api/user/${created.id}` })).statusCode).toBe(404);
    // stamped by the product's clock (pinned in tests), not the host's
    const [row] = await ctx.db
      .select({ deletedAt: users.deletedAt, updatedAt: users.updatedAt })
      .from(users)
      .where(eq(users.id, created.id));
    expect(row?.deletedAt?.getTime()).toBe(ctx.config.clock.now().getTime());
    expect(row?.updatedAt?.getTime()).toBe(ctx.config.clock.now().getTime());
  });

  it('frees the email and PIN for a new hire', async () => {
    const created = await createOk();
    await owner({ method: 'DELETE', url: `/api/api/user/${created.id}` });
    const again = await create(newEmployee({ email: created.email, pin: created.payload.pin }));
    expect(again.statusCode).toBe(200);
  });

  it('answers 404 for another restaurant’s employee and leaves them alone', async () => {
    expect((await owner({ method: 'DELETE', url: `/api/api/user/${dragonEmployeeId}` })).statusCode).toBe(404);
    const [row] = await ctx.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, dragonEmployeeId));
    expect(row?.deletedAt).toBeNull();
  });

  it('lets a role held only by deleted employees be deleted', async () => {
    const role = (
      await owner({ method: 'POST', url: '/api/api/updaterestperm', payload: { name: 'Seasonal', flags: {} } })
    ).json();
    const created = await createOk({ roleIds: [role.id] });
    expect((await owner({ method: 'POST', url: '/api/api/deleterestperm', payload: { id: role.id } })).statusCode).toBe(
      409,
    );
    await owner({ method: 'DELETE', url: `/api/api/user/${created.id}` });
    expect((await owner({ method: 'POST', url: '/api/api/deleterestperm', payload: { id: role.id } })).statusCode).toBe(
      200,
    );
  });
});

describe('employee history', () => {
  it('lists the changes to one employee, newest first', async () => {
    const created = await createOk();
    await owner({ method: 'PUT', url: `/api/api/user/${created.id}`, payload: { lastName: 'López', pin: '0042' } });
    const res = await owner({ method: 'GET', url: `/api/api/user/${created.id}/history` });
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items.map((i: { action: string }) => i.action)).toEqual(['employee.update', 'employee.create']);
    expect(items[0].details).toEqual({
      name: 'Ana Lopez',
      changes: { lastName: { before: 'Lopez', after: 'López' } },
      pinChanged: true,
    });
    expect(JSON.stringify(items)).not.toContain('0042');
  });

  it('answers 404 for another restaurant’s employee', async () => {
    expect((await owner({ method: 'GET', url: `/api/api/user/${dragonEmployeeId}/history` })).statusCode).toBe(404);
  });
});

describe('another restaurant', () => {
  it('sees only its own team', async () => {
    const page = await list('?pageSize=100', other);
    expect(page.items.map((i) => i.email).sort()).toEqual(['owner@dragon.test', 'waiter@dragon.test']);
    expect(JSON.stringify(page)).not.toContain('demo.test');
    expect(dragonId).not.toBe(harborId);
  });

  it('signs in with the demo password', async () => {
    expect((await signin(ctx.app, 'waiter@dragon.test', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
