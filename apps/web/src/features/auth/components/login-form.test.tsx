import { act } from 'react';
import { emptyPagePermissions } from '@ra/shared/permissions';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n.ts';
import { useSession } from '../../../stores/session.ts';
import { harborRestInfo } from '../../../test-support/rest-info.ts';
import { keepLoginStateForReload } from '../login-carry.ts';
import { forgetPreloginAhead } from '../sign-in.ts';
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
const form = (redirect: string | null) => (
  <MemoryRouter>
    <LoginForm redirect={redirect} onSignedIn={onSignedIn} />
  </MemoryRouter>
);

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(async () => {
  forgetPreloginAhead();
  onSignedIn.mockReset();
  useSession.setState({ token: '' });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  sessionStorage.clear();
  await act(async () => root.render(form('/workHours/index')));
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

  it('sends prelogin once the email is typed and the person moves on to the password (issue 21)', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return json({ email: 'owner@demo.test' });
      }),
    );
    await act(async () => type($('input[name=email]'), 'owner@demo'));
    await act(async () => $<HTMLInputElement>('input[name=password]').focus());
    expect(urls).toEqual([]); // not an email yet
    await act(async () => type($('input[name=email]'), 'Owner@demo.test'));
    await act(async () => $<HTMLInputElement>('input[name=email]').focus());
    await act(async () => $<HTMLInputElement>('input[name=password]').focus());
    await act(async () => type($('input[name=password]'), 'demo1234'));
    expect(urls).toEqual(['/api/account/prelogin?data=Owner%40demo.test']);
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
        json(harborRestInfo({ roles: ['Staff'], PagePermissions: { ...emptyPagePermissions(), viewWorkHours: true } })),
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
    expect($('[role=status]').textContent).toBe('We emailed a 6-digit code to v***@demo.test. Enter it to sign in.');
    await vi.waitFor(() => expect(document.activeElement).toBe($('input[name=code]')), { timeout: 5000 });
    await pressEnterIn($('input[name=code]'));
    expect(container.textContent).toContain('Please enter the 6-digit code');
  });

  it('offers another code only after the cooldown, and sends it with the same email and password', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      const signins: unknown[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string, init?: RequestInit) => {
          if (url.includes('/account/prelogin')) return json({ email: 'verify@demo.test' });
          signins.push(JSON.parse(String(init?.body)));
          return json({ emailVerificationRequired: true, message: 'x' });
        }),
      );
      await act(async () => {
        type($('input[name=email]'), 'verify@demo.test');
        type($('input[name=password]'), 'demo1234');
      });
      await pressEnterIn($('input[name=password]'));
      await vi.waitFor(() => expect(container.querySelector('input[name=code]')).not.toBeNull(), { timeout: 5000 });
      const resend = () => $<HTMLButtonElement>('button[name=resend]');
      expect(resend().disabled).toBe(true);
      expect(resend().textContent).toBe('Email a new code in 60 s');
      await act(async () => {
        vi.advanceTimersByTime(30_000);
      });
      expect(resend().textContent).toBe('Email a new code in 30 s');
      await act(async () => {
        vi.advanceTimersByTime(30_000);
      });
      expect(resend().disabled).toBe(false);
      await act(async () => resend().click());
      await vi.waitFor(() => expect(signins).toHaveLength(2), { timeout: 5000 });
      expect(signins[1]).toMatchObject({
        email: 'verify@demo.test',
        password: 'demo1234',
        emailVerificationCodeNumber: '',
      });
      await vi.waitFor(() => expect(resend().disabled).toBe(true), { timeout: 5000 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes back to an empty email and password with "use a different account"', async () => {
    serve({
      '/account/prelogin': () => json({ email: 'verify@demo.test' }),
      '/account/signin': () => json({ emailVerificationRequired: true, message: 'x' }),
    });
    await act(async () => {
      type($('input[name=email]'), 'verify@demo.test');
      type($('input[name=password]'), 'demo1234');
    });
    await pressEnterIn($('input[name=password]'));
    await vi.waitFor(() => expect(container.querySelector('input[name=code]')).not.toBeNull(), { timeout: 5000 });
    await act(async () => $<HTMLButtonElement>('button[name=another-account]').click());
    expect(container.querySelector('input[name=code]')).toBeNull();
    expect($<HTMLInputElement>('input[name=email]').value).toBe('');
    expect($<HTMLInputElement>('input[name=password]').value).toBe('');
    expect(document.activeElement).toBe($('input[name=email]'));
  });

  it('puts the cursor back in the password after a wrong password, and in the code after a wrong code', async () => {
    let answer = () =>
      json({ code: 40001, message: 'The user name and password combination does not match our record.' }, 400);
    serve({ '/account/prelogin': () => json({ email: 'owner@demo.test' }), '/account/signin': () => answer() });
    await act(async () => {
      type($('input[name=email]'), 'owner@demo.test');
      type($('input[name=password]'), 'nope');
    });
    $<HTMLInputElement>('input[name=email]').focus();
    await pressEnterIn($('input[name=email]'));
    await vi.waitFor(() => expect(document.activeElement).toBe($('input[name=password]')), { timeout: 5000 });

    answer = () => json({ emailVerificationRequired: true, message: 'x' });
    await pressEnterIn($('input[name=password]'));
    await vi.waitFor(() => expect(container.querySelector('input[name=code]')).not.toBeNull(), { timeout: 5000 });
    answer = () => json({ code: 40002, message: 'The verification code is wrong or has expired.' }, 400);
    await act(async () => type($('input[name=code]'), '123456'));
    $<HTMLButtonElement>('button[type=submit]').focus();
    await pressEnterIn($('input[name=code]'));
    await vi.waitFor(
      () => expect($('[role=alert]').textContent).toBe('The verification code is wrong or has expired.'),
      { timeout: 5000 },
    );
    await vi.waitFor(() => expect(document.activeElement).toBe($('input[name=code]')), { timeout: 5000 });
  });

  it('shows the sign-in error again in Chinese after switching language, with the email kept', async () => {
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
    await vi.waitFor(() => expect($('[role=alert]').textContent).toContain('does not match our record'), {
      timeout: 5000,
    });
    // What the language switch does before it reloads the page, then the reloaded page in Chinese.
    keepLoginStateForReload();
    await act(async () => root.unmount());
    await i18n.changeLanguage('zh');
    root = createRoot(container);
    await act(async () => root.render(form(null)));
    expect($('[role=alert]').textContent).toBe('用户名和密码不匹配。');
    expect($<HTMLInputElement>('input[name=email]').value).toBe('owner@demo.test');
    expect($<HTMLInputElement>('input[name=password]').value).toBe('');
  });

  it('links to forgot password with the typed email', async () => {
    await act(async () => type($('input[name=email]'), 'owner@demo.test'));
    expect($<HTMLAnchorElement>('a[href^="/forgotPassword"]').getAttribute('href')).toBe(
      '/forgotPassword?email=owner%40demo.test',
    );
  });
});
