import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES, MESSAGES } from '@ra/shared/errors';
import { allRoleFlags, permissionsFromRoles, type TRoleFlags } from '@ra/shared/permissions';
import type {
  TAcquireTokenResponse,
  TOkResponse,
  TSigninRequest,
  TSigninResponse,
  TSwitchRestResponse,
  TUserInfo,
} from '@ra/shared/auth/auth.schemas';
import { AUTH_MESSAGES, RESET_LINK_TTL_MINUTES } from '@ra/shared/auth/auth.messages';
import type {
  TForgotPasswordRequest,
  TForgotPasswordResponse,
  TResetPasswordRequest,
  TResetPasswordResponse,
} from '@ra/shared/auth/password-reset.schemas';
import { TEAM_MESSAGES } from '@ra/shared/team/team.messages';
import { passwordProblems, type TChangePasswordRequest } from '@ra/shared/team/team.schemas';
import type { EmailSender } from '../../adapters/email/email-sender.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import {
  AppError,
  FieldError,
  forbidden,
  loggedOut,
  loginFailed,
  SERVER_ERROR_CODES,
  RateLimited,
  SERVER_MESSAGES,
} from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { TokenService } from '../../lib/tokens.ts';
import type { AuditRepository } from '../../db/audit.repository.ts';
import type { TNodeApi } from '../node/node.module.ts';
import type { AccountRepository, TAccountRow } from './account.repository.ts';

/**
 * docs/decisions.md "Rate limiting lives in the database". The hard limits are per client address
 * (one email from one address, and one address whatever the email), so a stranger who knows the
 * owner's email cannot lock the owner out from elsewhere; for the email as a whole, failures from
 * every address only slow each further attempt down (`slowdownMs`), the right password included.
 */
export const SIGNIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  failuresPerEmail: 5,
  failuresPerIp: 20,
  /** Failures of one email (all addresses) before each attempt at it waits. */
  slowdownAfter: 5,
  slowdownBaseMs: 1000,
  slowdownMaxMs: 15_000,
} as const;

/** The wait before checking a password for an email with `failures` recent failures from anywhere. */
export function signinSlowdownMs(failures: number): number {
  if (failures < SIGNIN_LIMITS.slowdownAfter) return 0;
  const doublings = Math.min(failures - SIGNIN_LIMITS.slowdownAfter, 10);
  return Math.min(SIGNIN_LIMITS.slowdownBaseMs * 2 ** doublings, SIGNIN_LIMITS.slowdownMaxMs);
}

/** docs/decisions.md "Unlock has its own limit": wrong lock-screen passwords per session. */
export const UNLOCK_LIMIT = 5;

/** docs/decisions.md "Password reset". */
export const RESET_LIMITS = {
  windowMs: 60 * 60 * 1000,
  /** Requests from one address (any email) before it gets 429. */
  perIp: 10,
  /** Emails sent to one address per window; further requests get the same answer and no email. */
  perEmail: 3,
  ttlMs: RESET_LINK_TTL_MINUTES * 60 * 1000,
} as const;

/** docs/decisions.md "The email verification code": 6 digits, 10 minutes, 5 tries, single use. */
export const EMAIL_CODE_RULES = {
  ttlMs: 10 * 60 * 1000,
  maxAttempts: 5,
} as const;

export interface TRequestMeta {
  ip: string;
  userAgent: string | null;
}

export interface AccountServiceDeps {
  repo: AccountRepository;
  nodes: TNodeApi;
  tokens: TokenService;
  email: EmailSender;
  tokenTtlSeconds: number;
  /** Keys the code hashes, so a copy of the database alone cannot be used to try the million codes. */
  codeSecret: string;
  /** Records password changes (who, when, from where). */
  audit?: AuditRepository;
  now?: () => Date;
  /** Waits out a sign-in slowdown; tests replace it to see the wait without spending it. */
  pause?: (ms: number) => Promise<void>;
  /** APP_URL: where reset links point. Without it, the address the request came to. */
  publicUrl?: string;
}

/** SPEC 6: agents and team members sign in at their node, above any single restaurant. */
function isAgentAccount(account: Pick<TAccountRow, 'restaurantId' | 'nodeType'>): boolean {
  return account.restaurantId === null && (account.nodeType === 'agent' || account.nodeType === 'team');
}

