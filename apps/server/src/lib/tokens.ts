import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { Clock } from './clock.ts';
import { loggedOut, tokenExpired } from './errors.ts';

export interface TTokenClaims {
  /** User id. */
  sub: string;
  /** Session id: the token is only as good as its session row (docs/decisions.md "Tokens"). */
  sid: string;
  /** Seconds since epoch. */
  exp: number;
}

/**
 * HS256 tokens that carry nothing but the user and the session. Verification failures map straight to
 * the SPEC 8 codes: 50014 when the token was ours but has expired, 50012 for anything else.
 */
export class TokenService {
  private readonly sign: (payload: Record<string, unknown>) => string;
  private readonly verify: (token: string) => Record<string, unknown>;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.sign = createSigner({ key: secret, algorithm: 'HS256' });
    // Expiry is judged against the product's clock below, not the verifier's own Date.now().
    this.verify = createVerifier({
      key: secret,
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'sid', 'exp'],
      ignoreExpiration: true,
    });
  }

  issue(userId: number, sessionId: string, expiresAt: Date): string {
    // jti makes every token distinct, even two issued for one session within the same second.
    return this.sign({
      sub: String(userId),
      sid: sessionId,
      exp: Math.floor(expiresAt.getTime() / 1000),
      jti: randomUUID(),
    });
  }

  /** Throws the AppError to answer with. */
  read(token: string): TTokenClaims {
    let payload: Record<string, unknown>;
    try {
      payload = this.verify(token);
    } catch (error) {
      if (error instanceof TokenError && error.code === TokenError.codes.expired) throw tokenExpired();
      throw loggedOut();
    }
    const { sub, sid, exp } = payload;
    if (typeof sub !== 'string' || !/^\d+$/.test(sub) || typeof sid !== 'string' || typeof exp !== 'number') {
      throw loggedOut();
    }
    if (exp * 1000 <= this.clock.now().getTime()) throw tokenExpired();
    return { sub, sid, exp };
  }
}
