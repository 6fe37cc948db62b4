// First: it configures zod before any module creates a schema.
import './lib/zod-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { RouterProvider } from 'react-router/dom';
import type { TRestInfoConfig } from '@ra/shared/auth/auth.schemas';
import { AppProviders } from './app/providers.tsx';
import { installGlobalErrorHandlers } from './app/error-reporting.ts';
import { createAppRouter } from './app/router.tsx';
import { detectLanguage, initI18n, setTipWording } from './lib/i18n.ts';
import { installUnloadSave } from './stores/persist.ts';
import { adoptPrerenderedFields } from './features/auth/login-carry.ts';
import { useSession } from './stores/session.ts';

/** SPEC 1: the restaurant's tip words come with its config; the i18n layer applies them everywhere. */
function followTipWording(): void {
  const apply = (config: TRestInfoConfig | null) => setTipWording(config ?? {});
  apply(useSession.getState().config);
  useSession.subscribe((s, prev) => {
    if (s.config !== prev.config) apply(s.config);
  });
}

async function start(): Promise<void> {
  // SPEC 3: the whole store goes to sessionStorage on unload; the stores restored it on import
  installUnloadSave();
  if (import.meta.env.PROD) installGlobalErrorHandlers();

  // the router starts the guard and fetches the first page's chunk while the translations load
  const router = createAppRouter();
  await initI18n(detectLanguage(), 'first');
  followTipWording();

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  if (root.dataset.prerendered !== 'login') {
    createRoot(root).render(app);
    return;
  }
  // The server sent the sign-in form as HTML (vite-login-shell.ts): it stays on screen until the
  // route is ready, then the app draws the same form over it in one go, keeping what was typed.
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }
  const field = (name: string) => root.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const focused = document.activeElement instanceof HTMLInputElement ? document.activeElement.name : '';
  adoptPrerenderedFields({ email: field('email')?.value ?? '', password: field('password')?.value ?? '' });
  flushSync(() => createRoot(root).render(app));
  delete root.dataset.prerendered;
  if (focused) field(focused)?.focus();
}

void start();
