import type { ReactNode } from 'react';
import { AppErrorBoundary } from './error-boundary.tsx';

/**
 * What every page gets, the login page included. Deliberately free of antd and TanStack Query: the
 * login page ships without them (SPEC 9 first-page budget); every other page is wrapped in
 * UiProviders (ui-providers.tsx), loaded with the page.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <AppErrorBoundary>{children}</AppErrorBoundary>;
}
