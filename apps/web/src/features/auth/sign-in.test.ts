import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import type { TRestInfoResponse } from '@ra/shared/auth/auth.schemas';
import { NODE_TREE_CODE as SHARED_NODE_TREE_CODE } from '@ra/shared/auth/auth.schemas';
import { emptyOperationAuthorities, emptyPagePermissions } from '@ra/shared/permissions';
import { initI18n } from '../../lib/i18n.ts';
import { registerSignInPreload } from '../../lib/navigation.ts';
import { queryClient } from '../../lib/query-client.ts';
import { userInfoQueryOptions } from './api/get-user-info.ts';
import { COOKIE_LEAF, COOKIE_TOKEN, useSession } from '../../stores/session.ts';
import { NODE_TREE_CODE } from './api/get-children-node-by-xid.ts';
import { forgetPreloginAhead, preloginAhead, signIn } from './sign-in.ts';

const restInfo: TRestInfoResponse = {
  id: 7,
  xid: 'rest-7',
  name: 'Golden Wok',
  fullname: 'Golden Wok Downtown',
  restname: 'goldenwok',
  locales: { GMT: 'GMT-05:00', locales: ['en'], timeZone: 'America/New_York', timestamp: 0 },
  timestamp: 0,
  config: {
    hourOffsetEndOfDay: 3,
    version: '1',
    enableOrderToGoWithDateSelect: false,
    configAdmin: false,
    workHoursSteps: 15,
    tipWord: null,
    tipWordZh: null,
    tipsWord: null,
    enablePremiumCoupon: false,
  },
  roles: ['owner'],
  PagePermissions: emptyPagePermissions(),
  operationAuthority: emptyOperationAuthorities(),
};

const user = (isLeaf: boolean) => ({
  xid: 'u-1',
  name: 'Olivia',
  email: 'owner@demo.test',
  avatar: '',
  introduction: '',
  isLeaf,
  rootXid: isLeaf ? 'rest-7' : 'agent-1',
});

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function serve(routes: Record<string, (body: Record<string, unknown>) => Response>) {
  const calls: Array<{ path: string; query: string; body: Record<string, unknown> | undefined; auth?: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const [pathWithBase, query = ''] = url.split('?');
      const path = pathWithBase!.replace(/^\/api/, '');
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ path, query, body, auth: (init.headers as Record<string, string>).Authorization });
      return routes[path]?.(body ?? {}) ?? json({ code: 40400, message: 'Not found' }, 404);
    }),
  );
  return calls;
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  forgetPreloginAhead();
  Cookies.remove(COOKIE_TOKEN);
  Cookies.remove(COOKIE_LEAF);
  useSession.setState({ token: '', roles: [], xid: '', rootXid: '' });
});

