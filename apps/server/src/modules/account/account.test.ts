import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { MESSAGES } from '@ra/shared/errors';
import { ZUserInfo } from '@ra/shared/auth/auth.schemas';
import { emailCodes, loginFailures, sessions } from '../../db/schema/auth.ts';
import { emailOutbox } from '../../db/schema/email.ts';
import { users } from '../../db/schema/users.ts';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../../demo/seed.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { ManualClock } from '../../lib/clock.ts';
import {
  as,
  createTestContext,
  freshIp,
  signin,
  TEST_JWT_SECRET,
  tokenFor,
  type TestContext,
} from '../../../test/helper.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const LOGIN_FAILED = { code: 40001, key: 'common.loginFailed', message: MESSAGES.loginFailed.en };

async function userIdOf(email: string): Promise<number> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A throwaway account at the owner's restaurant, so tests that lock or break an account share nothing. */
async function createAccount(email: string, values: Partial<typeof users.$inferInsert> = {}): Promise<number> {
  const [owner] = await ctx.db
    .select({ restaurantId: users.restaurantId, nodeId: users.nodeId })
    .from(users)
    .where(eq(users.email, DEMO_EMAILS.owner));
  const [row] = await ctx.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: 'Test',
      lastName: 'Person',
      restaurantId: owner!.restaurantId,
      nodeId: owner!.nodeId,
      ...values,
    })
    .returning({ id: users.id });
  return row!.id;
}

/** "Until the window passes": move this email's and IP's failures 16 minutes into the past. */
async function letRateLimitWindowPass(): Promise<void> {
  await ctx.db.update(loginFailures).set({ createdAt: sql`${loginFailures.createdAt} - interval '16 minutes'` });
}

async function latestCodeFor(email: string): Promise<string> {
  const [mail] = await ctx.db
    .select({ body: emailOutbox.body })
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const code = mail?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

describe('prelogin', () => {
  it('echoes the email trimmed and lowercased, whether or not an account exists', async () => {
    const known = await ctx.app.inject({ method: 'GET', url: '/api/account/prelogin?data=%20Owner@Demo.TEST%20' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ email: 'owner@demo.test' });
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/account/prelogin?data=nobody@demo.test' });
    expect(unknown.json()).toEqual({ email: 'nobody@demo.test' });
  });

  it('refuses a malformed email with a field error', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/account/prelogin?data=not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 40000, errors: { data: MESSAGES.invalidEmail.en } });
  });
});

describe('signin', () => {
  it.each([DEMO_EMAILS.owner, DEMO_EMAILS.manager, DEMO_EMAILS.staff, DEMO_EMAILS.agent])(
    'signs in %s and the token opens getUserInfo',
    async (email) => {
      const res = await signin(ctx.app, email);
      expect(res.statusCode).toBe(200);
      const { token } = res.json() as { token: string };
      expect(token.split('.')).toHaveLength(3);
      const info = await as(ctx.app, token)({ method: 'GET', url: '/api/api/getUserInfo' });
      expect(info.statusCode).toBe(200);
      expect(info.json().email).toBe(email);
    },
  );

  it('trims and lowercases the email before looking it up', async () => {
    const res = await signin(ctx.app, '  Owner@Demo.test ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('token');
  });

  it('answers wrong password, unknown email, inactive and deleted accounts identically, as a 400', async () => {
    await createAccount('inactive@demo.test', { status: 'inactive' });
    await createAccount('deleted@demo.test', { deletedAt: new Date() });
    const answers = [
      await signin(ctx.app, DEMO_EMAILS.owner, 'wrong-password'),
      await signin(ctx.app, 'nobody@demo.test'),
      await signin(ctx.app, 'inactive@demo.test'),
      await signin(ctx.app, 'deleted@demo.test'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(LOGIN_FAILED);
    }
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
  });

  it('reports a missing password as a field error', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/signin',
      payload: { email: DEMO_EMAILS.owner, cid: -1 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ code: 40000, message: MESSAGES.badRequest.en });
    expect(Object.keys(body.errors)).toEqual(['password']);
  });

  it('creates a session at the restaurant for a restaurant user and none selected for an agent', async () => {
    await signin(ctx.app, DEMO_EMAILS.staff);
    await signin(ctx.app, DEMO_EMAILS.agent);
    const latest = async (email: string) => {
      const [row] = await ctx.db
        .select({ restaurantId: sessions.restaurantId, userRestaurantId: users.restaurantId })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(users.email, email))
        .orderBy(desc(sessions.createdAt))
        .limit(1);
      return row!;
    };
    const staff = await latest(DEMO_EMAILS.staff);
    expect(staff.restaurantId).not.toBeNull();
    expect(staff.restaurantId).toBe(staff.userRestaurantId);
    expect((await latest(DEMO_EMAILS.agent)).restaurantId).toBeNull();
  });
});

