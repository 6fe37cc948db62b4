import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDUCED_MOTION_QUERY } from '../../../lib/media-query.ts';

// The chart library draws on a canvas jsdom does not have: the component is checked by the option it
// hands the chart.
const options: Array<Record<string, unknown>> = [];
vi.mock('echarts-for-react/esm/core', () => ({
  default: ({ option }: { option: Record<string, unknown> }) => {
    options.push(option);
    return null;
  },
}));

/** matchMedia answering `reduced` for the reduced-motion query, false for any other. */
function stubMotion(reduced: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === REDUCED_MOTION_QUERY && reduced,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  options.length = 0;
  vi.unstubAllGlobals();
});

async function drawnOptions(): Promise<Record<string, unknown>> {
  const { default: TrendChart } = await import('./trend-chart.tsx');
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root!.render(
      <TrendChart
        points={[{ key: '2026-03-13', label: 'Mar 13', netSalesCents: 120_00, orders: 3, guests: 5 }]}
        previousPoints={null}
        labels={{ netSales: 'Net sales', previousNetSales: 'Previous net sales', orders: 'Orders' }}
        primaryColor="#1677ff"
      />,
    ),
  );
  return options.at(-1)!;
}

describe('a sales chart and the system’s motion setting', () => {
  it('draws without its animation for a person who asked for less motion', async () => {
    stubMotion(true);
    expect((await drawnOptions()).animation).toBe(false);
  });

  it('animates otherwise', async () => {
    stubMotion(false);
    expect((await drawnOptions()).animation).toBe(true);
  });
});
