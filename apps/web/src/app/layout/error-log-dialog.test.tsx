import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useErrorLog } from '../../stores/error-log.ts';
import layoutEn from '../../locales/en/layout.json';
import layoutZh from '../../locales/zh/layout.json';
import ErrorLogDialog from './error-log-dialog.tsx';

let root: Root;
let container: HTMLDivElement;

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { layout: layoutEn }, zh: { layout: layoutZh } },
    keySeparator: false,
    interpolation: { escapeValue: false },
  });
  Object.assign(window, {
    matchMedia: (query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
    }),
    ResizeObserver: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });
});

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  // noon UTC: the same calendar day in every time zone the tests may run in
  useErrorLog.setState({
    logs: [
      {
        error: 'TypeError: boom',
        component: 'Page',
        info: 'at Page',
        url: '/dashboard',
        time: Date.UTC(2026, 2, 14, 12),
      },
    ],
  });
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  // late timers and frames of the unmount run; the page is never wiped (see app-layout.test.tsx)
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});

const timeCell = () =>
  document.querySelector('.ant-modal .ant-table-tbody tr.ant-table-row td:last-child')?.textContent;

describe('ErrorLogDialog', () => {
  it('shows when an error happened in the English date conventions', async () => {
    await act(async () => i18next.changeLanguage('en'));
    await act(async () => root.render(<ErrorLogDialog open onClose={() => {}} />));
    expect(timeCell()).toMatch(/^Mar 14, 2026, \d{1,2}:\d{2} (AM|PM)$/);
  });

  it('shows when an error happened in the Chinese date conventions', async () => {
    await act(async () => i18next.changeLanguage('zh'));
    await act(async () => root.render(<ErrorLogDialog open onClose={() => {}} />));
    expect(timeCell()).toMatch(/^2026年3月14日 \d{1,2}:\d{2}$/);
  });
});
