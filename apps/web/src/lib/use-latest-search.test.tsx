import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useLatestSearch } from './use-latest-search.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type TSet = (change: (current: URLSearchParams) => URLSearchParams) => void;

/** Renders a page holding `useSetter`'s setter, and answers the setter of its first render. */
async function firstRenderSetter(useSetter: () => TSet) {
  let first: TSet | undefined;
  function Page() {
    const set = useSetter();
    first ??= set;
    return null;
  }
  const router = createMemoryRouter([{ path: '/transactions/index', Component: Page }], {
    initialEntries: ['/transactions/index'],
  });
  const root = createRoot(document.createElement('div'));
  await act(async () => root.render(<RouterProvider router={router} />));
  return { set: first!, search: () => router.state.location.search, unmount: () => act(() => root.unmount()) };
}

const withParam = (key: string, value: string) => (current: URLSearchParams) => {
  current.set(key, value);
  return current;
};

describe('useLatestSearch', () => {
  it('builds a second change on the first before the page renders it, where the router’s setter drops the first', async () => {
    // the handlers of one render, run one after the other, as two filters picked before a busy page re-renders
    const latest = await firstRenderSetter(() => useLatestSearch()[1]);
    await act(async () => {
      latest.set(withParam('from', '2026-03-13'));
      latest.set(withParam('method', 'card'));
    });
    expect(new URLSearchParams(latest.search()).toString()).toBe('from=2026-03-13&method=card');
    await latest.unmount();

    const router = await firstRenderSetter(() => useSearchParams()[1]);
    await act(async () => {
      router.set(withParam('from', '2026-03-13'));
      router.set(withParam('method', 'card'));
    });
    expect(new URLSearchParams(router.search()).toString()).toBe('method=card');
    await router.unmount();
  });

  it('builds on the rendered search once the page has rendered it', async () => {
    let current: TSet | undefined;
    let shown = '';
    function Page() {
      const [search, set] = useLatestSearch();
      current = set;
      shown = search.toString();
      return null;
    }
    const router = createMemoryRouter([{ path: '/', Component: Page }], { initialEntries: ['/?page=3'] });
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(<RouterProvider router={router} />));
    await act(async () => current!(withParam('method', 'card')));
    expect(shown).toBe('page=3&method=card');
    // the address moves by other means (Back, a link); the next change starts from what is shown
    await act(async () => router.navigate('/?kind=refund'));
    await act(async () => current!(withParam('page', '2')));
    expect(shown).toBe('kind=refund&page=2');
    act(() => root.unmount());
  });

  it('builds on a change another part of the page asked for, as the report’s grouping on its range', async () => {
    const setters: TSet[] = [];
    function Part() {
      const set = useLatestSearch()[1];
      setters.push(set);
      return null;
    }
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <Part />
              <Part />
            </>
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(<RouterProvider router={router} />));
    const [range, grouping] = setters;
    await act(async () => {
      range!(withParam('preset', 'lastWeek'));
      grouping!(withParam('granularity', 'week'));
    });
    expect(new URLSearchParams(router.state.location.search).toString()).toBe('preset=lastWeek&granularity=week');
    act(() => root.unmount());
  });

  it('after Back, builds on the address Back returned to, not on what was asked before', async () => {
    let current: TSet | undefined;
    function Page() {
      current = useLatestSearch()[1];
      return null;
    }
    const router = createMemoryRouter([{ path: '/', Component: Page }], { initialEntries: ['/?period=2026-03-01'] });
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(<RouterProvider router={router} />));
    // a change that adds an entry (the work-hours pay period), then Back, then another change
    await act(async () => current!(withParam('period', '2026-03-15')));
    await act(async () => router.navigate(-1));
    expect(router.state.location.search).toBe('?period=2026-03-01');
    await act(async () => current!(withParam('staff', '7')));
    expect(new URLSearchParams(router.state.location.search).toString()).toBe('period=2026-03-01&staff=7');
    act(() => root.unmount());
  });
});
