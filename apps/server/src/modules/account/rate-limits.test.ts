import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { MESSAGES } from '@ra/shared/errors';
import { OutboxEmailSender } from '../../adapters/email/outbox-email-sender.ts';
import { emailCodes, loginFailures, sessions } from '../../db/schema/auth.ts';
import { emailOutbox } from '../../db/schema/email.ts';
import { users } from '../../db/schema/users.ts';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../../demo/seed.ts';
import { ManualClock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { TokenService } from '../../lib/tokens.ts';
import { NodeRepository } from '../node/node.repository.ts';
import { NodeService } from '../node/node.service.ts';
import {
  as,
  createTestContext,
  freshIp,
  signin,
  TEST_JWT_SECRET,
  TEST_NOW,
  tokenFor,
  type TestContext,
} from '../../../test/helper.ts';
import { AccountRepository } from './account.repository.ts';
import { AccountService, EMAIL_CODE_RULES, SIGNIN_LIMITS, signinSlowdownMs, UNLOCK_LIMIT } from './account.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

let accountNumber = 0;
/** A throwaway account at the owner's restaurant, so each test locks or slows only its own email. */
async function createAccount(values: Partial<typeof users.$inferInsert> = {}): Promise<string> {
  accountNumber += 1;
  const email = `limits-${accountNumber}@demo.test`;
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

/**
 * The service on the test database, with the slowdown recorded instead of waited out, so a test can
 * see each wait the email's failures impose without spending it.
 */
function serviceWithRecordedPauses(): { sut: AccountService; pauses: number[] } {
  const pauses: number[] = [];
  const clock = new ManualClock(TEST_NOW);
  const sut = new AccountService({
    repo: new AccountRepository(ctx.db),
    nodes: new NodeService(new NodeRepository(ctx.db)),
    tokens: new TokenService(TEST_JWT_SECRET, clock),
    email: new OutboxEmailSender(ctx.db, ctx.app.log, false, clock),
    tokenTtlSeconds: 3600,
    codeSecret: TEST_JWT_SECRET,
    now: () => clock.now(),
    pause: async (ms) => {
      pauses.push(ms);
    },
  });
  return { sut, pauses };
}

async function outcome(attempt: Promise<unknown>): Promise<number> {
  try {
    await attempt;
    return 200;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe('sign-in limits under parallel guessing', () => {
  it('lets at most the limit of 40 parallel wrong passwords from one address reach the password check', async () => {
    const email = await createAccount();
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => signin(ctx.app, email, 'wrong-password', { ip })),
    );
    const checked = answers.filter((a) => a.statusCode === 400);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(checked.length).toBe(SIGNIN_LIMITS.failuresPerEmail);
    expect(refused.length).toBe(40 - SIGNIN_LIMITS.failuresPerEmail);
    const [recorded] = await ctx.db.select({ n: count() }).from(loginFailures).where(eq(loginFailures.email, email));
    expect(recorded!.n).toBe(SIGNIN_LIMITS.failuresPerEmail);
  });

  it('lets at most 5 of 40 parallel wrong email codes be compared, even from 40 addresses', async () => {
    const { sut } = serviceWithRecordedPauses();
    const email = await createAccount({ requireEmailCode: true });
    const first = await sut.signin({ email, password: DEMO_PASSWORD }, { ip: freshIp(), userAgent: null });
    expect(first).toMatchObject({ emailVerificationRequired: true });
    const [mail] = await ctx.db
      .select({ body: emailOutbox.body })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, email))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    const code = mail!.body.match(/\b(\d{6})\b/)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';

    const codes = await Promise.all(
      Array.from({ length: 40 }, () =>
        outcome(
          sut.signin(
            { email, password: DEMO_PASSWORD, emailVerificationCodeNumber: wrong },
            { ip: freshIp(), userAgent: null },
          ),
        ),
      ),
    );
    expect(codes.every((c) => c === 40002)).toBe(true);
    const [row] = await ctx.db
      .select({ attempts: emailCodes.attempts })
      .from(emailCodes)
      .innerJoin(users, eq(users.id, emailCodes.userId))
      .where(and(eq(users.email, email), isNull(emailCodes.usedAt)));
    // Each comparison takes a try first, so the count of tries is the count of comparisons.
    expect(row!.attempts).toBe(EMAIL_CODE_RULES.maxAttempts);
    // The tries are used up: the right code no longer works either.
    expect(
      await outcome(
        sut.signin(
          { email, password: DEMO_PASSWORD, emailVerificationCodeNumber: code },
          { ip: freshIp(), userAgent: null },
        ),
      ),
    ).toBe(40002);
  });
});

