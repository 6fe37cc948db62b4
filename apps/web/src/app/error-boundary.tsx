import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { recordError } from './error-reporting.ts';
import './crash-page.css';

/**
 * Plain markup on purpose: this page must render when the failure is in the UI library, and it
 * rides in the first page's JavaScript.
 */
function CrashPage() {
  const { t } = useTranslation('common');
  return (
    <main className="ra-crash" role="alert">
      <h1 className="ra-crash__title">{t('crash.title')}</h1>
      <p className="ra-crash__text">{t('crash.description')}</p>
      <button type="button" className="ra-crash__button" onClick={() => window.location.reload()}>
        {t('crash.reload')}
      </button>
    </main>
  );
}

/** Catches render errors outside the router (providers); SPEC 8 logging in production. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    recordError(error, 'AppErrorBoundary', info.componentStack ?? '');
  }

  override render(): ReactNode {
    return this.state.failed ? <CrashPage /> : this.props.children;
  }
}

/** A page's chunk is gone after a deploy: the first failure reloads to fetch the new build. */
function isStaleChunk(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
}

const RELOADED_FLAG = 'ra-chunk-reload';

/** The router's error element: render errors and failed loaders of any route. */
export function RouteErrorPage() {
  const error = useRouteError();
  const reloading = isStaleChunk(error) && !sessionStorage.getItem(RELOADED_FLAG);
  useEffect(() => {
    if (reloading) {
      sessionStorage.setItem(RELOADED_FLAG, '1');
      window.location.reload();
    } else {
      recordError(error, 'RouteErrorPage', window.location.pathname);
    }
  }, [error, reloading]);
  return reloading ? null : <CrashPage />;
}
