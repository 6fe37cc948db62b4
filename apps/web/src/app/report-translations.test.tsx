// runs in a fresh worker: which translations the first page loads depends on what no page has loaded yet
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyPagePermissions } from '@ra/shared/permissions';
import { FIRST_NAMESPACES, FRAME_NAMESPACES, REPORT_NAMESPACES } from '../lib/first-namespaces.ts';
import { i18n, initI18n } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { restInfoState, useSession } from '../stores/session.ts';
import { stubAntdBrowserApis } from '../test-support/browser-stubs.ts';
import { namespacesNamed, WEB_SRC } from '../test-support/namespaces-named.ts';
import { harborRestInfo } from '../test-support/rest-info.ts';
import { salesFigures, weekSummary } from '../test-support/sales-summary.ts';
import { routerOptions, routes } from './router.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The sales summary loads the first translation namespaces, the frame's and its own (REPORT_NAMESPACES),
 * not the twenty-odd others (issue 21: about 24 KB less on the wire). A key of another namespace on the
 * page would show as its raw name there, so these tests fail on any.
 */

const SRC = WEB_SRC;
/** The summary page and what it opens: its frame, range bar, tabs, figures and table, and their lazy parts. */
const SUMMARY_SOURCES = [
  'app/routes/sales-report/sales-report-page.tsx',
  'features/reports/components/report-layout.tsx',
  'features/reports/components/report-tabs.tsx',
  'features/reports/components/date-range-bar.tsx',
  'features/reports/components/date-range-days.tsx',
  'features/reports/components/query-state.tsx',
  'features/reports/components/sales-summary-section.tsx',
  'features/reports/components/figure-cards.tsx',
  'features/reports/components/change-tag.tsx',
  'features/reports/components/gift-card-sales-line.tsx',
  'features/reports/components/same-time-note.tsx',
  'features/reports/components/report-table.tsx',
  'features/reports/hooks/use-report-range.ts',
  'features/reports/report-format.ts',
  'features/reports/report-columns.ts',
  'features/reports/report-sections.ts',
  'components/last-sales-notice.tsx',
  'components/date-input.tsx',
];
const summary = weekSummary([{ channel: 'dineIn', current: salesFigures(765_432), previous: salesFigures(700_000) }]);

describe("the sales summary's translations (REPORT_NAMESPACES)", () => {
  it('the summary page names no namespace beyond the first ones, the frame’s and its own', () => {
    const allowed = [...FIRST_NAMESPACES, ...FRAME_NAMESPACES, ...REPORT_NAMESPACES];
    const outside: string[] = [];
    for (const path of SUMMARY_SOURCES) {
      const file = join(SRC, path);
      for (const ns of namespacesNamed(readFileSync(file, 'utf8')))
        if (!allowed.includes(ns)) outside.push(`${relative(SRC, file)}: ${ns}`);
    }
    expect(outside).toEqual([]);
    // the list holds what the page draws: its section and the words of its own namespaces
    expect(namespacesNamed(readFileSync(join(SRC, SUMMARY_SOURCES[6]!), 'utf8')).sort()).toEqual([
      'report-mail',
      'reports',
    ]);
  });

  describe('opened in the browser', { timeout: 60_000 }, () => {
    let container: HTMLDivElement;
    let root: Root;
    const missing: string[] = [];
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

    const restInfo = harborRestInfo({
      roles: ['Owner'],
      PagePermissions: { ...emptyPagePermissions(), viewSalesReport: true },
    });

    beforeAll(async () => {
      // as main.tsx starts the app: the first namespaces only
      await initI18n('en', 'first');
      i18n.options.saveMissing = true;
      i18n.options.missingKeyHandler = (_lngs, ns, key) => missing.push(`${ns}:${key}`);
      stubAntdBrowserApis();
      restInfoState.fresh = false;
      useSession.setState({ token: 'tok', roles: [], PagePermissions: emptyPagePermissions() });
      container = document.createElement('div');
      document.body.append(container);
      root = createRoot(container);
    });

    afterAll(async () => {
      await act(async () => root.unmount());
      container.remove();
      vi.unstubAllGlobals();
      queryClient.clear();
    });

    it('draws the summary with every word translated, loading no other namespace, and another section with all', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL) => {
          const url = String(input);
          if (url.endsWith('/api/getrest')) return json(restInfo);
          if (url.includes('/api/reports/sales-summary')) return json(summary);
          if (url.endsWith('/api/notifications/inbox')) return json({ unread: 0, items: [] });
          if (url.endsWith('/api/getUserInfo'))
            return json({ xid: 'u', name: 'Olivia Owner', email: 'owner@demo.test', avatar: '', isLeaf: true });
          return json({});
        }),
      );
      const router = createMemoryRouter(routes, {
        ...routerOptions,
        initialEntries: ['/salesReport/salesSummary?preset=custom&from=2026-11-01&to=2026-11-07'],
      });
      await act(async () => root.render(<RouterProvider router={router} />));
      await vi.waitFor(() => expect(container.textContent).toContain('$7,654.32'), { timeout: 30_000 });
      // the by-channel table, drawn after the figures
      await vi.waitFor(() => expect(container.querySelector('.ra-report-table')).not.toBeNull(), { timeout: 30_000 });
      expect(missing).toEqual([]);
      for (const ns of [...FRAME_NAMESPACES, ...REPORT_NAMESPACES])
        expect(i18n.hasResourceBundle('en', ns), ns).toBe(true);
      expect(i18n.hasResourceBundle('en', 'menu')).toBe(false);
      expect(i18n.hasResourceBundle('en', 'insight')).toBe(false);

      // another section of the report brings every other namespace with it
      await act(async () => router.navigate('/salesReport/salesTrends?preset=custom&from=2026-11-01&to=2026-11-07'));
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/salesReport/salesTrends'), {
        timeout: 30_000,
      });
      await vi.waitFor(() => expect(i18n.hasResourceBundle('en', 'menu')).toBe(true), { timeout: 30_000 });
      expect(missing).toEqual([]);
    });
  });
});
