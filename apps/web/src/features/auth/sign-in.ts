import { safeRedirectTarget } from '@ra/shared/auth/safe-redirect';
import { preloadSignedIn } from '../../lib/navigation.ts';
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
 * An agent picks a restaurant first (/selectNodeAndRest). User info goes into the query cache, so
 * the frame does not fetch it a second time. A failure after the token was stored
 * forgets it again, so a half-finished sign-in never counts as signed in.
 */
export async function signIn(input: TSignInInput): Promise<TSignInOutcome> {
  const email = input.email.trim();
  // the frame and the first page's scripts download while the calls below go back and forth
  const to = safeRedirectTarget(input.redirect, window.location.origin, '/');
  preloadSignedIn(to);
  const checked = await prelogin(email);
  const answer = await signin({
    email: checked.email || email,
    password: input.password,
    emailVerificationCodeNumber: input.code,
  });
  if (!isTokenResponse(answer)) return { kind: 'codeRequired', message: answer.message };

  const session = useSession.getState();
  // after the password is accepted; loaded then so the login page itself stays small
  const [{ getUserInfo, userInfoQueryOptions }, { getRest }, { queryClient }] = await Promise.all([
    import('./api/get-user-info.ts'),
    import('./api/get-rest.ts'),
    import('../../lib/query-client.ts'),
  ]);
  try {
    const { token } = await acquireToken(answer.token);
    session.loginSucceeded(token, email);
    const user = await getUserInfo({ silent: true, noRelogin: true });
    session.setUserInfo(user);
    // the frame shows who is signed in from the same answer, rather than asking for it again
    queryClient.setQueryData(userInfoQueryOptions().queryKey, user);
    if (!user.isLeaf) return { kind: 'signedIn', to: '/selectNodeAndRest' };
    session.applyRestInfo(await getRest({ silent: true, noRelogin: true }));
    return { kind: 'signedIn', to };
  } catch (e) {
    useSession.getState().resetToken();
    throw e;
  }
}
