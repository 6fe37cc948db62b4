import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../stores/session.ts';
import { useReportRange } from './use-report-range.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let api: ReturnType<typeof useReportRange>;
function Probe() {
  api = useReportRange();
  return <output>{`${api.range.preset} ${api.range.from} ${api.range.to}`}</output>;
}

let container: HTMLDivElement;
let root: Root;
let router: ReturnType<typeof createMemoryRouter>;

async function open(url: string) {
  router = createMemoryRouter([{ path: '/salesReport/salesSummary', element: <Probe /> }], { initialEntries: [url] });
  await act(async () => root.render(<RouterProvider router={router} />));
}

beforeEach(() => {
  // 2026-03-11 15:00 in Chicago; the restaurant's day ends at 04:00
  vi.useFakeTimers({ now: Date.UTC(2026, 2, 11, 20), toFake: ['Date'] });
  useSession.setState({
    locales: { timeZone: 'America/Chicago', GMT: '', locales: 'en-US', timestamp: 0 } as never,
    hourOffsetEndOfDay: 4,
  });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.useRealTimers();
});

describe('useReportRange (picker state <-> URL)', () => {
  it("opens on the restaurant's business day today when the URL names no range", async () => {
    await open('/salesReport/salesSummary');
    expect(container.textContent).toBe('today 2026-03-11 2026-03-11');
  });

  it('writes a picked preset into the query and a reload of that URL shows the same days', async () => {
    await open('/salesReport/salesSummary?granularity=day');
    await act(async () => api.choosePreset('lastWeek'));
    const { search } = router.state.location;
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({
      granularity: 'day',
      preset: 'lastWeek',
      from: '2026-03-02',
      to: '2026-03-08',
    });
    await act(async () => root.unmount());
    root = createRoot(container);
    await open(`/salesReport/salesSummary${search}`);
    expect(container.textContent).toBe('lastWeek 2026-03-02 2026-03-08');
  });

  it('makes picked days a custom range', async () => {
    await open('/salesReport/salesSummary?preset=today');
    await act(async () => api.chooseDays({ from: '2026-02-10', to: '2026-02-20' }));
    expect(container.textContent).toBe('custom 2026-02-10 2026-02-20');
    expect(router.state.location.search).toBe('?preset=custom&from=2026-02-10&to=2026-02-20');
  });

  it('keeps the exact days of a shared link even when its preset would name other days today', async () => {
    await open('/salesReport/salesSummary?preset=thisWeek&from=2026-02-02&to=2026-02-04');
    expect(container.textContent).toBe('thisWeek 2026-02-02 2026-02-04');
  });

  it('leaves a preset-only link relative: "last week" stays last week when opened later', async () => {
    await open('/salesReport/salesSummary?preset=yesterday');
    expect(container.textContent).toBe('yesterday 2026-03-10 2026-03-10');
    expect(router.state.location.search).toBe('?preset=yesterday');
  });
});
