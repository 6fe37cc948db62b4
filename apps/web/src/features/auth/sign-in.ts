import { safeRedirectTarget } from '@ra/shared/auth/safe-redirect';
import { useSession } from '../../stores/session.ts';
import { acquireToken } from './api/acquire-token.ts';
import { prelogin } from './api/prelogin.ts';
import { isTokenResponse, signin } from './api/signin.ts';

export interface TSignInInput {
  email: string;
  password: string;
  /** The emailed code, once the server asked for it. */
  code?: string;
  /** The page the user was sent away from (the login page's `redirect` query). */
  redirect?: string | null;
}

export type TSignInOutcome =
  /** The account needs the code just emailed; `message` is the server's (English) text. */
  | { kind: 'codeRequired'; message: string }
  /** Signed in; go here next. */
  | { kind: 'signedIn'; to: string };

/**
 * SPEC 7 login sequence: prelogin, signin, token exchange; then user info (leaf flag, SPEC 6) and,
 * for a restaurant (leaf) login, the restaurant info, so the first page opens with its menu ready.
 * An agent picks a restaurant first (/selectNodeAndRest). A failure after the token was stored
 * forgets it again, so a half-finished sign-in never counts as signed in.
 */
export async function signIn(input: TSignInInput): Promise<TSignInOutcome> {
  const email = input.email.trim();
  const checked = await prelogin(email);
  const answer = await signin({
    email: checked.email || email,
    password: input.password,
    emailVerificationCodeNumber: input.code,
  });
  if (!isTokenResponse(answer)) return { kind: 'codeRequired', message: answer.message };

  const session = useSession.getState();
  // after the password is accepted; loaded then so the login page itself stays small
  const [{ getUserInfo }, { getRest }] = await Promise.all([
    import('./api/get-user-info.ts'),
    import('./api/get-rest.ts'),
  ]);
  try {
    const { token } = await acquireToken(answer.token);
    session.loginSucceeded(token, email);
    const user = await getUserInfo({ silent: true, noRelogin: true });
    session.setUserInfo(user);
    if (!user.isLeaf) return { kind: 'signedIn', to: '/selectNodeAndRest' };
    session.applyRestInfo(await getRest({ silent: true, noRelogin: true }));
    return { kind: 'signedIn', to: safeRedirectTarget(input.redirect, window.location.origin, '/') };
  } catch (e) {
    useSession.getState().resetToken();
    throw e;
  }
}
