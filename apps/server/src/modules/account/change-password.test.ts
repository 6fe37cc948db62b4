import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TEAM_MESSAGES } from '@ra/shared/team/team.messages';
import { auditLog } from '../../db/schema/audit.ts';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { as, createTestContext, signin, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createPerson, harbor } from '../team/team.test-support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const URL = '/api/account/changePassword';
let n = 0;
/** A throwaway dashboard account, so a changed password never leaks into another test. */
async function person(): Promise<{ email: string; userId: number }> {
  n += 1;
  const email = `changer${n}@demo.test`;
  const { userId } = await createPerson(ctx.db, await harbor(ctx.db), { email, existingRole: 'Staff' });
  return { email, userId };
}

describe('POST /api/account/changePassword', () => {
  it('changes the password, ends the other sessions and keeps the current one', async () => {
    const { email, userId } = await person();
    const current = as(ctx.app, await tokenFor(ctx.app, email));
    const otherDevice = as(ctx.app, await tokenFor(ctx.app, email));

    const res = await current({
      method: 'POST',
      url: URL,
      payload: { oldPassword: DEMO_PASSWORD, newPassword: 'a longer secret', confirmPassword: 'a longer secret' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: TEAM_MESSAGES['team.passwordChanged'].en });

    expect((await current({ method: 'GET', url: '/api/api/getUserInfo' })).statusCode).toBe(200);
    const other = await otherDevice({ method: 'GET', url: '/api/api/getUserInfo' });
    expect(other.statusCode).toBe(401);
    expect(other.json().code).toBe(50012);

    expect((await signin(ctx.app, email, DEMO_PASSWORD)).statusCode).toBe(400);
    expect((await signin(ctx.app, email, 'a longer secret')).statusCode).toBe(200);

    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.password.change'), eq(auditLog.targetId, String(userId))));
    expect(row).toMatchObject({ actorUserId: userId, targetType: 'user', ip: '127.0.0.1' });
    expect(row!.restaurantId).toBe((await harbor(ctx.db)).id);
    expect(JSON.stringify(row!.details)).not.toContain('secret');
  });

  it('refuses a wrong current password under its field, as a 400 that does not sign the user out', async () => {
    const { email } = await person();
    const me = as(ctx.app, await tokenFor(ctx.app, email));
    const res = await me({
      method: 'POST',
      url: URL,
      payload: { oldPassword: 'not-my-password', newPassword: 'a longer secret', confirmPassword: 'a longer secret' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ oldPassword: TEAM_MESSAGES['team.passwordWrong'].en });
    expect((await signin(ctx.app, email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ['too short', { newPassword: 'short', confirmPassword: 'short' }, 'newPassword', 'team.passwordTooShort'],
    [
      'the two entries differ',
      { newPassword: 'a longer secret', confirmPassword: 'a longer secreT' },
      'confirmPassword',
      'team.passwordMismatch',
    ],
    [
      'the same as the current one',
      { newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
      'newPassword',
      'team.passwordUnchanged',
    ],
    ['the current password missing', { oldPassword: undefined }, 'oldPassword', 'team.passwordRequired'],
  ] as const)('refuses a new password that is %s', async (_label, overrides, field, key) => {
    const { email } = await person();
    const me = as(ctx.app, await tokenFor(ctx.app, email));
    const res = await me({
      method: 'POST',
      url: URL,
      payload: {
        oldPassword: DEMO_PASSWORD,
        newPassword: 'a longer secret',
        confirmPassword: 'a longer secret',
        ...overrides,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(TEAM_MESSAGES[key].en);
  });

  it('refuses the account’s own email as the new password', async () => {
    const { email } = await person();
    const me = as(ctx.app, await tokenFor(ctx.app, email));
    const res = await me({
      method: 'POST',
      url: URL,
      payload: { oldPassword: DEMO_PASSWORD, newPassword: email.toUpperCase(), confirmPassword: email.toUpperCase() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ newPassword: TEAM_MESSAGES['team.passwordIsEmail'].en });
  });

  it('needs a signed-in caller', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: URL,
      payload: { oldPassword: DEMO_PASSWORD, newPassword: 'a longer secret', confirmPassword: 'a longer secret' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(50012);
  });
});