/** An account the dashboard can serve: a restaurant's user, or an agent / team member. */
function canSignIn(account: TAccountRow): boolean {
  return account.status === 'active' && (account.restaurantId !== null || isAgentAccount(account));
}

function codeEmail(code: string): { subject: string; text: string } {
  return {
    subject: 'Your sign-in code / 您的登录验证码',
    text: [
      `Your Restaurant Admin System sign-in code is ${code}.`,
      'It expires in 10 minutes and works once.',
      'If you did not just try to sign in, someone knows your password: change it now.',
      '',
      `您的餐厅管理系统登录验证码是 ${code}。`,
      '验证码 10 分钟内有效，只能使用一次。',
      '如果这不是您本人的操作，说明有人知道您的密码，请立即修改密码。',
    ].join('\n'),
  };
}

export class AccountService {
  private readonly repo: AccountRepository;
  private readonly now: () => Date;
  private readonly pause: (ms: number) => Promise<void>;

  constructor(private readonly deps: AccountServiceDeps) {
    this.repo = deps.repo;
    this.now = deps.now ?? (() => new Date());
    this.pause = deps.pause ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  // --- sign-in ---------------------------------------------------------------------------------

  /**
   * SPEC 7 "Login: prelogin, signin, token exchange". Every way of failing (unknown email, wrong
   * password, deactivated or deleted account) gives the same answer after the same work, so the
   * form cannot be used to find out who has an account.
   */
  async signin(input: TSigninRequest, meta: TRequestMeta): Promise<TSigninResponse> {
    const email = input.email.toLowerCase();
    const attemptId = await this.reserveAttempt(email, meta.ip);

    const account = await this.repo.findLiveAccountByEmail(email);
    const passwordMatches = await verifyPassword(account?.passwordHash, input.password);
    if (!account || !passwordMatches || !canSignIn(account)) throw loginFailed();

    if (account.requireEmailCode) {
      const code = input.emailVerificationCodeNumber?.trim();
      if (!code) {
        // The password was right: asking for the code is not a failure.
        await this.repo.forgiveAttempt(attemptId);
        await this.sendEmailCode(account);
        return { emailVerificationRequired: true, message: MESSAGES.emailCodeRequired.en };
      }
      if (!(await this.useEmailCode(account.id, code))) {
        throw new AppError(400, SERVER_ERROR_CODES.emailCodeInvalid, MESSAGES.emailCodeInvalid.en);
      }
    }

    await this.repo.clearFailures(email, meta.ip);
    const session = await this.repo.createSession({
      userId: account.id,
      // SPEC 6: a leaf login goes straight to its restaurant; an agent picks one from the tree.
      restaurantId: isAgentAccount(account) ? null : account.restaurantId,
      currentNodeXid: account.nodeXid,
      expiresAt: this.sessionExpiry(),
      ip: meta.ip,
      userAgent: meta.userAgent,
      // the server's clock, not the database's: "last sign-in" lists read it (issue 13)
      createdAt: this.now(),
    });
    return { token: this.deps.tokens.issue(account.id, session.id, session.expiresAt) };
  }

  /**
   * Counts this attempt as a failure up front, refusing with 429 when the address has used its
   * limits, then waits out the email's slowdown. Counting first is what makes the limit hold under
   * parallel guesses; the caller forgives the attempt when the password was right.
   */
  private async reserveAttempt(email: string, ip: string): Promise<number> {
    const now = this.now();
    const reservation = await this.repo.reserveAttempt({
      email,
      ip,
      now,
      since: new Date(now.getTime() - SIGNIN_LIMITS.windowMs),
      perEmailAndIp: SIGNIN_LIMITS.failuresPerEmail,
      perIp: SIGNIN_LIMITS.failuresPerIp,
    });
    if (!reservation.allowed) throw new RateLimited(MESSAGES.tooManyAttempts.en, reservation.retryAfterMs / 1000);
    // Keep the table small without a scheduler: an attempt is rare enough to pay for the sweep.
    if (Math.random() < 0.05) await this.repo.pruneFailures(new Date(now.getTime() - SIGNIN_LIMITS.windowMs));
    const wait = signinSlowdownMs(reservation.emailFailures);
    if (wait > 0) await this.pause(wait);
    return reservation.attemptId;
  }

  private hashCode(userId: number, code: string): string {
    return createHmac('sha256', this.deps.codeSecret).update(`email-code:${userId}:${code}`).digest('hex');
  }

  private async sendEmailCode(account: TAccountRow): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(this.now().getTime() + EMAIL_CODE_RULES.ttlMs);
    const codeId = await this.repo.replaceEmailCode(account.id, this.hashCode(account.id, code), expiresAt, this.now());
    try {
      await this.deps.email.send({ to: account.email, ...codeEmail(code) });
    } catch (error) {
      // A code nobody received must not stay usable.
      await this.repo.deleteEmailCode(codeId);
      throw new AppError(503, SERVER_ERROR_CODES.emailUnavailable, SERVER_MESSAGES.emailUnavailable.en, {
        cause: error,
      });
    }
  }

