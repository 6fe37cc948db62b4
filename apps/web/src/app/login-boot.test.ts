import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_BOOT_FALLBACK_MS, loginBootScript } from './login-boot.ts';

const SCRIPT = loginBootScript(
  '/assets/index-1.js',
  ['/assets/react-2.js', '/assets/sign-in-3.js'],
  ['/assets/index-4.css'],
);

/** What the script added to <head>, in order. */
function added(): string[] {
  return [...document.head.querySelectorAll('link, script')].map((e) =>
    e instanceof HTMLScriptElement
      ? `script ${e.type} ${e.getAttribute('src')}`
      : `${(e as HTMLLinkElement).rel} ${e.getAttribute('href')}`,
  );
}

/** A PerformanceObserver that reports paints when the test says the browser painted. */
function fakePaintObserver() {
  const observers: Array<
    (list: { getEntriesByName: (n: string) => unknown[] }, o: { disconnect: () => void }) => void
  > = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'resource'];
    constructor(private readonly cb: (typeof observers)[number]) {}
    observe() {
      observers.push(this.cb);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return (name: string) => {
    for (const cb of [...observers]) {
      cb({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }, { disconnect: () => observers.splice(0) });
    }
  };
}

beforeEach(() => {
  document.head.innerHTML = '';
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
});

describe('the sign-in page boot script (issue 21)', () => {
  it('asks for no code until the form has been painted, then for the stylesheet, the preloads and the entry', () => {
    const paint = fakePaintObserver();
    new Function(SCRIPT)();
    vi.advanceTimersByTime(100);
    expect(added()).toEqual([]);
    paint('first-paint'); // a paint with nothing in it yet is not the form
    expect(added()).toEqual([]);
    paint('first-contentful-paint');
    expect(added()).toEqual([
      'stylesheet /assets/index-4.css',
      'modulepreload /assets/react-2.js',
      'modulepreload /assets/sign-in-3.js',
      'script module /assets/index-1.js',
    ]);
    // once only, whatever fires later
    vi.advanceTimersByTime(LOGIN_BOOT_FALLBACK_MS);
    expect(added()).toHaveLength(4);
  });

  it('still starts the app when no paint is reported (a tab opened in the background)', () => {
    fakePaintObserver();
    new Function(SCRIPT)();
    vi.advanceTimersByTime(LOGIN_BOOT_FALLBACK_MS - 1);
    expect(added()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(added()).toHaveLength(4);
  });

  it('waits for the next frame where the browser does not report paints', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    new Function(SCRIPT)();
    vi.advanceTimersByTime(100);
    expect(added()).toEqual([]);
    frames.shift()!(0);
    expect(added()).toEqual([]); // after the frame's paint, not inside it
    vi.advanceTimersByTime(0);
    expect(added()).toContain('script module /assets/index-1.js');
  });

  it('brings the email typed so far along with a click on the server\'s "Forgot password?" link', () => {
    fakePaintObserver();
    document.body.innerHTML =
      '<form><input name="email" type="email"><input name="password"></form><a href="/forgotPassword">Forgot password?</a>';
    new Function(SCRIPT)();
    const link = document.querySelector('a')!;
    const followed: string[] = [];
    // what the browser would follow: the address the link has once the click has been dispatched
    link.addEventListener('click', (e) => {
      e.preventDefault();
      followed.push(link.getAttribute('href')!);
    });
    const email = document.querySelector<HTMLInputElement>('input[name="email"]')!;
    email.value = ' manager+1@demo.test ';
    link.click();
    email.value = '';
    link.click();
    expect(followed).toEqual(['/forgotPassword?email=manager%2B1%40demo.test', '/forgotPassword']);
    document.body.innerHTML = '';
  });
});
