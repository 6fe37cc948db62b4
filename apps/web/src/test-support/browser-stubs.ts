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

/**
 * antd's static message (lib/feedback.ts) is a React root of its own whose toasts close on timers
 * seconds later; left running, one fires after the file's page is torn down and React, rendering the
 * close, finds no window. A file whose component shows toasts closes them in its afterAll.
 */
export async function closeStaticMessages(act: (work: () => Promise<void>) => Promise<void>): Promise<void> {
  const { default: message } = await import('antd/es/message/index.js');
  await act(async () => {
    message.destroy();
  });
  // The close is a render of that root: wait, bounded, until no toast is left, so nothing of it is
  // still to run when the page goes.
  const until = Date.now() + 5000;
  do {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
  } while (document.querySelector('.ant-message-notice') !== null && Date.now() < until);
}
