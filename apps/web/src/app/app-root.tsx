import { StrictMode, useEffect } from 'react';
// not react-router/dom's: it only adds flushSync navigations, which the app does not use, and its
// separate entry is a second copy of the router under Node (the build's rendering, the tests)
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers.tsx';

export type TAppRouter = Parameters<typeof RouterProvider>[0]['router'];

/**
 * The whole app's tree, the same in the browser (main.tsx) and in the build's rendering of the
 * sign-in page (routes/login/login-prerender.tsx): hydrating the server's markup needs the client's
 * first render to produce exactly that markup, `useId`'s ids included, so both render this.
 */
export function AppRoot({ router, onMounted }: { router: TAppRouter; onMounted?: () => void }) {
  useEffect(() => {
    onMounted?.();
  }, [onMounted]);
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}

/** Resolves once the router has run its first loaders and lazy routes (what it renders then is final). */
export function routerReady(router: TAppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