// Limits per email and address, the email-wide slowdown and parallel guessing: rate-limits.test.ts.
describe('sign-in rate limiting', () => {
  it('refuses one IP after 20 failures whatever the email', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i += 1) {
      expect((await signin(ctx.app, `guess${i}@demo.test`, 'wrong-password', { ip })).statusCode).toBe(400);
    }
    expect((await signin(ctx.app, DEMO_EMAILS.manager, DEMO_PASSWORD, { ip })).statusCode).toBe(429);
    // Another address is not affected.
    expect((await signin(ctx.app, DEMO_EMAILS.manager)).statusCode).toBe(200);
    await letRateLimitWindowPass();
    expect((await signin(ctx.app, DEMO_EMAILS.manager, DEMO_PASSWORD, { ip })).statusCode).toBe(200);
  });
});

describe('email verification code', () => {
  const email = DEMO_EMAILS.verify;

  it('asks for a code, emails it, signs in with it once, and refuses it the second time', async () => {
    const first = await signin(ctx.app, email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ emailVerificationRequired: true, message: MESSAGES.emailCodeRequired.en });
    const code = await latestCodeFor(email);

    const [stored] = await ctx.db
      .select({ codeHash: emailCodes.codeHash })
      .from(emailCodes)
      .where(eq(emailCodes.userId, await userIdOf(email)))
      .orderBy(desc(emailCodes.id))
      .limit(1);
    expect(stored!.codeHash).not.toContain(code);

    const ok = await signin(ctx.app, email, DEMO_PASSWORD, { emailVerificationCodeNumber: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toHaveProperty('token');

    const reused = await signin(ctx.app, email, DEMO_PASSWORD, { emailVerificationCodeNumber: code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      code: 40002,
      key: 'common.emailCodeInvalid',
      message: MESSAGES.emailCodeInvalid.en,
    });
  });

  it('writes the email in English and Chinese', async () => {
    await signin(ctx.app, email);
    const [mail] = await ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, email))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    expect(mail!.body).toMatch(/sign-in code is \d{6}/);
    expect(mail!.body).toMatch(/验证码是 \d{6}/);
  });

  it('refuses a wrong code, and a right password with a code is still checked for the password', async () => {
    await signin(ctx.app, email);
    const code = await latestCodeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await signin(ctx.app, email, DEMO_PASSWORD, { emailVerificationCodeNumber: wrong });
    expect(res.json()).toEqual({ code: 40002, key: 'common.emailCodeInvalid', message: MESSAGES.emailCodeInvalid.en });
    const badPassword = await signin(ctx.app, email, 'wrong-password', { emailVerificationCodeNumber: code });
    expect(badPassword.json()).toEqual(LOGIN_FAILED);
    await letRateLimitWindowPass();
  });

  it('refuses an expired code', async () => {
    await signin(ctx.app, email);
    const code = await latestCodeFor(email);
    await ctx.db
      .update(emailCodes)
      .set({ expiresAt: new Date(ctx.config.clock.now().getTime() - 1000) })
      .where(and(eq(emailCodes.userId, await userIdOf(email)), isNull(emailCodes.usedAt)));
    const res = await signin(ctx.app, email, DEMO_PASSWORD, { emailVerificationCodeNumber: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(40002);
  });

  it('only the latest code works', async () => {
    await signin(ctx.app, email);
    const older = await latestCodeFor(email);
    await signin(ctx.app, email);
    const newer = await latestCodeFor(email);
    if (older !== newer) {
      expect((await signin(ctx.app, email, DEMO_PASSWORD, { emailVerificationCodeNumber: older })).statusCode).toBe(
        400,
      );
      await letRateLimitWindowPass();
    }
    expect((await signin(ctx.app, email, DEMO_PASSWORD, { emailVerificationCodeNumber: newer })).statusCode).toBe(200);
  });

  it('gives up on a code after 5 wrong tries, even once the rate limit has passed', async () => {
    await signin(ctx.app, email);
    const code = await latestCodeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await signin(ctx.app, email, DEMO_PASSWORD, { ip, emailVerificationCodeNumber: wrong })).json().code,
      ).toBe(40002);
    }
    await letRateLimitWindowPass();
    const res = await signin(ctx.app, email, DEMO_PASSWORD, { emailVerificationCodeNumber: code });
    expect(res.json()).toEqual({ code: 40002, key: 'common.emailCodeInvalid', message: MESSAGES.emailCodeInvalid.en });
  });

  it('answers 503 when the email cannot be sent, and leaves no usable code behind', async () => {
    const failing = await ctx.buildAnother({ config: { email: { ...ctx.config.email, fail: true } } });
    const outboxBefore = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(emailOutbox);
    const res = await signin(failing, email);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 50300,
      key: 'common.emailUnavailable',
      message: 'We could not send the verification email. Please try again later.',
    });
    const live = await ctx.db
      .select({ id: emailCodes.id })
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, await userIdOf(email)), isNull(emailCodes.usedAt)));
    expect(live).toHaveLength(0);
    const outboxAfter = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(emailOutbox);
    expect(outboxAfter[0]!.n).toBe(outboxBefore[0]!.n);
  });
});