describe('a stranger who knows the email', () => {
  it('cannot lock the owner out from another address: the right password still signs in, after a wait', async () => {
    const { sut, pauses } = serviceWithRecordedPauses();
    const email = await createAccount();
    const stranger = freshIp();
    for (let i = 0; i < SIGNIN_LIMITS.failuresPerEmail; i += 1) {
      expect(await outcome(sut.signin({ email, password: 'guess' }, { ip: stranger, userAgent: null }))).toBe(40001);
    }
    // The stranger's address is now refused outright, even with the right password...
    expect(await outcome(sut.signin({ email, password: DEMO_PASSWORD }, { ip: stranger, userAgent: null }))).toBe(
      42900,
    );
    expect(pauses).toEqual([]);
    // ...while the owner, elsewhere, signs in: slowed down, not refused.
    const owner = await sut.signin({ email, password: DEMO_PASSWORD }, { ip: freshIp(), userAgent: null });
    expect(owner).toHaveProperty('token');
    expect(pauses).toEqual([signinSlowdownMs(SIGNIN_LIMITS.failuresPerEmail)]);
    expect(pauses[0]).toBeGreaterThan(0);
  });

  it('makes each further guess at the email from new addresses wait longer, up to a ceiling', async () => {
    const { sut, pauses } = serviceWithRecordedPauses();
    const email = await createAccount();
    for (let i = 0; i < 12; i += 1) {
      await outcome(sut.signin({ email, password: 'guess' }, { ip: freshIp(), userAgent: null }));
    }
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
    expect(signinSlowdownMs(1000)).toBe(SIGNIN_LIMITS.slowdownMaxMs);
  });

  it('refuses the right password from the guessing address until the window passes', async () => {
    const email = await createAccount();
    const ip = freshIp();
    for (let i = 0; i < SIGNIN_LIMITS.failuresPerEmail; i += 1) {
      expect((await signin(ctx.app, email, 'wrong-password', { ip })).statusCode).toBe(400);
    }
    const limited = await signin(ctx.app, email, DEMO_PASSWORD, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 42900,
      key: 'common.tooManyAttempts',
      message: MESSAGES.tooManyAttempts.en,
    });
    (ctx.config.clock as ManualClock).advance(SIGNIN_LIMITS.windowMs + 1000);
    expect((await signin(ctx.app, email, DEMO_PASSWORD, { ip })).statusCode).toBe(200);
  });

  it('tells the refused address in Retry-After when its oldest counted failure leaves the window', async () => {
    const clock = ctx.config.clock as ManualClock;
    const email = await createAccount();
    const ip = freshIp();
    // One failure a minute: the first leaves the window a quarter of an hour after it was made.
    for (let i = 0; i < SIGNIN_LIMITS.failuresPerEmail; i += 1) {
      expect((await signin(ctx.app, email, 'wrong-password', { ip })).statusCode).toBe(400);
      clock.advance(60_000);
    }
    const wait = SIGNIN_LIMITS.windowMs / 1000 - SIGNIN_LIMITS.failuresPerEmail * 60;
    const limited = await signin(ctx.app, email, DEMO_PASSWORD, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe(String(wait));
    clock.advance((wait - 1) * 1000);
    const almost = await signin(ctx.app, email, DEMO_PASSWORD, { ip });
    expect([almost.statusCode, almost.headers['retry-after']]).toEqual([429, '1']);
    clock.advance(1000);
    expect((await signin(ctx.app, email, DEMO_PASSWORD, { ip })).statusCode).toBe(200);
  });

  it('counts the wait from the address limit when that is the one used up', async () => {
    const clock = ctx.config.clock as ManualClock;
    const ip = freshIp();
    for (let i = 0; i < SIGNIN_LIMITS.failuresPerIp; i += 1) {
      const email = await createAccount();
      expect((await signin(ctx.app, email, 'wrong-password', { ip })).statusCode).toBe(400);
      clock.advance(10_000);
    }
    const limited = await signin(ctx.app, await createAccount(), DEMO_PASSWORD, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe(
      String(SIGNIN_LIMITS.windowMs / 1000 - SIGNIN_LIMITS.failuresPerIp * 10),
    );
  });
});

describe('lock screen unlock', () => {
  const unlockAs = (token: string, password: string, ip: string) =>
    as(ctx.app, token)({ method: 'POST', url: '/api/account/unlock', payload: { password }, remoteAddress: ip });

  let email: string;
  let token: string;
  let ip: string;
  beforeEach(async () => {
    email = await createAccount();
    ip = freshIp();
    token = (await signin(ctx.app, email, DEMO_PASSWORD, { ip })).json().token as string;
  });

  it('does not count wrong unlocks toward sign-in', async () => {
    for (let i = 0; i < UNLOCK_LIMIT - 1; i += 1) {
      expect((await unlockAs(token, 'fumbled', ip)).statusCode).toBe(400);
    }
    const [recorded] = await ctx.db.select({ n: count() }).from(loginFailures).where(eq(loginFailures.email, email));
    expect(recorded!.n).toBe(0);
    // The same register can still sign this person in, and the owner is untouched.
    expect((await signin(ctx.app, email, DEMO_PASSWORD, { ip })).statusCode).toBe(200);
    expect((await signin(ctx.app, DEMO_EMAILS.owner, DEMO_PASSWORD, { ip })).statusCode).toBe(200);
  });

  it('starts counting again after a right unlock', async () => {
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < UNLOCK_LIMIT - 1; i += 1) expect((await unlockAs(token, 'fumbled', ip)).statusCode).toBe(400);
      expect((await unlockAs(token, DEMO_PASSWORD, ip)).json()).toEqual({ ok: true });
    }
  });

  it(`ends the session at the ${UNLOCK_LIMIT}th wrong unlock in a row`, async () => {
    for (let i = 0; i < UNLOCK_LIMIT - 1; i += 1) expect((await unlockAs(token, 'fumbled', ip)).statusCode).toBe(400);
    const last = await unlockAs(token, 'fumbled', ip);
    expect(last.statusCode).toBe(401);
    expect(last.json().code).toBe(50012);
    expect((await as(ctx.app, token)({ method: 'GET', url: '/api/api/getUserInfo' })).statusCode).toBe(401);
    // Ending the session does not lock the person out of signing in again.
    expect((await signin(ctx.app, email, DEMO_PASSWORD, { ip })).statusCode).toBe(200);
  });

  it('checks at most the limit of 40 parallel wrong unlocks', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => unlockAs(token, 'fumbled', ip)));
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(UNLOCK_LIMIT - 1);
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(40 - (UNLOCK_LIMIT - 1));
    const [session] = await ctx.db
      .select({ revokedAt: sessions.revokedAt, unlockFailures: sessions.unlockFailures })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, email));
    expect(session!.unlockFailures).toBe(UNLOCK_LIMIT);
    expect(session!.revokedAt).not.toBeNull();
  });
});

describe('logout', () => {
  it('ends the session only for a request with the Authorization header, not for the cookie alone', async () => {
    const token = await tokenFor(ctx.app, DEMO_EMAILS.manager);
    const byCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/account/logout',
      cookies: { 'Admin-Token': token },
    });
    expect(byCookie.statusCode).toBe(403);
    expect((await as(ctx.app, token)({ method: 'GET', url: '/api/api/getUserInfo' })).statusCode).toBe(200);

    const byHeader = await as(ctx.app, token)({ method: 'GET', url: '/api/account/logout' });
    expect(byHeader.json()).toEqual({ ok: true });
    expect((await as(ctx.app, token)({ method: 'GET', url: '/api/api/getUserInfo' })).statusCode).toBe(401);
  });
});
