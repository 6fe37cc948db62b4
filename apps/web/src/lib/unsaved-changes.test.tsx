import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, Link, RouterProvider, type DataRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UnsavedChangesPrompt } from '../components/unsaved-changes-prompt.tsx';
import { i18n, initI18n, loadLanguageResources } from './i18n.ts';
import { confirmLeavingPage, sameValues, useUnsavedChanges } from './unsaved-changes.ts';
import { stubAntdBrowserApis } from '../test-support/browser-stubs.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const click = (element: Element) => act(async () => (element as HTMLElement).click());
const settle = (ms = 50) => act(async () => new Promise((r) => setTimeout(r, ms)));
async function waitFor(check: () => boolean, timeout = 5000): Promise<void> {
  const until = Date.now() + timeout;
  while (!check() && Date.now() < until) await settle();
}
async function switchToChinese(): Promise<void> {
  for (const [ns, resources] of Object.entries(await loadLanguageResources('zh')))
    i18n.addResourceBundle('zh', ns, resources, true, true);
  await i18n.changeLanguage('zh');
}

/** A form with one field, a Cancel button and a Save button, as the team editors use the guard. */
function Editor({ onCancel }: { onCancel: () => void }) {
  const [value, setValue] = useState('');
  const guard = useUnsavedChanges(value !== '');
  return (
    <div>
      <input aria-label="name" value={value} onChange={(e) => setValue(e.target.value)} />
      <button type="button" data-cancel onClick={() => guard.confirmDiscard(onCancel)}>
        Cancel
      </button>
      <button type="button" data-save onClick={() => guard.release()}>
        Save
      </button>
      <Link to="/other">Other page</Link>
      <UnsavedChangesPrompt guard={guard} />
    </div>
  );
}

let root: Root | undefined;
let container: HTMLDivElement | undefined;
let router: DataRouter;

async function mountEditor(onCancel = () => {}) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  router = createMemoryRouter(
    [
      { path: '/edit', element: <Editor onCancel={onCancel} /> },
      { path: '/other', element: <p>Other page content</p> },
    ],
    { initialEntries: ['/edit'] },
  );
  await act(async () => root!.render(<RouterProvider router={router} />));
}

async function typeName(text: string) {
  const input = container!.querySelector<HTMLInputElement>('input[aria-label="name"]')!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const prompt = () => document.querySelector<HTMLElement>('.ant-modal-wrap:not([style*="display: none"]) .ant-modal');
const promptButton = (label: string) =>
  [...(prompt()?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === label)!;
const followLink = () => click(container!.querySelector('a[href="/other"]')!);

beforeAll(async () => {
  stubAntdBrowserApis();
  await initI18n('en');
});
afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
  // late timers and frames of the unmount run; the page is never wiped (see app-layout.test.tsx)
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});

describe('useUnsavedChanges', { timeout: 30_000 }, () => {
  it('lets a form without changes go without asking', async () => {
    await mountEditor();
    await followLink();
    expect(router.state.location.pathname).toBe('/other');
    expect(prompt()).toBeNull();
  });

  it('asks before following a link away from changes; Keep editing stays with the edits', async () => {
    await mountEditor();
    await typeName('Cashier');
    await followLink();
    await waitFor(() => prompt() !== null);
    expect(prompt()!.textContent).toContain('You have unsaved changes');
    expect(prompt()!.textContent).toContain('Leave without saving?');
    expect(router.state.location.pathname).toBe('/edit');

    await click(promptButton('Keep editing'));
    await settle();
    expect(router.state.location.pathname).toBe('/edit');
    expect(container!.querySelector<HTMLInputElement>('input[aria-label="name"]')!.value).toBe('Cashier');
  });

  it('leaves and drops the edits when the person confirms', async () => {
    await mountEditor();
    await typeName('Cashier');
    await followLink();
    await waitFor(() => prompt() !== null);
    await click(promptButton('Leave without saving'));
    await waitFor(() => router.state.location.pathname === '/other');
    expect(router.state.location.pathname).toBe('/other');
  });

  it('asks on Cancel, and cancels only after confirming', async () => {
    const onCancel = vi.fn();
    await mountEditor(onCancel);
    await click(container!.querySelector('[data-cancel]')!);
    expect(onCancel).toHaveBeenCalledTimes(1);

    await typeName('Cashier');
    await click(container!.querySelector('[data-cancel]')!);
    await waitFor(() => prompt() !== null);
    expect(onCancel).toHaveBeenCalledTimes(1);
    await click(promptButton('Leave without saving'));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('asks the browser before a reload or closing the tab, only while there are changes', async () => {
    await mountEditor();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await typeName('Cashier');
    expect(unload()).toBe(true);
    await typeName('');
    expect(unload()).toBe(false);
  });

  it('lets a saved form leave without asking', async () => {
    await mountEditor();
    await typeName('Cashier');
    await click(container!.querySelector('[data-save]')!);
    await followLink();
    expect(router.state.location.pathname).toBe('/other');
    expect(prompt()).toBeNull();
  });

  it('asks for code outside the form (a drawer, the tags view) through confirmLeavingPage', async () => {
    await mountEditor();
    const closeTab = vi.fn();
    confirmLeavingPage(closeTab);
    expect(closeTab).toHaveBeenCalledTimes(1);

    await typeName('Cashier');
    await act(async () => confirmLeavingPage(closeTab));
    await waitFor(() => prompt() !== null);
    expect(closeTab).toHaveBeenCalledTimes(1);
    await click(promptButton('Keep editing'));
    expect(closeTab).toHaveBeenCalledTimes(1);
  });

  it('asks in Chinese', async () => {
    await switchToChinese();
    await mountEditor();
    await typeName('收银员');
    await followLink();
    await waitFor(() => prompt() !== null);
    expect(prompt()!.textContent).toContain('您有未保存的更改');
    expect(promptButton('继续编辑')).toBeDefined();
    expect(promptButton('不保存并离开')).toBeDefined();
  });
});

describe(sameValues.name, () => {
  it('compares form values as data', () => {
    expect(sameValues({ a: [1, 2], b: 'x' }, { b: 'x', a: [1, 2] })).toBe(true);
    expect(sameValues({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameValues({ a: undefined, b: 1 }, { b: 1 })).toBe(true);
    expect(sameValues({ a: null }, { a: undefined })).toBe(false);
  });
});
