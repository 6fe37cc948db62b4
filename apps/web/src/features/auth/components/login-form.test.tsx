import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n.ts';
import { useSession } from '../../../stores/session.ts';
import { LoginForm } from './login-form.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function serve(routes: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (url: string) =>
        routes[url.replace(/^\/api/, '').split('?')[0]!]?.() ?? json({ code: 40400, message: 'Not found' }, 404),
    ),
  );
}

/** Types into a controlled input the way a user does (React listens to the native input event). */
function type(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

async function pressEnterIn(input: HTMLInputElement): Promise<void> {
  // what a browser does on Enter in a single-button form: submits it
  await act(async () => {
    input.form!.requestSubmit();
  });
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20));
  });
}

let container: HTMLDivElement;
let root: Root;
const onSignedIn = vi.fn();
const $ = <T extends Element>(selector: string) => container.querySelector<T>(selector)!;

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(async () => {
  onSignedIn.mockReset();
  useSession.setState({ token: '' });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root.render(<LoginForm redirect="/workHours/index" onSignedIn={onSignedIn} />));
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  await i18n.changeLanguage('en');
});

describe('LoginForm', () => {
  it('asks for the email and password before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await pressEnterIn($<HTMLInputElement>('input[name=email]'));
    expect(container.textContent).toContain('Please enter your email');
    expect(container.textContent).toContain('Please enter your password');
    expect(document.activeElement).toBe($('input[name=email]'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an email that breaks the SPEC 5 rule', async () => {
    await act(async () => type($('input[name=email]'), 'owner@demo'));
    await pressEnterIn($('input[name=email]'));
    expect(container.textContent).toContain('Please enter the correct email address');
  });

  it('signs in on Enter and goes where the user was sent from', async () => {
    serve({
      '/account/prelogin': () => json({ email: 'staff@demo.test' }),
      '/account/signin': () => json({ token: 'a' }),
      '/account/acquireToken': () => json({ token: 'b' }),
      '/api/getUserInfo': () =>
        json({
          xid: 'u',
          name: 'Sam',
          email: 'staff@demo.test',
          avatar: '',
          introduction: '',
          isLeaf: true,
          rootXid: 'r',
        }),
      '/api/getrest': () =>
        json({
          id: 1,
          xid: 'r',
          name: 'Harbor Bistro',
          fullname: 'Harbor Bistro',
          restname: 'Harbor Bistro',
          locales: { GMT: 'GMT-05:00', locales: ['en'], timeZone: 'America/New_York', timestamp: 0 },
          timestamp: 0,
          config: {
            hourOffsetEndOfDay: 0,
            version: '1',
            enableOrderToGoWithDateSelect: false,
            configAdmin: false,
            workHoursSteps: 15,
          },
          roles: ['Staff'],
          PagePermissions: { viewWorkHours: true },
          operationAuthority: {},
        }),
    });
    await act(async () => {
      type($('input[name=email]'), ' staff@demo.test ');
      type($('input[name=password]'), 'demo1234');
    });
    await pressEnterIn($('input[name=password]'));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/workHours/index'), { timeout: 5000 });
    expect(useSession.getState().token).toBe('b');
  });

  it('shows a wrong password in the user language', async () => {
    await i18n.changeLanguage('zh');
    serve({
      '/account/prelogin': () => json({ email: 'owner@demo.test' }),
      '/account/signin': () =>
        json({ code: 40001, message: 'The user name and password combination does not match our record.' }, 400),
    });
    await act(async () => {
      type($('input[name=email]'), 'owner@demo.test');
      type($('input[name=password]'), 'nope');
    });
    await pressEnterIn($('input[name=password]'));
    await vi.waitFor(() => expect($('[role=alert]').textContent).toBe('用户名和密码不匹配。'), { timeout: 5000 });
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('adds the code field when the account needs an emailed code', async () => {
    serve({
      '/account/prelogin': () => json({ email: 'verify@demo.test' }),
      '/account/signin': () =>
        json({
          emailVerificationRequired: true,
          message: 'A verification code has been sent to your email. Enter it to sign in.',
        }),
    });
    expect(container.querySelector('input[name=code]')).toBeNull();
    await act(async () => {
      type($('input[name=email]'), 'verify@demo.test');
      type($('input[name=password]'), 'demo1234');
    });
    await pressEnterIn($('input[name=password]'));
    await vi.waitFor(() => expect(container.querySelector('input[name=code]')).not.toBeNull(), { timeout: 5000 });
    expect($('[role=status]').textContent).toContain('verification code has been sent');
    await pressEnterIn($('input[name=code]'));
    expect(container.textContent).toContain('Please enter the 6-digit code');
  });
});
