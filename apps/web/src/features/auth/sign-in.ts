import type { TPreloginResponse } from '@ra/shared/auth/auth.schemas';
import { safeRedirectTarget } from '@ra/shared/auth/safe-redirect';
import { preloadSignedIn } from '../../lib/navigation.ts';
import { useSession } from '../../stores/session.ts';
import { acquireToken } from './api/acquire-token.ts';
import { prelogin } from './api/prelogin.ts';
import { isTokenResponse, signin } from './api/signin.ts';
import { LOGIN_EMAIL_PATTERN } from './login-email.ts';

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

/** Prelogin's answer per trimmed email, asked while the person is still typing (`preloginAhead`). */
let ahead: { email: string; answer: Promise<TPreloginResponse> } | null = null;

/**
 * Sends SPEC 7's prelogin for `email` now, while the person types the password, so pressing Sign in
 * starts with signin itself (issue 21: one round trip less on a phone). Prelogin only echoes the
 * normalised email and says nothing about the account, so asking early tells nobody anything. An
 * email that is not one yet is not sent; the same email is asked once.
 */
export function preloginAhead(email: string): void {
  const trimmed = email.trim();
  if (!LOGIN_EMAIL_PATTERN.test(trimmed) || ahead?.email === trimmed) return;
  const answer = prelogin(trimmed);
  const entry = { email: trimmed, answer };
  ahead = entry;
  // a failed early ask is asked again at Sign in, where its failure is shown
  answer.catch(() => {
    if (ahead === entry) ahead = null;
  });
}

/** The early answer for this email when there is one, else prelogin now. */
function preloginFor(email: string): Promise<TPreloginResponse> {
  return ahead?.email === email ? ahead.answer : prelogin(email);
}

/** Forgets the early prelogin answer (tests: each starts without one; it only echoes the email, so nothing else needs it gone). */
export function forgetPreloginAhead(): void {
  ahead = null;
}

/**
 * SPEC 7 login sequence: prelogin, signin, token exchange; then user info (leaf flag, SPEC 6) and,
 * for a restaurant (leaf) login, the restaurant info, so the first page opens with its menu ready.
 * An agent picks a restaurant first (/selectNodeAndRest). A failure after the token was stored
 * forgets it again, so a half-finished sign-in never counts as signed in.
 *
 * Round trips (issue 21, each 0.56 s on the phone the issue measures): prelogin was usually asked
 * while the password was typed (`preloginAhead`); the token exchange's answer says who signed in, so
 * getUserInfo is not asked (it goes into the query cache, where the frame reads it); the code for
 * after the password loads alongside the calls, not between them.
 */
export async function signIn(input: TSignInInput): Promise<TSignInOutcome> {
  const email = input.email.trim();
  // the frame and the first page's scripts download while the calls below go back and forth
  const to = safeRedirectTarget(input.redirect, window.location.origin, '/');
  preloadSignedIn(to);
  // loaded after the click so the login page itself stays small; needed once the password is accepted.
  // get-rest is small; user info's module and the query client ride in the signed-in frame's chunk,
  // which takes longest to arrive: getrest does not wait for it.
  const restModule = import('./api/get-rest.ts');
  const cacheModules = Promise.all([import('./api/get-user-info.ts'), import('../../lib/query-client.ts')]);
  // awaited below; a failure before then is the calls' to report
  restModule.catch(() => {});
  cacheModules.catch(() => {});
  const checked = await preloginFor(email);
  const answer = await signin({
    email: checked.email || email,
    password: input.password,
    emailVerificationCodeNumber: input.code,
  });
  if (!isTokenResponse(answer)) return { kind: 'codeRequired', message: answer.message };

  const session = useSession.getState();
  try {
    const exchanged = await acquireToken(answer.token);
    session.loginSucceeded(exchanged.token, email);
    // a server from before issue 21 does not say who signed in: asked then
    const user = exchanged.userInfo ?? (await (await cacheModules)[0].getUserInfo({ silent: true, noRelogin: true }));
    session.setUserInfo(user);
    const restInfo = user.isLeaf ? restModule.then((m) => m.getRest({ silent: true, noRelogin: true })) : null;
    restInfo?.catch(() => {}); // awaited below, after the cache write
    // the frame shows who is signed in from the same answer, rather than asking for it again
    const [{ userInfoQueryOptions }, { queryClient }] = await cacheModules;
    queryClient.setQueryData(userInfoQueryOptions().queryKey, user);
    if (!restInfo) return { kind: 'signedIn', to: '/selectNodeAndRest' };
    session.applyRestInfo(await restInfo);
    return { kind: 'signedIn', to };
  } catch (e) {
    useSession.getState().resetToken();
    throw e;
  }
}
