import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@ra/shared/auth/auth.messages';
import { TEAM_MESSAGES } from '@ra/shared/team/team.messages';
import { auditLog } from '../../db/schema/audit.ts';
import { passwordResets } from '../../db/schema/auth.ts';
import { emailOutbox } from '../../db/schema/email.ts';
import { users } from '../../db/schema/users.ts';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../../demo/seed.ts';
import type { ManualClock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { as, createTestContext, freshIp, signin, type TestContext } from '../../../test/helper.ts';
import { RESET_LIMITS } from './account.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

let accountNumber = 0;
async function createAccount(values: Partial<typeof users.$inferInsert> = {}): Promise<string> {
  accountNumber += 1;
  const email = `reset-${accountNumber}@demo.test`;
  const [owner] = await ctx.db
    .select({ restaurantId: users.restaurantId, nodeId: users.nodeId })
    .from(users)
    .where(eq(users.email, DEMO_EMAILS.owner));
  await ctx.db.insert(users).values({
    email,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    firstName: 'Test',
    lastName: 'Person',
    restaurantId: owner!.restaurantId,
    nodeId: owner!.nodeId,
    ...values,
  });
  return email;
}

const forgot = (email: string, ip: string = freshIp()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/account/forgotPassword',
    remoteAddress: ip,
    headers: { host: 'admin.example.test' },
    payload: { email },
  });

const reset = (token: string, newPassword: string, confirmPassword = newPassword) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/account/resetPassword',
    remoteAddress: freshIp(),
    payload: { token, newPassword, confirmPassword },
  });

async function mailsTo(email: string) {
  return ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(desc(emailOutbox.id));
}

async function latestToken(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  const token = mail?.body.match(/\/resetPassword\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return token;
}

describe('forgot password', () => {
  it('answers the same for an account, an unknown email and a deactivated account, and mails only the account', async () => {
    const active = await createAccount();
    const inactive = await createAccount({ status: 'inactive' });
    const answers = [await forgot(active), await forgot('nobody-here@demo.test'), await forgot(inactive)];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, message: AUTH_MESSAGES.resetRequested.en });
    }
    expect(await mailsTo(active)).toHaveLength(1);
    expect(await mailsTo('nobody-here@demo.test')).toHaveLength(0);
    expect(await mailsTo(inactive)).toHaveLength(0);
  });

  it('mails a link to this site in both languages, stamped by the server clock, keeping only a hash of the token', async () => {
    const email = await createAccount();
    await forgot(email);
    const [mail] = await mailsTo(email);
    expect(mail!.body).toMatch(/^http:\/\/admin\.example\.test\/resetPassword\?token=[A-Za-z0-9_-]{43}$/m);
    expect(mail!.body).toContain('30 minutes');
    expect(mail!.body).toContain('30 分钟');
    expect(mail!.createdAt.getTime()).toBe(ctx.config.clock.now().getTime());
    expect(mail!.sentAt!.getTime()).toBe(ctx.config.clock.now().getTime());
    const token = await latestToken(email);
    const stored = await ctx.db.select({ tokenHash: passwordResets.tokenHash }).from(passwordResets);
    expect(stored.some((r) => r.tokenHash === token)).toBe(false);
  });

  it('sends at most 3 links an hour to one email, still with the same answer', async () => {
    const email = await createAccount();
    for (let i = 0; i < RESET_LIMITS.perEmail + 2; i += 1) {
      expect((await forgot(email)).json().message).toBe(AUTH_MESSAGES.resetRequested.en);
    }
    expect(await mailsTo(email)).toHaveLength(RESET_LIMITS.perEmail);
  });

  it('refuses an address after 10 requests in an hour, whatever the emails', async () => {
    const ip = freshIp();
    for (let i = 0; i < RESET_LIMITS.perIp; i += 1) {
      expect((await forgot(`someone-${i}@demo.test`, ip)).statusCode).toBe(200);
    }
    const limited = await forgot('another@demo.test', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 42900, key: 'auth.resetTooMany', message: AUTH_MESSAGES.resetTooMany.en });
    expect(limited.headers['retry-after']).toBe(String(RESET_LIMITS.windowMs / 1000));
    expect((await forgot('another@demo.test')).statusCode).toBe(200);
  });

  it('refuses a malformed email like the sign-in form does', async () => {
    const res = await forgot('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toBe('Please enter the correct email address');
  });
});

describe('reset password', () => {
  it('sets the new password, ends every session, records it, and the link then stops working', async () => {
    const email = await createAccount();
    const session = (await signin(ctx.app, email)).json().token as string;
    await forgot(email);
    const token = await latestToken(email);

    const res = await reset(token, 'a brand new secret');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: AUTH_MESSAGES.resetDone.en });
    expect((await as(ctx.app, session)({ method: 'GET', url: '/api/api/getUserInfo' })).statusCode).toBe(401);
    expect((await signin(ctx.app, email)).statusCode).toBe(400);
    expect((await signin(ctx.app, email, 'a brand new secret')).statusCode).toBe(200);

    const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.password.reset'), eq(auditLog.targetId, String(user!.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: user!.id, details: { sessionsEnded: 1 } });

    const again = await reset(token, 'yet another secret');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.resetLinkInvalid.en);
    expect((await signin(ctx.app, email, 'a brand new secret')).statusCode).toBe(200);
  });

  it('applies the change-password rules and changes nothing when they are broken', async () => {
    const email = await createAccount();
    await forgot(email);
    const token = await latestToken(email);
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.newPassword).toBe(TEAM_MESSAGES['team.passwordTooShort'].en);
    const mismatch = await reset(token, 'long enough one', 'long enough two');
    expect(mismatch.json().errors.confirmPassword).toBe(TEAM_MESSAGES['team.passwordMismatch'].en);
    const isEmail = await reset(token, email);
    expect(isEmail.json().errors.newPassword).toBe(TEAM_MESSAGES['team.passwordIsEmail'].en);
    // The link survives a refused password.
    expect((await signin(ctx.app, email)).statusCode).toBe(200);
    expect((await reset(token, 'long enough now')).statusCode).toBe(200);
  });

  it('refuses a link after 30 minutes, and an older link once a newer one was used', async () => {
    const email = await createAccount();
    await forgot(email);
    const older = await latestToken(email);
    await forgot(email);
    const newer = await latestToken(email);
    expect(newer).not.toBe(older);
    (ctx.config.clock as ManualClock).advance(RESET_LIMITS.ttlMs + 1000);
    expect((await reset(newer, 'long enough now')).json().message).toBe(AUTH_MESSAGES.resetLinkInvalid.en);

    await forgot(email);
    const fresh = await latestToken(email);
    await forgot(email);
    const fresher = await latestToken(email);
    expect((await reset(fresher, 'long enough now')).statusCode).toBe(200);
    expect((await reset(fresh, 'long enough again')).json().message).toBe(AUTH_MESSAGES.resetLinkInvalid.en);
    expect((await signin(ctx.app, email, 'long enough now')).statusCode).toBe(200);
  });

  it('lets one of two simultaneous uses of a link through', async () => {
    const email = await createAccount();
    await forgot(email);
    const token = await latestToken(email);
    const answers = await Promise.all([reset(token, 'first new secret'), reset(token, 'second new secret')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses an unknown token', async () => {
    const res = await reset('x'.repeat(43), 'long enough now');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.resetLinkInvalid.en);
  });
});
