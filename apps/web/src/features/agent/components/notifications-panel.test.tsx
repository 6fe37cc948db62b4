import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TNode } from '@ra/shared/auth/auth.schemas';
import { i18n, initI18n, loadLanguageResources } from '../../../lib/i18n.ts';
import { NotificationsPanel } from './notifications-panel.tsx';
import { closeStaticMessages, stubAntdBrowserApis } from '../../../test-support/browser-stubs.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The notification center's tree: the agent opens their tree, ticks a team (one value for everything
 * under it, expanded by the server) and a restaurant of another branch, and the send carries both as
 * nodeXids. A team member gets no tree (their reach is the assigned restaurants).
 */
const group = (xid: string, firstName: string, lastName: string): TNode => ({
  xid,
  properties: { type: 'team', firstName, lastName },
  isLeaf: false,
  hasChildren: true,
});
const restaurant = (xid: string, name: string): TNode => ({
  xid,
  properties: { type: 'restaurant', restname: name },
  restfullname: name,
  isLeaf: true,
  hasChildren: false,
});
const TREE: Record<string, TNode[]> = {
  N1: [group('N2', 'East', 'Team'), restaurant('N10', 'Harbor Bistro')],
  N2: [restaurant('N20', 'Maple Street Diner'), restaurant('N21', 'Sakura Ramen')],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serve(teamRole: 'admin' | 'member') {
  const sent: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace(/^\/api/, '').split('?')[0];
      const key = `${init?.method ?? 'GET'} ${path}`;
      if (key === 'GET /api/agent/me')
        return json({ name: 'Ava', nodeXid: 'N1', nodeName: 'Golden Spoon Group', teamRole, referralCode: 'N1' });
      if (key === 'GET /api/agent/portfolio') return json({ items: [], total: 0 });
      if (key === 'GET /api/agent/notifications') return json({ items: [], total: 0 });
      if (key === 'POST /api/getChildrenNodeByXid') {
        const { xid } = JSON.parse(String(init?.body)) as { xid: string };
        return json({ nodes: TREE[xid] ?? [] });
      }
      if (key === 'POST /api/agent/notifications') {
        sent.push(init?.body as FormData);
        return json({ ok: true, id: 7, recipients: 3 });
      }
      return json({ code: 40400, message: 'Not found' }, 404);
    }),
  );
  return sent;
}

const settle = (ms = 50) =>
  act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
async function waitFor(check: () => boolean, timeout = 5000) {
  const until = Date.now() + timeout;
  while (!check() && Date.now() < until) await settle();
  expect(check()).toBe(true);
}
async function typeInto(el: HTMLTextAreaElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const key = (el: Element, k: string, keyCode: number) =>
  act(async () => {
    el.dispatchEvent(
      new KeyboardEvent('keydown', { key: k, keyCode, which: keyCode, bubbles: true } as KeyboardEventInit),
    );
  });

let cleanup: (() => Promise<void>) | null = null;
async function mount() {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <NotificationsPanel />
      </QueryClientProvider>,
    ),
  );
  cleanup = async () => {
    await act(async () => root.unmount());
    container.remove();
  };
  return container;
}

beforeAll(async () => {
  stubAntdBrowserApis();
  await initI18n('en');
});
// its success and error toasts close on timers: close them while the page is still here
afterAll(() => closeStaticMessages(act));
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
  // late timers and frames of the unmount run; the page is never wiped (see app-layout.test.tsx)
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  await i18n.changeLanguage('en');
});

const treeInput = () => document.querySelector<HTMLInputElement>('input[aria-label="Choose from your tree"]');
const treeTitle = (name: string) =>
  [...document.querySelectorAll('.ant-select-tree-treenode')].find((n) => n.textContent?.includes(name));

describe('NotificationsPanel: choosing by tree', { timeout: 30_000 }, () => {
  it('ticks a team and a restaurant of the tree, by mouse and by keyboard, and sends them as nodes', async () => {
    const sent = serve('admin');
    const view = await mount();
    await waitFor(() => treeInput() !== null);
    // Open the tree from the keyboard and move into it.
    await act(async () => treeInput()!.focus());
    await key(treeInput()!, 'ArrowDown', 40);
    await waitFor(() => treeTitle('East Team') !== undefined);
    expect(treeTitle('Harbor Bistro')).toBeDefined();
    // The next arrow makes the first node (the team) active; Enter ticks it.
    await key(treeInput()!, 'ArrowDown', 40);
    await key(treeInput()!, 'Enter', 13);
    await waitFor(() => treeTitle('East Team')?.className.includes('checkbox-checked') === true);
    // A restaurant of another branch, by mouse.
    await act(async () => {
      treeTitle('Harbor Bistro')!.querySelector<HTMLElement>('.ant-select-tree-checkbox')!.click();
    });
    await settle();
    await typeInto(view.querySelector<HTMLTextAreaElement>('#messageEn')!, 'Team meeting on Monday');
    await typeInto(view.querySelector<HTMLTextAreaElement>('#messageZh')!, '周一团队会议');
    await act(async () => {
      [...view.querySelectorAll('button')].find((b) => b.textContent === 'Send')!.click();
    });
    await waitFor(() => sent.length === 1);
    expect(String(sent[0]!.get('nodeXids')).split(',').sort()).toEqual(['N10', 'N2']);
    expect(sent[0]!.get('restaurantXids')).toBe('');
    expect(sent[0]!.get('all')).toBe('false');
    // The owner is told, and the toast is up before the file's afterAll closes it.
    await waitFor(() => document.body.textContent?.includes('Sent to 3 restaurants') === true);
  });

  it('refuses to send with nothing chosen, and reads in Chinese', async () => {
    for (const [ns, res] of Object.entries(await loadLanguageResources('zh')))
      i18n.addResourceBundle('zh', ns, res, true, true);
    await i18n.changeLanguage('zh');
    const sent = serve('admin');
    const view = await mount();
    await waitFor(() => view.textContent?.includes('从餐厅树中选择') === true);
    expect(view.textContent).toContain('勾选代理或团队即选中其下所有餐厅');
    await typeInto(view.querySelector<HTMLTextAreaElement>('#messageEn')!, 'x');
    await typeInto(view.querySelector<HTMLTextAreaElement>('#messageZh')!, 'x');
    await act(async () => {
      [...view.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === '发送')!.click();
    });
    await waitFor(() => view.textContent?.includes('请先选择餐厅') === true);
    expect(sent).toHaveLength(0);
  });

  it('offers a team member no tree (they reach only their assigned restaurants)', async () => {
    serve('member');
    const view = await mount();
    await waitFor(() => view.textContent?.includes('Restaurants') === true);
    await settle(200);
    expect(treeInput()).toBeNull();
    expect(view.textContent).not.toContain('Choose from your tree');
  });
});
