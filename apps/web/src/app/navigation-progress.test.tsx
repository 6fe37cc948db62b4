import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadLanguageResources } from '../lib/i18n.ts';
import { NAVIGATION_PROGRESS_DELAY_MS, NavigationProgress } from './navigation-progress.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const bar = () => document.querySelector('[role="progressbar"]');
const wait = (ms: number) =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });

/** Two pages; the second's loader is held open by the test, as a page waiting for its data is. */
function mountHeld() {
  let release!: () => void;
  const held = new Promise<null>((resolve) => (release = () => resolve(null)));
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: () => (
          <>
            <NavigationProgress />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <p>first page</p> },
          { path: 'slow', loader: () => held, element: <p>slow page</p> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  return {
    router,
    release,
    container,
    render: () => act(async () => root.render(<RouterProvider router={router} />)),
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

let unmount: (() => Promise<void>) | null = null;
beforeAll(() => initI18n('en'));
afterEach(async () => {
  await unmount?.();
  unmount = null;
  await i18n.changeLanguage('en');
});

describe('NavigationProgress', () => {
  it('shows a bar while the next page is held open, only past its delay, and takes it away when the page opens', async () => {
    const view = mountHeld();
    unmount = view.unmount;
    await view.render();
    expect(view.container.textContent).toBe('first page');
    expect(bar()).toBeNull();

    await act(async () => {
      void view.router.navigate('/slow');
    });
    // a page that opens quickly shows no bar
    await wait(NAVIGATION_PROGRESS_DELAY_MS / 4);
    expect(bar()).toBeNull();
    await wait(NAVIGATION_PROGRESS_DELAY_MS);
    expect(bar()?.getAttribute('aria-label')).toBe('Opening the page');
    // the page the user left stays until the next one is ready
    expect(view.container.textContent).toBe('first page');

    await act(async () => view.release());
    await wait(0);
    expect(view.container.textContent).toBe('slow page');
    expect(bar()).toBeNull();
  });

  it('reads in Chinese', async () => {
    for (const [ns, res] of Object.entries(await loadLanguageResources('zh')))
      i18n.addResourceBundle('zh', ns, res, true, true);
    await i18n.changeLanguage('zh');
    const view = mountHeld();
    unmount = view.unmount;
    await view.render();
    await act(async () => {
      void view.router.navigate('/slow');
    });
    await wait(NAVIGATION_PROGRESS_DELAY_MS * 1.5);
    expect(bar()?.getAttribute('aria-label')).toBe('正在打开页面');
    await act(async () => view.release());
  });
});