describe('signIn (SPEC 7 login sequence)', () => {
  it('runs prelogin, signin, token exchange, user info and restaurant info for a restaurant login', async () => {
    const calls = serve({
      '/account/prelogin': () => json({ email: 'owner@demo.test' }),
      '/account/signin': () => json({ token: 'first' }),
      '/account/acquireToken': () => json({ token: 'second' }),
      '/api/getUserInfo': () => json(user(true)),
      '/api/getrest': () => json(restInfo),
    });
    const outcome = await signIn({
      email: '  owner@demo.test ',
      password: 'demo1234',
      redirect: '/workHours/index?week=1',
    });

    expect(outcome).toEqual({ kind: 'signedIn', to: '/workHours/index?week=1' });
    expect(calls.map((c) => c.path)).toEqual([
      '/account/prelogin',
      '/account/signin',
      '/account/acquireToken',
      '/api/getUserInfo',
      '/api/getrest',
    ]);
    expect(calls[0]!.query).toBe('data=owner%40demo.test');
    expect(calls[1]!.body).toEqual({
      email: 'owner@demo.test',
      password: 'demo1234',
      cid: -1,
      emailVerificationCodeNumber: '',
    });
    expect(calls[2]!.body).toEqual({ oldjwtToken: 'first' });
    expect(calls[2]!.auth).toBe('first');
    expect(calls[3]!.auth).toBe('second');
    const session = useSession.getState();
    expect([session.token, session.loginAccount, session.currentAccount, session.xid, session.roles]).toEqual([
      'second',
      'owner@demo.test',
      'owner@demo.test',
      'u-1',
      ['owner'],
    ]);
    expect(Cookies.get(COOKIE_TOKEN)).toBe('second');
    expect(Cookies.get(COOKIE_LEAF)).toBe('true');
  });

  it('starts fetching the first page before its first call, and keeps user info for the frame (issue 21)', async () => {
    queryClient.clear();
    const order: string[] = [];
    registerSignInPreload((to) => order.push(`preload ${to}`));
    try {
      const calls = serve({
        '/account/prelogin': () => (order.push('prelogin'), json({ email: 'owner@demo.test' })),
        '/account/signin': () => json({ token: 'first' }),
        '/account/acquireToken': () => json({ token: 'second' }),
        '/api/getUserInfo': () => json(user(true)),
        '/api/getrest': () => json(restInfo),
      });
      await signIn({ email: 'owner@demo.test', password: 'demo1234', redirect: '/workHours/index?week=1' });
      expect(order).toEqual(['preload /workHours/index?week=1', 'prelogin']);
      // the frame's "who is signed in" reads this instead of asking the server again
      expect(queryClient.getQueryData(userInfoQueryOptions().queryKey)).toEqual(user(true));
      expect(calls.filter((c) => c.path === '/api/getUserInfo')).toHaveLength(1);
    } finally {
      registerSignInPreload(null);
    }
  });

  it('goes home when there is no redirect, and refuses a redirect to another site', async () => {
    const routes = {
      '/account/prelogin': () => json({ email: 'owner@demo.test' }),
      '/account/signin': () => json({ token: 'first' }),
      '/account/acquireToken': () => json({ token: 'second' }),
      '/api/getUserInfo': () => json(user(true)),
      '/api/getrest': () => json(restInfo),
    };
    serve(routes);
    await expect(signIn({ email: 'owner@demo.test', password: 'demo1234' })).resolves.toEqual({
      kind: 'signedIn',
      to: '/',
    });
    serve(routes);
    await expect(
      signIn({ email: 'owner@demo.test', password: 'demo1234', redirect: '//evil.example/x' }),
    ).resolves.toEqual({ kind: 'signedIn', to: '/' });
  });

  it('sends an agent to pick a restaurant, without asking for restaurant info', async () => {
    const calls = serve({
      '/account/prelogin': () => json({ email: 'agent@demo.test' }),
      '/account/signin': () => json({ token: 'first' }),
      '/account/acquireToken': () => json({ token: 'second' }),
      '/api/getUserInfo': () => json(user(false)),
    });
    await expect(signIn({ email: 'agent@demo.test', password: 'demo1234', redirect: '/dashboard' })).resolves.toEqual({
      kind: 'signedIn',
      to: '/selectNodeAndRest',
    });
    expect(calls.map((c) => c.path)).not.toContain('/api/getrest');
    expect(Cookies.get(COOKIE_LEAF)).toBe('false');
    expect(useSession.getState().rootXid).toBe('agent-1');
  });

  it('asks for the emailed code, then signs in with it', async () => {
    serve({
      '/account/prelogin': () => json({ email: 'verify@demo.test' }),
      '/account/signin': () =>
        json({
          emailVerificationRequired: true,
          message: 'A verification code has been sent to your email. Enter it to sign in.',
        }),
    });
    await expect(signIn({ email: 'verify@demo.test', password: 'demo1234' })).resolves.toEqual({
      kind: 'codeRequired',
      message: 'A verification code has been sent to your email. Enter it to sign in.',
    });
    expect(useSession.getState().token).toBe('');

    const calls = serve({
      '/account/prelogin': () => json({ email: 'verify@demo.test' }),
      '/account/signin': (body) =>
        body.emailVerificationCodeNumber === '123456'
          ? json({ token: 'first' })
          : json({ code: 40002, message: 'x' }, 400),
      '/account/acquireToken': () => json({ token: 'second' }),
      '/api/getUserInfo': () => json(user(true)),
      '/api/getrest': () => json(restInfo),
    });
    await expect(signIn({ email: 'verify@demo.test', password: 'demo1234', code: ' 123456 ' })).resolves.toMatchObject({
      kind: 'signedIn',
    });
    expect(calls[1]!.body?.emailVerificationCodeNumber).toBe('123456');
  });

  it('passes a wrong password on to the form with the server message', async () => {
    serve({
      '/account/prelogin': () => json({ email: 'owner@demo.test' }),
      '/account/signin': () =>
        json({ code: 40001, message: 'The user name and password combination does not match our record.' }, 400),
    });
    await expect(signIn({ email: 'owner@demo.test', password: 'nope' })).rejects.toThrow(
      'The user name and password combination does not match our record.',
    );
    expect(useSession.getState().token).toBe('');
  });

  it('forgets the token again when a step after the password fails', async () => {
    serve({
      '/account/prelogin': () => json({ email: 'owner@demo.test' }),
      '/account/signin': () => json({ token: 'first' }),
      '/account/acquireToken': () => json({ token: 'second' }),
      '/api/getUserInfo': () =>
        json({ code: 50000, message: 'Something went wrong on our side. Please try again.' }, 500),
    });
    await expect(signIn({ email: 'owner@demo.test', password: 'demo1234' })).rejects.toThrow();
    expect(useSession.getState().token).toBe('');
    expect(Cookies.get(COOKIE_TOKEN)).toBeUndefined();
  });
});