describe('tokens and sessions', () => {
  const sign = createSigner({ key: TEST_JWT_SECRET, algorithm: 'HS256' });

  async function ownerSession(): Promise<{ token: string; sid: string; sub: string }> {
    const token = await tokenFor(ctx.app, DEMO_EMAILS.owner);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      sid: string;
      sub: string;
    };
    return { token, ...payload };
  }

  it('answers 401 / 50012 without a token, with a malformed one, and with one signed by another key', async () => {
    const { sid, sub } = await ownerSession();
    const forged = createSigner({ key: 'another-key-another-key-another-key-0000', algorithm: 'HS256' })({
      sub,
      sid,
      exp: Math.floor(ctx.config.clock.now().getTime() / 1000) + 3600,
    });
    for (const headers of [{}, { authorization: 'not-a-token' }, { authorization: forged }]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/api/getUserInfo', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 50012, key: 'common.loggedOut', message: MESSAGES.loggedOut.en });
    }
  });

  it('answers 401 / 50014 for an expired token', async () => {
    const { sid, sub } = await ownerSession();
    const expired = sign({ sub, sid, exp: Math.floor(ctx.config.clock.now().getTime() / 1000) - 60 });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/api/getUserInfo',
      headers: { authorization: expired },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 50014, key: 'common.loggedOut', message: MESSAGES.loggedOut.en });
  });

  it('accepts "Bearer <token>" and the Admin-Token cookie for reads, but not the cookie for writes', async () => {
    const { token } = await ownerSession();
    const bearer = await ctx.app.inject({
      method: 'GET',
      url: '/api/api/getUserInfo',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.statusCode).toBe(200);
    const cookieRead = await ctx.app.inject({
      method: 'GET',
      url: '/api/api/getUserInfo',
      cookies: { 'Admin-Token': token },
    });
    expect(cookieRead.statusCode).toBe(200);
    const cookieWrite = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/acquireToken',
      cookies: { 'Admin-Token': token },
      payload: {},
    });
    expect(cookieWrite.statusCode).toBe(401);
  });

  it('acquireToken returns a different token for the same session that works, and extends the session', async () => {
    const { token, sid } = await ownerSession();
    const [before] = await ctx.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sid));
    (ctx.config.clock as ManualClock).advance(60_000);
    const res = await as(
      ctx.app,
      token,
    )({ method: 'POST', url: '/api/account/acquireToken', payload: { oldjwtToken: token } });
    expect(res.statusCode).toBe(200);
    const fresh = (res.json() as { token: string }).token;
    expect(fresh).not.toBe(token);
    const payload = JSON.parse(Buffer.from(fresh.split('.')[1]!, 'base64url').toString()) as { sid: string };
    expect(payload.sid).toBe(sid);
    expect((await as(ctx.app, fresh)({ method: 'GET', url: '/api/api/getUserInfo' })).statusCode).toBe(200);
    const [after] = await ctx.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sid));
    expect(after!.expiresAt.getTime()).toBeGreaterThan(before!.expiresAt.getTime());
  });

  it('acquireToken says who the token is for, as getUserInfo does, so sign-in need not ask (issue 21)', async () => {
    const { token } = await ownerSession();
    const res = await as(ctx.app, token)({ method: 'POST', url: '/api/account/acquireToken', payload: {} });
    expect(res.statusCode).toBe(200);
    const { token: fresh, userInfo } = res.json() as { token: string; userInfo: unknown };
    const asked = await as(ctx.app, fresh)({ method: 'GET', url: '/api/api/getUserInfo' });
    expect(userInfo).toEqual(asked.json());
    expect(userInfo).toMatchObject({ email: 'owner@demo.test', isLeaf: true });
  });

  it('logout revokes the session: the token and tokens acquired from it answer 50012', async () => {
    const { token } = await ownerSession();
    // The client may send no body at all when it holds no old token (SPEC 7 "oldjwtToken if a token exists").
    const acquired = (await as(ctx.app, token)({ method: 'POST', url: '/api/account/acquireToken' })).json()
      .token as string;
    const out = await as(ctx.app, token)({ method: 'GET', url: '/api/account/logout' });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    for (const t of [token, acquired]) {
      const res = await as(ctx.app, t)({ method: 'GET', url: '/api/api/getUserInfo' });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(50012);
    }
    expect(
      (await as(ctx.app, token)({ method: 'POST', url: '/api/account/acquireToken', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('a session expired on the server answers 50012 even while the token is unexpired', async () => {
    const { token, sid } = await ownerSession();
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(ctx.config.clock.now().getTime() - 1000) })
      .where(eq(sessions.id, sid));
    const res = await as(ctx.app, token)({ method: 'GET', url: '/api/api/getUserInfo' });
    expect(res.json()).toEqual({ code: 50012, key: 'common.loggedOut', message: MESSAGES.loggedOut.en });
  });

  it('deactivating a user ends their open sessions on the next request', async () => {
    const email = 'soon-inactive@demo.test';
    await createAccount(email);
    const token = await tokenFor(ctx.app, email);
    expect((await as(ctx.app, token)({ method: 'GET', url: '/api/api/getUserInfo' })).statusCode).toBe(200);
    // Written straight to the database, as another server would: announced to this one by NOTIFY.
    const announced = ctx.app.authCache.nextInvalidation();
    await ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.email, email));
    await announced;
    const res = await as(ctx.app, token)({ method: 'GET', url: '/api/api/getUserInfo' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(50012);
  });
});

describe('getUserInfo', () => {
  it('describes a restaurant user as a leaf login rooted at their restaurant', async () => {
    const token = await tokenFor(ctx.app, DEMO_EMAILS.owner);
    const info = (await as(ctx.app, token)({ method: 'GET', url: '/api/api/getUserInfo' })).json();
    expect(ZUserInfo.parse(info)).toEqual({
      xid: expect.stringMatching(/^U\d{6,}$/),
      name: 'Grace Miller',
      email: DEMO_EMAILS.owner,
      avatar: '',
      introduction: '',
      isLeaf: true,
      rootXid: expect.stringMatching(/^N\d{6,}$/),
    });
    const rest = (await as(ctx.app, token)({ method: 'GET', url: '/api/api/getrest' })).json();
    expect(info.rootXid).toBe(rest.xid);
  });

  it('describes an agent as rooted at the agent node, not a leaf', async () => {
    const token = await tokenFor(ctx.app, DEMO_EMAILS.agent);
    const info = (await as(ctx.app, token)({ method: 'GET', url: '/api/api/getUserInfo' })).json();
    expect(info).toMatchObject({ name: 'Linda Chen', isLeaf: false, rootXid: expect.stringMatching(/^N\d+$/) });
  });
});

describe('unlock (lock screen)', () => {
  it('accepts the signed-in user’s password and refuses another with the login-failed answer', async () => {
    const token = await tokenFor(ctx.app, DEMO_EMAILS.staff);
    const ok = await as(
      ctx.app,
      token,
    )({ method: 'POST', url: '/api/account/unlock', payload: { password: DEMO_PASSWORD } });
    expect(ok.json()).toEqual({ ok: true });
    const bad = await as(
      ctx.app,
      token,
    )({
      method: 'POST',
      url: '/api/account/unlock',
      payload: { password: 'wrong' },
      remoteAddress: freshIp(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(LOGIN_FAILED);
    await letRateLimitWindowPass();
  });
});
