import { useEffect, type ComponentType } from 'react';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  redirect,
  replace,
  useMatches,
  type DOMRouterOpts,
  type LoaderFunction,
  type RouteObject,
} from 'react-router';
import { useTranslation } from 'react-i18next';
import { fillUnderWhiteText, readableShade } from '../components/layout/contrast.ts';
import { findRoute } from '../lib/access.ts';
import { detectLanguage, loadAllNamespaces, loadFrameNamespaces, loadReportNamespaces } from '../lib/i18n.ts';
import { registerNavigator, registerSignInPreload } from '../lib/navigation.ts';
import { loadServerMessages } from '../lib/server-message.ts';
import { loadUiLocale } from '../lib/ui-locale.ts';
import { useSettings } from '../stores/settings.ts';
import { BootScreen } from './boot-screen.tsx';
import { RouteErrorPage } from './error-boundary.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import { guardLoader, guardShouldRevalidate } from './guard-loader.ts';
import { HOME_PATH } from './navigation-guard.ts';
import type { TPageTranslations, TRouteHandle } from '../lib/route-types.ts';

type TPageModule = { default: ComponentType };

/** A page without antd (the login page, redirects): nothing else is loaded with it. */
export function page(load: () => Promise<TPageModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/**
 * The server's messages in the user's language (lib/server-message.ts), for pages that translate
 * wording they build themselves (form checks with the shared rules): loaded with the page. Pages whose
 * route record says `serverMessages: 'on-error'` skip it; a failed request loads it before it shows
 * its error (lib/request.ts).
 */
export function withServerMessages(load: () => Promise<TPageModule>): () => Promise<TPageModule> {
  return async () => (await Promise.all([load(), loadServerMessages().catch(() => undefined)]))[0];
}

/**
 * A page using antd: loaded with UiProviders (ConfigProvider, query client), its translation
 * namespaces (only the first ones load before the first render: lib/first-namespaces.ts; every other
 * one by default, or only the signed-in frame's) and, in Chinese, antd's texts.
 */
function uiPage(load: () => Promise<TPageModule>, translations: TPageTranslations = 'all'): RouteObject['lazy'] {
  return async () => {
    const [{ default: Page }, { UiProviders }, antdLocale] = await Promise.all([
      load(),
      import('./ui-providers.tsx'),
      loadUiLocale(detectLanguage()),
      loadPageNamespaces(translations),
    ]);
    return {
      Component: () => (
        <UiProviders antdLocale={antdLocale}>
          <Page />
        </UiProviders>
      ),
    };
  };
}

/** The namespaces a page loads beyond the first ones (TRouteRecord.translations). */
function loadPageNamespaces(translations: TPageTranslations | undefined): Promise<void> {
  if (translations === 'frame') return loadFrameNamespaces();
  return translations === 'reports' ? loadReportNamespaces() : loadAllNamespaces();
}

/**
 * A page's code with the translations it needs beyond those already loaded: every other namespace,
 * the sales summary's, or none for a page below the signed-in frame (which loads the frame's) whose
 * record says it needs only the frame's (TRouteRecord.translations).
 */
export function withTranslations(
  load: () => Promise<TPageModule>,
  translations: TPageTranslations = 'all',
): () => Promise<TPageModule> {
  if (translations === 'frame') return load;
  return async () => (await Promise.all([load(), loadPageNamespaces(translations)]))[0];
}

/** SPEC 2: "The page title is the translated route title, then ' - ', then the app title." */
export function pageTitle(t: (key: string) => string, titleKey: string | undefined): string {
  const app = t('common:appTitle');
  return titleKey ? `${t(`route:${titleKey}`)} - ${app}` : app;
}

function RootShell() {
  const matches = useMatches();
  const { t } = useTranslation();
  const titleKey = [...matches]
    .reverse()
    .map((m) => (m.handle as TRouteHandle | undefined)?.titleKey)
    .find(Boolean);
  const themeColor = useSettings((s) => s.theme);
  useEffect(() => {
    document.title = pageTitle(t, titleKey);
  }, [t, titleKey]);
  useEffect(() => {
    // the pages without antd (login, crash page) follow the chosen theme colour too
    document.documentElement.style.setProperty('--ra-primary', themeColor);
    // its readable shades (WCAG 2.1 AA): text on light pages, and a surface under white text
    document.documentElement.style.setProperty('--ra-primary-text', readableShade(themeColor, ['#ffffff', '#f5f5f5']));
    document.documentElement.style.setProperty('--ra-primary-fill', fillUnderWhiteText(themeColor));
  }, [themeColor]);
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

export const publicRoute = (
  path: string,
  titleKey: string,
  load: () => Promise<TPageModule>,
  withUi = true,
): RouteObject => ({
  path,
  caseSensitive: true,
  handle: { titleKey } satisfies TRouteHandle,
  lazy: withUi ? uiPage(withServerMessages(load)) : page(load),
});

/**
 * A page's data loader (issue 21): starts the record's prefetch and returns at once, so the page
 * renders as soon as its code is there, reading the request already under way. React Router runs it
 * alongside the guard's loader and the route's lazy code; a failed prefetch is the page's own query's
 * to show. A prefetch that settles in time with an address sends the page there before it renders
 * (`movePage`).
 */
export function prefetchLoader(
  prefetch: (url: URL) => Promise<void | string>,
  /** wait for the prefetch this long at most before the page renders (TRouteRecord.prefetchWaitMs) */
  waitMs = 0,
): LoaderFunction {
  return async ({ request }) => {
    const started = prefetch(new URL(request.url)).catch(() => undefined);
    if (waitMs > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const moveTo = await Promise.race([
        started,
        new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), waitMs))),
      ]);
      clearTimeout(timer);
      if (typeof moveTo === 'string') return movePage(request.url, moveTo);
    }
    return null;
  };
}

