/**
 * What antd reads from the browser and jsdom lacks: media queries (always "no match") and
 * ResizeObserver (observes nothing). One place for the component tests that render antd.
 */
export function stubAntdBrowserApis(): void {
  Object.assign(window, {
    matchMedia: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }),
    ResizeObserver: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });
}
