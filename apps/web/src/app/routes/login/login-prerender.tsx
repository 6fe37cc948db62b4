import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n, initI18n, loadLanguageResources } from '../../../lib/i18n.ts';
import type { TLanguage } from '../../../stores/app.ts';
import LoginPage from './login-page.tsx';

/**
 * The sign-in page as HTML, rendered at build time (vite-login-shell.ts) into the page the server
 * sends for /login, so the form paints before any script has run (issue 21). The script then draws
 * the same form over it (main.tsx, `takeOverPrerenderedLogin`). Its buttons are disabled until then:
 * a click before the script would do nothing.
 */
export async function renderLoginPage(lang: TLanguage): Promise<string> {
  if (!i18n.isInitialized) await initI18n(lang, 'first');
  else {
    for (const [ns, texts] of Object.entries(await loadLanguageResources(lang, 'first'))) {
      i18n.addResourceBundle(lang, ns, texts, true, false);
    }
    await i18n.changeLanguage(lang);
  }
  const router = createMemoryRouter([{ path: '/login', Component: LoginPage }], { initialEntries: ['/login'] });
  const html = renderToStaticMarkup(<RouterProvider router={router} />);
  return html.replace(/<button\b/g, '<button disabled=""');
}