/**
 * The loader's answer that sends a page to `to` before it renders: the page is drawn once, on its
 * final address, instead of drawn, then moved by a navigation that runs every loader again and draws
 * the whole frame twice more (issue 21). An address the browser already shows (the page was loaded,
 * reloaded, or reached with Back) is replaced, so Back does not return to an address that moves on
 * again; a navigation from another page adds the final address only, as it would have.
 */
export function movePage(requestUrl: string, to: string): Response {
  const shown = typeof window !== 'undefined' && window.location.href === requestUrl;
  return shown ? replace(to) : redirect(to);
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: guardLoader,
    shouldRevalidate: guardShouldRevalidate,
    Component: RootShell,
    HydrateFallback: BootScreen,
    ErrorBoundary: RouteErrorPage,
    children: [
      { index: true, element: <Navigate to={HOME_PATH} replace /> },
      publicRoute('/login', 'login', () => import('./routes/login/login-page.tsx'), false),
      publicRoute('/auth-redirect', 'authRedirect', () => import('./routes/auth/auth-redirect-page.tsx'), false),
      publicRoute('/forgotPassword', 'forgotPassword', () => import('./routes/auth/forgot-password-page.tsx'), false),
      publicRoute('/resetPassword', 'resetPassword', () => import('./routes/auth/reset-password-page.tsx'), false),
      publicRoute(
        '/apply',
        'apply',
        // the application form checks its fields with the shared messages, shown in the user's language
        withServerMessages(withTranslations(() => import('./routes/agent/apply-page.tsx'))),
        false,
      ),
      // the signed-in public pages (app/table-routes.tsx) join here on the first navigation to one
      {
        id: 'layout',
        // the signed-in frame (sidebar, navbar, tags view): its JavaScript loads only after sign-in,
        // with its own translations only; each page below loads the others it needs
        lazy: uiPage(() => import('./signed-in-shell.tsx'), 'frame'),
        // the frame's own data (the bell's notifications) starts with the route, not at its first commit
        loader: prefetchLoader(async () => (await import('./layout/prefetch-frame.ts')).prefetchFrame()),
        // the route table's pages join here on the first navigation to one (`patchRoutesOnNavigation`)
        children: [
          { path: '/redirect/*', lazy: page(() => import('./routes/redirect-page.tsx')) },
          // inside the frame: a signed-in user keeps the sidebar and top bar to go somewhere allowed
          {
            path: '/401',
            caseSensitive: true,
            handle: { titleKey: 'noPermission' } satisfies TRouteHandle,
            // its words are in the first namespaces: nothing beyond the frame's
            lazy: page(() => import('./routes/errors/no-permission-page.tsx')),
          },
        ],
      },
      // the guard sends unknown paths to /404; this only catches what it lets through
      { path: '*', lazy: uiPage(withServerMessages(() => import('./routes/errors/not-found-page.tsx'))) },
    ],
  },
];

/**
 * The route table's pages (app/table-routes.tsx), added below the signed-in frame, and the public pages
 * a signed-in user opens, added beside the sign-in page, the first time the router is asked for a path
 * it does not know yet (issue 21): the table, its records' metadata and these pages' lists of scripts
 * are not in the entry the sign-in page loads. React Router calls this
 * for a path that matches nothing or only a catch-all (`*`, `/redirect/*`); adding the same pages
 * again is a no-op (it skips routes it has).
 */
export const patchRoutesOnNavigation: NonNullable<DOMRouterOpts['patchRoutesOnNavigation']> = async ({ patch }) => {
  const { tablePages, signedInPublicPages } = await import('./table-routes.tsx');
  patch('root', signedInPublicPages);
  patch('layout', tablePages);
};

/** The options every router of the app's routes is created with (the browser's, the tests'). */
export const routerOptions = { patchRoutesOnNavigation } satisfies DOMRouterOpts;

/**
 * What the first page after sign-in needs, fetched while sign-in runs (issue 21): the frame, antd's
 * providers, its translations, antd's texts in Chinese, the route table and the page's own chunk.
 * The route's lazy loaders then find the modules already there.
 *
 * On a signed-in page load it also starts the page's data (the record's `prefetch`, what its loader
 * starts) as soon as the route table is here: the router runs the loader only once the guard has
 * passed and the page's route is patched in, two chunks later. The loader's own prefetch then joins
 * the request in flight (the same query), so the data is asked for once. During sign-in there is no
 * session yet and the prefetch does nothing: the loader starts it after.
 */
export function preloadSignedInPage(to: string): void {
  const path = to.split(/[?#]/)[0] || '/';
  const loads: Promise<unknown>[] = [
    import('./signed-in-shell.tsx'),
    // the theme's tokens derived as the frame's code arrives, not in its first render (ui-providers.tsx)
    import('./ui-providers.tsx').then(({ prepareUiTheme }) => prepareUiTheme()),
    loadFrameNamespaces(),
    loadUiLocale(detectLanguage()),
    import('./route-table.tsx').then(({ routeTable }) => {
      const record = findRoute(routeTable, path === '/' ? HOME_PATH : path);
      record?.prefetch?.(new URL(to, window.location.origin)).catch(() => undefined);
      return Promise.all([record?.lazy?.(), loadPageNamespaces(record?.translations)]);
    }),
  ];
  // a failed preload is retried by the route's own loader, which shows the error if it fails again
  for (const load of loads) load.catch(() => undefined);
}

export function createAppRouter() {
  const router = createBrowserRouter(routes, routerOptions);
  registerNavigator((to, opts) => void router.navigate(to, opts));
  registerSignInPreload(preloadSignedInPage);
  return router;
}
