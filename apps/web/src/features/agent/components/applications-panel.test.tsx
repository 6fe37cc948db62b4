import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TApplication } from '@ra/shared/agent/agent.schemas';
import { i18n, initI18n, loadLanguageResources } from '../../../lib/i18n.ts';
import { contrastRatio } from '../../../components/layout/contrast.ts';
import { stubAntdBrowserApis } from '../../../test-support/browser-stubs.ts';
import { ApplicationsPanel } from './applications-panel.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * Application review (SPEC 4 "rejection needs a reason"): the reject dialog says up front that a reason
 * and a note are both required, the first failed try names both, and a failed check is no uncaught
 * error. The status reads as a coloured tag, not a greyed-out one.
 */
const PENDING: TApplication = {
  id: 5,
  kind: 'restaurant',
  status: 'pending',
  businessName: 'Lotus Garden',
  firstName: 'Mei',
  lastName: 'Lin',
  email: 'mei@lotus.test',
  phone: '',
  city: 'Boston',
  state: 'MA',
  plan: null,
  message: '',
  submittedAt: '2026-03-01T15:00:00.000Z',
  reviewedAt: null,
  reviewer: null,
  rejectReason: null,
  rejectNote: null,
  created: null,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serve() {
  const rejected: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace(/^\/api/, '').split('?')[0];
      const key = `${init?.method ?? 'GET'} ${path}`;
      if (key === 'GET /api/agent/applications') return json({ items: [PENDING], total: 1 });
      if (key === 'POST /api/agent/applications/5/reject') {
        rejected.push(JSON.parse(String(init?.body)));
        return json({ ok: true, message: 'Application rejected' });
      }
      return json({ code: 40400, message: 'Not found' }, 404);
    }),
  );
  return rejected;
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

let cleanup: (() => Promise<void>) | null = null;
async function mount() {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <ApplicationsPanel />
      </QueryClientProvider>,
    ),
  );
  cleanup = async () => {
    await act(async () => root.unmount());
    container.remove();
  };
  return container;
}

const uncaught: unknown[] = [];
const onUnhandled = (reason: unknown) => uncaught.push(reason);

beforeAll(async () => {
  stubAntdBrowserApis();
  await initI18n('en');
});
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
  process.off('unhandledRejection', onUnhandled);
  uncaught.length = 0;
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  await i18n.changeLanguage('en');
});

const dialog = () => document.querySelector<HTMLElement>('.ant-modal');
// antd spaces out a two-character Chinese label ('拒 绝')
const button = (root: ParentNode, text: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.replace(/\s/g, '') === text);
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

describe('ApplicationsPanel', { timeout: 30_000 }, () => {
  it('shows the status as a readable coloured tag', async () => {
    serve();
    const view = await mount();
    await waitFor(() => view.querySelector('[data-tone]') !== null);
    const tag = view.querySelector<HTMLElement>('[data-tone]')!;
    expect(tag.textContent).toBe('Pending');
    expect(tag.dataset.tone).toBe('info');
    expect(
      contrastRatio(tag.style.color && toHex(tag.style.color), toHex(tag.style.background)),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it('marks reason and note as required up front and names both on the first failed try, with no uncaught error', async () => {
    process.on('unhandledRejection', onUnhandled);
    const rejected = serve();
    const view = await mount();
    await waitFor(() => button(view, 'Reject') !== undefined);
    await act(async () => button(view, 'Reject')!.click());
    await waitFor(() => dialog() !== null);
    // said before any try: both fields carry the required mark and the dialog says what it needs
    expect(dialog()!.querySelectorAll('.ant-form-item-required')).toHaveLength(2);
    expect(dialog()!.textContent).toContain('A reason and a note to the applicant are both required.');

    await act(async () => button(dialog()!, 'Reject')!.click());
    await waitFor(() => errors().length === 2);
    expect(errors()).toEqual(['Please select the rejection reason', 'Please add a note for the applicant']);
    await settle(100);
    expect(uncaught).toEqual([]);
    expect(rejected).toEqual([]);
  });

  it('says the same in Chinese', async () => {
    for (const [ns, res] of Object.entries(await loadLanguageResources('zh')))
      i18n.addResourceBundle('zh', ns, res, true, true);
    await i18n.changeLanguage('zh');
    localStorage.setItem('language', 'zh');
    serve();
    const view = await mount();
    await waitFor(() => button(view, '拒绝') !== undefined);
    await act(async () => button(view, '拒绝')!.click());
    await waitFor(() => dialog() !== null);
    expect(dialog()!.textContent).toContain('拒绝原因和给申请人的备注均为必填。');
    await act(async () => button(dialog()!, '拒绝')!.click());
    await waitFor(() => errors().length === 2);
    expect(errors()).toEqual(['请选择拒绝原因', '请为申请人填写备注']);
    localStorage.removeItem('language');
  });
});

/** jsdom gives inline colours back as rgb(r, g, b). */
function toHex(rgb: string): string {
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
  return '#' + [r, g, b].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('');
}