describe('signIn round trips (issue 21)', () => {
  it('takes who signed in from the token exchange: no getUserInfo call, and the frame reads it from the cache', async () => {
    queryClient.clear();
    const calls = serve({
      '/account/prelogin': () => json({ email: 'owner@demo.test' }),
      '/account/signin': () => json({ token: 'first' }),
      '/account/acquireToken': () => json({ token: 'second', userInfo: user(true) }),
      '/api/getUserInfo': () => json(user(true)),
      '/api/getrest': () => json(restInfo),
    });
    await expect(signIn({ email: 'owner@demo.test', password: 'demo1234' })).resolves.toEqual({
      kind: 'signedIn',
      to: '/',
    });
    expect(calls.map((c) => c.path)).toEqual([
      '/account/prelogin',
      '/account/signin',
      '/account/acquireToken',
      '/api/getrest',
    ]);
    expect(calls[3]!.auth).toBe('second');
    expect(queryClient.getQueryData(userInfoQueryOptions().queryKey)).toEqual(user(true));
    expect(useSession.getState().xid).toBe('u-1');
  });

  it('sends an agent to pick a restaurant from the exchange answer alone', async () => {
    const calls = serve({
      '/account/prelogin': () => json({ email: 'agent@demo.test' }),
      '/account/signin': () => json({ token: 'first' }),
      '/account/acquireToken': () => json({ token: 'second', userInfo: user(false) }),
    });
    await expect(signIn({ email: 'agent@demo.test', password: 'demo1234' })).resolves.toEqual({
      kind: 'signedIn',
      to: '/selectNodeAndRest',
    });
    expect(calls.map((c) => c.path)).toEqual(['/account/prelogin', '/account/signin', '/account/acquireToken']);
  });

  it('uses the prelogin asked while the password was typed, even while it is still on its way', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const paths: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = url.split('?')[0]!.replace(/^\/api/, '');
        paths.push(path);
        if (path === '/account/prelogin') {
          await held;
          return json({ email: 'owner@demo.test' });
        }
        if (path === '/account/signin') return json({ token: 'first' });
        if (path === '/account/acquireToken') return json({ token: 'second', userInfo: user(true) });
        return json(restInfo);
      }),
    );
    preloginAhead('  owner@demo.test ');
    preloginAhead('owner@demo.test'); // the same email is asked once
    expect(paths).toEqual(['/account/prelogin']);
    const signingIn = signIn({ email: 'owner@demo.test', password: 'demo1234' });
    await new Promise((r) => setTimeout(r, 0));
    // Sign in waits for the early answer instead of asking again
    expect(paths).toEqual(['/account/prelogin']);
    release();
    await expect(signingIn).resolves.toMatchObject({ kind: 'signedIn' });
    expect(paths).toEqual(['/account/prelogin', '/account/signin', '/account/acquireToken', '/api/getrest']);
  });

  it('asks prelogin again for another email, and sends nothing early for what is not an email yet', async () => {
    const calls = serve({
      '/account/prelogin': () => json({ email: 'owner@demo.test' }),
      '/account/signin': () => json({ token: 'first' }),
      '/account/acquireToken': () => json({ token: 'second', userInfo: user(true) }),
      '/api/getrest': () => json(restInfo),
    });
    preloginAhead('owner@demo');
    expect(calls).toHaveLength(0);
    preloginAhead('other@demo.test');
    await signIn({ email: 'owner@demo.test', password: 'demo1234' });
    expect(calls.map((c) => `${c.path}?${c.query}`).slice(0, 3)).toEqual([
      '/account/prelogin?data=other%40demo.test',
      '/account/prelogin?data=owner%40demo.test',
      '/account/signin?',
    ]);
  });
});

describe('constants copied to keep zod out of the first page', () => {
  it('uses the shared node tree code', () => {
    expect(NODE_TREE_CODE).toBe(SHARED_NODE_TREE_CODE);
  });
});
