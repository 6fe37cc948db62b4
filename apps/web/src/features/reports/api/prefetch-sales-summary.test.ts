import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyPagePermissions } from '@ra/shared/permissions';
import { queryClient } from '../../../lib/query-client.ts';
import { restInfoState, useSession } from '../../../stores/session.ts';
import { stubAntdBrowserApis } from '../../../test-support/browser-stubs.ts';
import { loadedReportTabs, prefetchSalesSummary } from './prefetch-sales-summary.ts';

// the tab strip's code, held until the test lets it arrive
const tabsCode = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release: () => release() };
});
vi.mock('../components/report-tabs.tsx', async (importOriginal) => {
  await tabsCode.held;
  return importOriginal();
});

beforeAll(() => {
  stubAntdBrowserApis(); // a wide screen: no media query matches
});

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('the sales summary route’s loader on a wide screen', () => {
  it('settles only once the tab strip’s code is here too, so the report is drawn inside its tabs at once', async () => {
    useSession.setState({
      token: 'tok',
      roles: ['Owner'],
      PagePermissions: { ...emptyPagePermissions(), viewSalesReport: true },
    });
    restInfoState.fresh = true;
    let answered = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        answered = true;
        return new Response(JSON.stringify({ lastSalesDay: '2026-11-07' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    let settled = false;
    const loader = prefetchSalesSummary(
      new URL('http://x/salesReport/salesSummary?preset=custom&from=2026-11-01&to=2026-11-07'),
    ).then((moveTo) => {
      settled = true;
      return moveTo;
    });
    await vi.waitFor(() => expect(answered).toBe(true));
    await vi.waitFor(() => expect(queryClient.getQueryCache().getAll()[0]?.state.status).toBe('success'));
    // the figures are here, the tab strip's code is held: the page must not render yet
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    expect(loadedReportTabs()).toBeUndefined();

    tabsCode.release();
    expect(await loader).toBeUndefined();
    expect(loadedReportTabs()).toBeTypeOf('function');
  });
});
