// First: it configures zod before any module creates a schema.
import './lib/zod-without-eval.ts';
import { startTransition } from 'react';
import type { TRestInfoConfig } from '@ra/shared/auth/auth.schemas';
import { AppRoot, routerReady } from './app/app-root.tsx';
import { installGlobalErrorHandlers } from './app/error-reporting.ts';
import { startHomeData } from './app/early-home-data.ts';
import { startRestInfo } from './app/guard-loader.ts';
import { createAppRouter, preloadSignedInPage } from './app/router.tsx';
import { currentLanguage, detectLanguage, initI18n, setTipWording } from './lib/i18n.ts';
import { installUnloadSave } from './stores/persist.ts';
import { adoptPrerenderedFields, hasKeptLoginState } from './features/auth/login-carry.ts';
import { useSession } from './stores/session.ts';

/** SPEC 1: the restaurant's tip words come with its config; the i18n layer applies them everywhere. */
function followTipWording(): void {
  const apply = (config: TRestInfoConfig | null) => setTipWording(config ?? {});
  apply(useSession.getState().config);
  useSession.subscribe((s, prev) => {
    if (s.config !== prev.config) apply(s.config);
  });
}

/**
 * The browser's first date format in a page sets up its calendar and time-zone data: 35-125 ms on the
 * test machine's Chromium, more on a phone (issue 21). A signed-in page's first render formats dates in
 * the restaurant's zone (business-day.ts), so that set-up landed in the render before its first paint.
 * Done here, it runs while the page's scripts and data are still on their way, when the main thread
 * would wait anyway. The sign-in page does not format dates, and goes without it.
 */
function warmDateFormatting(timeZone: string | undefined): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timeZone || 'UTC', hour: 'numeric' }).format(0);
  } catch {
    // a zone this browser does not know: the page says so when it formats with it
  }
}

/** Lets the browser run what waits (input, paint) before the next piece of start-up work. */
function yieldToBrowser(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return s?.yield ? s.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(): Promise<void> {
  // SPEC 3: the whole store goes to sessionStorage on unload; the stores restored it on import
  installUnloadSave();
  if (import.meta.env.PROD) installGlobalErrorHandlers();
  // a signed-in page load's restaurant info, before the router has fetched the route table (issue 21)
  const restInfo = startRestInfo(new URL(window.location.href));
  // and the home page's data: the user's name, and the figures for a user who may see sales
  // (app/early-home-data.ts)
  startHomeData(window.location.pathname, restInfo);

  // the app's modules have just run (one task); the router's set-up is the next
  await yieldToBrowser();
  // the router starts the guard and fetches the first page's chunk while the translations load
  const router = createAppRouter();
  // A signed-in page opened directly: its frame, translations and code start loading now, as they did
  // when the route table was in the entry; the router first fetches the table (route-data chunk) to
  // know the page's route, which would otherwise hold them back by a round trip (issue 21).
  const signedInLoad = useSession.getState().token !== '' && window.location.pathname !== '/login';
  if (signedInLoad) preloadSignedInPage(`${window.location.pathname}${window.location.search}`);
  // the router's set-up and its first matching are a task's worth; the translations' set-up the next
  await yieldToBrowser();
  if (signedInLoad) warmDateFormatting(useSession.getState().locales?.timeZone);
  await initI18n(detectLanguage(), 'first');
  followTipWording();

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // react-dom is set up here, in a task of its own, rather than with the rest of the app as the
  // entry loads (issue 21: one long task after the sign-in page's paint)
  await yieldToBrowser();
  const [{ createRoot, hydrateRoot }, { flushSync }] = await Promise.all([
    import('react-dom/client'),
    import('react-dom'),
  ]);
  if (root.dataset.prerendered !== 'login') {
    // As a transition: React renders it in slices that yield to the browser. A plain first render is
    // one task, however long; when the page's code and data were in before it began (a signed-in
    // page load, its chunks preloaded by signed-in.html), that task drew the whole page: 180 ms on
    // the test machine, four times that on issue 21's phone, all of it blocking input.
    const app = createRoot(root);
    startTransition(() => app.render(<AppRoot router={router} />));
    return;
  }
  // The server sent the sign-in form as HTML (vite-login-shell.ts): it stays on screen until the
  // route is ready, then the app takes it over.
  await routerReady(router);
  // the server's page keeps its disabled buttons looking enabled until then (vite-login-shell.ts)
  const done = () => {
    delete root.dataset.prerendered;
  };
  const sameAsServed =
    router.state.location.pathname === '/login' &&
    document.documentElement.lang.slice(0, 2) === currentLanguage() &&
    !hasKeptLoginState();
  if (sameAsServed) {
    // The first render is the server's markup (routes/login/login-prerender.tsx renders the same
    // tree): hydrated in place, no new DOM, no new layout (issue 21). What was typed stays in the
    // inputs; the form reads it as it mounts. The browser gets the main thread back between loading
    // the app and hydrating, and the hydration runs as a transition, in slices with input answered
    // in between: no long task after the page has painted.
    await yieldToBrowser();
    startTransition(() => {
      hydrateRoot(root, <AppRoot router={router} onMounted={done} />);
    });
    return;
  }
  // Another language than the page was sent in, a form kept across a language change, or the guard
  // sent the visitor elsewhere: the app draws its own page over the server's in one go, keeping what
  // was typed.
  const field = (name: string) => root.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const focused = document.activeElement instanceof HTMLInputElement ? document.activeElement.name : '';
  adoptPrerenderedFields({ email: field('email')?.value ?? '', password: field('password')?.value ?? '' });
  flushSync(() => createRoot(root).render(<AppRoot router={router} />));
  done();
  if (focused) field(focused)?.focus();
}

void start();
