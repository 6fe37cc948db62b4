// First: it configures zod before any module creates a schema.
import './lib/zod-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import type { TRestInfoConfig } from '@ra/shared/auth/auth.schemas';
import { AppProviders } from './app/providers.tsx';
import { installGlobalErrorHandlers } from './app/error-reporting.ts';
import { createAppRouter } from './app/router.tsx';
import { detectLanguage, initI18n, setTipWording } from './lib/i18n.ts';
import { installUnloadSave } from './stores/persist.ts';
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
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
