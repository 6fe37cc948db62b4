import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import Cookies from 'js-cookie';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emptyPagePermissions } from '@ra/shared/permissions';
import { i18n } from '../../../lib/i18n.ts';
import { COOKIE_TOKEN, useSession } from '../../../stores/session.ts';
import { AppRoot, routerReady } from '../../app-root.tsx';
import { routerOptions, routes } from '../../router.tsx';
import { renderLoginPage } from './login-prerender.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Types into an input the way a person does (the native value setter, then an input event). */
function type(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

let container: HTMLDivElement | undefined;
let root: Root | undefined;

beforeAll(() => {
  Cookies.remove(COOKIE_TOKEN);
  useSession.setState({ token: '', roles: [], PagePermissions: emptyPagePermissions() });
});

afterEach(async () => {
  if (root) await act(async () => root!.unmount());
  container?.remove();
  root = undefined;
});

/**
 * The server's sign-in page as the browser gets it, then the app's own tree hydrating it the way
 * main.tsx does; resolves with the hydration errors React reported (it recovers from a mismatch by
 * drawing the page afresh, losing what hydration is for).
 */
async function serveAndHydrate(lang: 'en' | 'zh', beforeScript?: (c: HTMLElement) => void) {
  const markup = await renderLoginPage(lang);
  container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  beforeScript?.(container);
  const served = {
    form: container.querySelector('form'),
    email: container.querySelector<HTMLInputElement>('input[name=email]'),
    title: container.querySelector('h1'),
  };
  const router = createMemoryRouter(routes, { ...routerOptions, initialEntries: ['/login'] });
  await routerReady(router);
  const errors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container!, <AppRoot router={router} />, {
      onRecoverableError: (e) => errors.push(e),
    });
  });
  return { served, errors };
}

describe('the sign-in page the server sends (issue 21)', { timeout: 60_000 }, () => {
  it('is exactly what the app renders first: hydrated in place, with no mismatch, its buttons then enabled', async () => {
    const { served, errors } = await serveAndHydrate('en');
    expect(errors).toEqual([]);
    // the same elements, not a new form drawn over them
    expect(container!.querySelector('form')).toBe(served.form);
    expect(container!.querySelector('input[name=email]')).toBe(served.email);
    expect(served.title?.textContent).toBe('Restaurant Admin System');
    const buttons = [...container!.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toContain('Sign in');
    expect(buttons.filter((b) => b.disabled)).toEqual([]);
  });

  it('would be reported if it differed (the check above can fail)', async () => {
    const { errors } = await serveAndHydrate('en', (c) => {
      c.querySelector('h1')!.textContent = 'Another title';
    });
    expect(errors.length).toBeGreaterThan(0);
  });

  it('sends its buttons disabled: nothing answers a click before the script', async () => {
    const html = await renderLoginPage('en');
    const probe = document.createElement('div');
    probe.innerHTML = html;
    const buttons = [...probe.querySelectorAll('button')];
    expect(buttons.length).toBeGreaterThanOrEqual(4);
    expect(buttons.filter((b) => !b.disabled)).toEqual([]);
  });

  it('hydrates the Chinese page without a mismatch', async () => {
    const { errors } = await serveAndHydrate('zh');
    expect(errors).toEqual([]);
    expect(container!.querySelector('h1')?.textContent).toBe(i18n.t('common:appTitle', { lng: 'zh' }));
    expect(container!.querySelector<HTMLButtonElement>('button[type=submit]')!.disabled).toBe(false);
  });

  it('keeps what was typed before the script came, and the form then works with it', async () => {
    const { errors } = await serveAndHydrate('en', (c) => {
      c.querySelector<HTMLInputElement>('input[name=email]')!.value = 'owner@demo.test';
      c.querySelector<HTMLInputElement>('input[name=password]')!.value = 'demo1234';
    });
    expect(errors).toEqual([]);
    const email = container!.querySelector<HTMLInputElement>('input[name=email]')!;
    const password = container!.querySelector<HTMLInputElement>('input[name=password]')!;
    // a re-render of the form (showing the password) keeps both: the form's state holds them
    await act(async () => container!.querySelector<HTMLButtonElement>('button[aria-label="Show password"]')!.click());
    expect(password.type).toBe('text');
    expect(password.value).toBe('demo1234');
    expect(email.value).toBe('owner@demo.test');
    // and typing goes on from there
    await act(async () => type(email, 'manager@demo.test'));
    expect(email.value).toBe('manager@demo.test');
  });
});
