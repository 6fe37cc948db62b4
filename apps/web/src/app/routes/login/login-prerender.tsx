import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { i18n, initI18n, loadLanguageResources } from '../../../lib/i18n.ts';
import type { TLanguage } from '../../../stores/app.ts';
import { AppRoot, routerReady } from '../../app-root.tsx';
import { routerOptions, routes } from '../../router.tsx';

/**
 * The sign-in page as HTML, rendered at build time (vite-login-shell.ts) into the page the server
 * sends for /login, so the form paints before any script has run (issue 21). It is the app's own
 * tree (AppRoot, the app's routes, the guard's decision for a visitor without a session), rendered
 * with `renderToString`, so main.tsx can hydrate it: the browser's first render produces exactly this
 * markup. Its buttons render disabled until hydrated (`useHydrated`): a click before the script would
 * do nothing.
 */
export async function renderLoginPage(lang: TLanguage): Promise<string> {
  if (!i18n.isInitialized) await initI18n(lang, 'first');
  else {
    for (const [ns, texts] of Object.entries(await loadLanguageResources(lang, 'first'))) {
      i18n.addResourceBundle(lang, ns, texts, true, false);
    }
    await i18n.changeLanguage(lang);
  }
  const router = createMemoryRouter(routes, { ...routerOptions, initialEntries: ['/login'] });
  try {
    await routerReady(router);
    const { location, errors } = router.state;
    if (location.pathname !== '/login' || errors) {
      throw new Error(`the sign-in page rendered ${location.pathname} (errors: ${JSON.stringify(errors)})`);
    }
    return renderToString(<AppRoot router={router} />);
  } finally {
    router.dispose();
  }
}
