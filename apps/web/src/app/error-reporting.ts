import { useErrorLog } from '../stores/error-log.ts';

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack || `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** SPEC 8: uncaught UI errors are stored in the error log, in production builds only (SPEC 2 site defaults). */
export function recordError(
  error: unknown,
  component: string,
  info: string,
  isProduction: boolean = import.meta.env.PROD,
): void {
  if (!isProduction) return;
  useErrorLog.getState().add({ error: describe(error), component, info, url: window.location.href, time: Date.now() });
}

export function installGlobalErrorHandlers(): void {
  window.addEventListener('error', (e) => recordError(e.error ?? e.message, 'window', 'error'));
  window.addEventListener('unhandledrejection', (e) => recordError(e.reason, 'window', 'unhandledrejection'));
}