  /**
   * A try is taken before the comparison (repo.claimEmailCodeAttempt), so parallel guesses get at
   * most EMAIL_CODE_RULES.maxAttempts comparisons between them.
   */
  private async useEmailCode(userId: number, code: string): Promise<boolean> {
    const now = this.now();
    const live = await this.repo.claimEmailCodeAttempt(userId, now, EMAIL_CODE_RULES.maxAttempts);
    if (!live) return false;
    const expected = Buffer.from(live.codeHash, 'hex');
    const given = Buffer.from(this.hashCode(userId, code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    return this.repo.consumeEmailCode(live.id, now);
  }

  private sessionExpiry(): Date {
    return new Date(this.now().getTime() + this.deps.tokenTtlSeconds * 1000);
  }

  // --- the session -----------------------------------------------------------------------------

  /**
   * Turns a token into the caller. The token proves which session; the session row decides whether it
   * still counts, so sign-out, deactivation and deletion take effect on the very next request.
   */
  async authenticate(token: string): Promise<AuthContext> {
    const claims = this.deps.tokens.read(token);
    if (!/^[0-9a-f-]{36}$/i.test(claims.sid)) throw loggedOut();
    const row = await this.repo.findSessionForAuth(claims.sid);
    if (
      !row ||
      String(row.userId) !== claims.sub ||
      row.revokedAt !== null ||
      row.expiresAt.getTime() <= this.now().getTime() ||
      row.deletedAt !== null ||
      !canSignIn(row)
    ) {
      throw loggedOut();
    }

    const isAgent = isAgentAccount(row);
    let restaurantId: number | null;
    if (isAgent) {
      // Re-checked on every request: if the restaurant has moved out of the agent's tree since it was
      // picked, the agent simply has no restaurant selected any more.
      const stillUnder = row.selectedRestaurantPath?.startsWith(row.nodePath) ?? false;
      restaurantId = stillUnder ? row.selectedRestaurantId : null;
    } else {
      restaurantId = row.restaurantId;
    }

    const roleNames: string[] = [];
    const roleFlags: Array<Partial<TRoleFlags>> = [];
    if (restaurantId !== null) {
      if (isAgent) {
        // Agents look after their restaurants with full rights (SPEC 6).
        roleFlags.push(allRoleFlags());
      } else {
        for (const role of await this.repo.rolesAt(row.id, restaurantId)) {
          roleNames.push(role.name);
          roleFlags.push(role.flags);
        }
      }
    }
    // SYSTEM_ROLES in packages/shared/src/permissions.ts: the keys route records may list.
    if (!isAgent && roleFlags.some((flags) => flags.fullAccess)) roleNames.push('owner');
    if (isAgent) roleNames.push('agent');
    if (row.isAdmin) roleNames.push('admin');

    return {
      sessionId: row.sessionId,
      userId: row.id,
      userXid: row.xid,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      isAdmin: row.isAdmin,
      isAgent,
      node: { id: row.nodeId, xid: row.nodeXid, path: row.nodePath, type: row.nodeType },
      homeRestaurantId: row.restaurantId,
      restaurantId,
      roles: roleNames,
      ...permissionsFromRoles(roleFlags),
    };
  }

  /**
   * SPEC 7 "acquireToken": a fresh token for the same session, which also pushes the session's expiry
   * out by one token lifetime, so an active user is never signed out mid-shift. The answer says who
   * the token is for (the same as `userInfo`): sign-in then has one round trip less (issue 21).
   */
  async acquireToken(auth: AuthContext): Promise<TAcquireTokenResponse> {
    const expiresAt = this.sessionExpiry();
    if (!(await this.repo.extendSession(auth.sessionId, expiresAt, this.now()))) throw loggedOut();
    return { token: this.deps.tokens.issue(auth.userId, auth.sessionId, expiresAt), userInfo: this.userInfo(auth) };
  }

  async logout(auth: AuthContext): Promise<TOkResponse> {
    await this.repo.revokeSession(auth.sessionId, this.now());
    return { ok: true };
  }

  /**
   * SPEC 7 "Restaurant selection": an agent picks a restaurant from their tree. A leaf login may
   * "switch" to its own restaurant (a no-op) so the same client flow works for both.
   */
  async switchRestaurant(auth: AuthContext, xid: string): Promise<TSwitchRestResponse> {
    if (!auth.isAgent) {
      if (auth.homeRestaurantId !== null && xid === auth.node.xid) return { ok: true, restId: auth.homeRestaurantId };
      throw forbidden();
    }
    const target = await this.deps.nodes.findRestaurantFor(auth, xid);
    if (!target) throw forbidden();
    await this.repo.selectRestaurant(auth.sessionId, target.restaurantId, target.nodeXid);
    return { ok: true, restId: target.restaurantId };
  }

  /**
   * SPEC 9 lock screen: the signed-in person proves it is still them. Wrong tries have their own
   * limit per session and do not count toward sign-in, so staff fumbling at one register cannot lock
   * the owner out; the UNLOCK_LIMIT-th wrong try ends the session (a full sign-in, with its own
   * limits, is then needed). A try is counted before the check, so parallel tries share the limit.
   */
  async unlock(auth: AuthContext, password: string): Promise<TOkResponse> {
    // 401 / 50012: the app's re-login dialog takes the person to a full sign-in.
    const limitReached = () => new AppError(401, ERROR_CODES.invalidToken, AUTH_MESSAGES.unlockLimitReached.en);
    const tries = await this.repo.reserveUnlockAttempt(auth.sessionId, UNLOCK_LIMIT);
    if (tries === null) throw limitReached();
    const matches = await verifyPassword(await this.repo.findPasswordHash(auth.userId), password);
    if (matches) {
      await this.repo.resetUnlockAttempts(auth.sessionId);
      return { ok: true };
    }
    if (tries >= UNLOCK_LIMIT) {
      await this.repo.revokeSession(auth.sessionId, this.now());
      throw limitReached();
    }
    throw loginFailed();
  }

  /**
   * SPEC 2 /ChangePassword. A wrong current password counts like a failed sign-in (it is one more
   * way to guess), and is a 400 under the field, not a 401 that would open the re-login dialog. The
   * account's other sessions end; the one in use keeps working.
   */
  async changePassword(auth: AuthContext, input: TChangePasswordRequest, meta: TRequestMeta) {
    const field = (name: string, key: keyof typeof TEAM_MESSAGES) => new FieldError(name, TEAM_MESSAGES[key].en);
    const [problem] = passwordProblems(input.newPassword, auth.email);
    if (problem) throw field('newPassword', problem);
    const attemptId = await this.reserveAttempt(auth.email, meta.ip);
    if (!(await verifyPassword(await this.repo.findPasswordHash(auth.userId), input.oldPassword))) {
      throw field('oldPassword', 'team.passwordWrong');
    }
    await this.repo.forgiveAttempt(attemptId);
    if (input.newPassword === input.oldPassword) throw field('newPassword', 'team.passwordUnchanged');
    await this.repo.changePassword(auth.userId, await hashPassword(input.newPassword), auth.sessionId, this.now());
    await this.deps.audit?.record({
      restaurantId: auth.homeRestaurantId ?? auth.restaurantId,
      actorUserId: auth.userId,
      action: 'account.password.change',
      targetType: 'user',
      targetId: String(auth.userId),
      details: { otherSessionsEnded: true },
      ip: meta.ip,
    });
    return { ok: true as const, message: TEAM_MESSAGES['team.passwordChanged'].en };
  }

  userInfo(auth: AuthContext): TUserInfo {
    const name = `${auth.firstName} ${auth.lastName}`.trim();
    return {
      xid: auth.userXid,
      name: name || auth.email,
      email: auth.email,
      avatar: '',
      introduction: '',
      isLeaf: auth.homeRestaurantId !== null,
      rootXid: auth.node.xid,
    };
  }

  // --- forgot password -------------------------------------------------------------------------

  private hashResetToken(token: string): string {
    return createHash('sha256').update(`password-reset:${token}`).digest('hex');
  }

  /**
   * "Forgot password": the same answer whatever the email, so the form cannot be used to learn who
   * has an account. An active account gets a link (RESET_LIMITS.ttlMs, single use) at most
   * RESET_LIMITS.perEmail times an hour; an address asking too often gets 429 whatever the emails.
   * `origin` is where the request came to, used for the link when APP_URL is not set.
   */
  async requestPasswordReset(
    input: TForgotPasswordRequest,
    meta: TRequestMeta,
    origin: string,
  ): Promise<TForgotPasswordResponse> {
    const email = input.email.toLowerCase();
    const now = this.now();
    const counts = await this.repo.countResetRequests(email, meta.ip, new Date(now.getTime() - RESET_LIMITS.windowMs));
    // Retry-After: the whole window, an upper bound (the oldest request in it may leave sooner).
    if (counts.byIp >= RESET_LIMITS.perIp)
      throw new RateLimited(AUTH_MESSAGES.resetTooMany.en, RESET_LIMITS.windowMs / 1000);

    const account = await this.repo.findLiveAccountByEmail(email);
    const eligible = account !== undefined && canSignIn(account) && counts.byEmail < RESET_LIMITS.perEmail;
    const token = eligible ? randomBytes(32).toString('base64url') : null;
    const requestId = await this.repo.recordResetRequest({
      email,
      ip: meta.ip,
      userId: account?.id ?? null,
      tokenHash: token ? this.hashResetToken(token) : null,
      expiresAt: token ? new Date(now.getTime() + RESET_LIMITS.ttlMs) : null,
      createdAt: now,
    });
    if (account && token) {
      const link = `${(this.deps.publicUrl ?? origin).replace(/\/+$/, '')}/resetPassword?token=${token}`;
      try {
        await this.deps.email.send({ to: account.email, ...resetEmail(link) });
      } catch {
        // Saying so would tell the asker that the account exists; the link is withdrawn instead, and
        // the person can ask again.
        await this.repo.withdrawResetToken(requestId);
      }
    }
    return { ok: true, message: AUTH_MESSAGES.resetRequested.en };
  }

  /**
   * Sets a new password from an emailed link: the rules of change password, every session of the
   * account ends, and the link (and any other unused link of the account) stops working.
   */
  async resetPassword(input: TResetPasswordRequest, meta: TRequestMeta): Promise<TResetPasswordResponse> {
    const now = this.now();
    const invalid = () => new AppError(400, ERROR_CODES.badRequest, AUTH_MESSAGES.resetLinkInvalid.en);
    const reset = await this.repo.findLiveReset(this.hashResetToken(input.token), now);
    if (!reset) throw invalid();
    const [problem] = passwordProblems(input.newPassword, reset.email);
    if (problem) throw new FieldError('newPassword', TEAM_MESSAGES[problem].en);
    const done = await this.repo.completePasswordReset({
      resetId: reset.id,
      userId: reset.userId,
      email: reset.email,
      restaurantId: reset.restaurantId,
      passwordHash: await hashPassword(input.newPassword),
      now,
      ip: meta.ip,
    });
    if (!done) throw invalid();
    return { ok: true, message: AUTH_MESSAGES.resetDone.en };
  }
}

function resetEmail(link: string): { subject: string; text: string } {
  return {
    subject: 'Reset your password / 重置密码',
    text: [
      'Someone asked to reset the password of your Restaurant Admin System account.',
      `Open this link within ${RESET_LINK_TTL_MINUTES} minutes to choose a new one (it works once):`,
      link,
      'If it was not you, ignore this email: your password stays as it is.',
      '',
      '有人申请重置您在餐厅管理系统的账号密码。',
      `请在 ${RESET_LINK_TTL_MINUTES} 分钟内打开以下链接设置新密码（链接只能使用一次）：`,
      link,
      '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
    ].join('\n'),
  };
}
