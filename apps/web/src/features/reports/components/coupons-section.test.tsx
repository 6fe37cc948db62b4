import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyPagePermissions } from '@ra/shared/permissions';
import type { TCouponPerformance } from '@ra/shared/coupons/coupons.schemas';
import { stubAntdBrowserApis } from '../../../test-support/browser-stubs.ts';
import { initI18n } from '../../../lib/i18n.ts';
import { useSession } from '../../../stores/session.ts';
import type { TReportRange } from '../report-range.ts';
import { CouponsSection, couponTotals } from './coupons-section.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const range: TReportRange = { preset: 'custom', from: '2026-05-04', to: '2026-05-10' };

const week: TCouponPerformance = {
  from: '2026-05-04',
  to: '2026-05-10',
  rows: [
    { couponId: 7, name: 'SPRING10', uses: 4, discountCents: 2_000, salesCents: 20_000, netCents: 18_000 },
    { couponId: 9, name: 'Buy one get one', uses: 2, discountCents: 1_500, salesCents: 6_000, netCents: 4_500 },
  ],
  // the comparison period of a custom week is the week before (the server's answer)
  previousRange: { from: '2026-04-27', to: '2026-05-03' },
  previous: [{ couponId: 7, name: 'SPRING10', uses: 1, discountCents: 500, salesCents: 5_000, netCents: 4_500 }],
  sameTime: null,
};
/** The same week asked on its last day at 19:30: the week before counts up to 19:30 on its Sunday. */
const weekSoFar: TCouponPerformance = {
  ...week,
  sameTime: { asOf: '2026-05-10T23:30:00.000Z', previousUntil: '2026-05-03T23:30:00.000Z' },
};

let container: HTMLDivElement;
let root: Root;
let fetchMock: ReturnType<typeof vi.fn>;
let answer: TCouponPerformance = week;

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

async function render(editCoupon: boolean) {
  useSession.setState({ PagePermissions: { ...emptyPagePermissions(), viewSalesReport: true, editCoupon } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <CouponsSection range={range} />
      </QueryClientProvider>,
    ),
  );
  for (let i = 0; i < 50 && editCoupon && !container.querySelector('.ant-table-row'); i++)
    await act(async () => new Promise((r) => setTimeout(r, 10)));
}

beforeAll(async () => {
  await initI18n('en');
  stubAntdBrowserApis();
});

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  fetchMock = vi.fn(async () => json(answer));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe('coupons in the sales report', () => {
  it('shows each coupon’s uses, discount, sales and net for the report’s days, from the coupon endpoint', async () => {
    await render(true);
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    // one request: the server adds the comparison period the report's preset names
    expect(urls).toEqual(['/api/api/coupon/performance?from=2026-05-04&to=2026-05-10&preset=custom']);
    const section = container.querySelector('[data-testid="coupon-performance"]')!;
    expect(section.getAttribute('aria-label')).toBe('Coupons');
    const rows = [...section.querySelectorAll('.ant-table-row')].map((r) =>
      [...r.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['SPRING10', '4', '$20.00', '$200.00', '$180.00'],
      ['Buy one get one', '2', '$15.00', '$60.00', '$45.00'],
    ]);
    const totals = [...section.querySelectorAll('.ra-report-table__totals td')].map((td) => td.textContent);
    expect(totals).toEqual(['Total', '6', '$35.00', '$260.00', '$225.00']);
    const net = section.querySelector('[data-figure="net"]')!.textContent!;
    expect(net).toContain('Net after discount');
    expect(net).toContain('$225.00');
    expect(section.querySelector('[data-figure="uses"] [data-trend="up"]')).not.toBeNull();
    // a period that is over is compared whole, and says nothing about the time
    expect(section.querySelector('[data-testid="same-time-note"]')).toBeNull();
  });

  it('says when the comparison is cut at the same time, as the other sections do', async () => {
    answer = weekSoFar;
    try {
      await render(true);
      const note = container.querySelector('[data-testid="coupon-performance"] [data-testid="same-time-note"]');
      expect(note?.textContent).toContain('May 3');
    } finally {
      answer = week;
    }
  });

  it('exports the coupons table as CSV, totals last, without asking the server again', async () => {
    const saved: Array<{ blob: Blob; name: string }> = [];
    let lastBlob: Blob | null = null;
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => {
      lastBlob = blob;
      return 'blob:coupons';
    };
    URL.revokeObjectURL = () => undefined;
    const clickSpy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (lastBlob) saved.push({ blob: lastBlob, name: this.download });
    });
    const text = (blob: Blob) =>
      new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blob);
      });
    try {
      await render(true);
      const requests = fetchMock.mock.calls.length;
      const button = container.querySelector<HTMLButtonElement>('button[aria-label="Export By coupon as CSV"]');
      expect(button, container.innerHTML.slice(0, 200)).not.toBeNull();
      await act(async () => button!.click());
      for (let i = 0; i < 50 && saved.length === 0; i++) await act(async () => new Promise((r) => setTimeout(r, 10)));
      expect(saved).toHaveLength(1);
      const csv = (await text(saved[0]!.blob)).replace(/^\uFEFF/, '');
      expect(csv.trim().split(/\r?\n/)).toEqual([
        'Coupon,Uses,Discount given,Sales of those orders,Net after discount',
        'SPRING10,4,20.00,200.00,180.00',
        'Buy one get one,2,15.00,60.00,45.00',
        'Total,6,35.00,260.00,225.00',
      ]);
      expect(fetchMock.mock.calls.length).toBe(requests);
      expect(saved[0]!.name).toMatch(/\.csv$/);
    } finally {
      clickSpy.mockRestore();
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    }
  });

  it('is not there, and asks nothing, for someone who may not see coupon figures (editCoupon)', async () => {
    await render(false);
    expect(container.querySelector('[data-testid="coupon-performance"]')).toBeNull();
    expect(container.textContent).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds up every coupon', () => {
    expect(couponTotals(week.rows)).toEqual({ uses: 6, discountCents: 3_500, salesCents: 26_000, netCents: 22_500 });
    expect(couponTotals([])).toEqual({ uses: 0, discountCents: 0, salesCents: 0, netCents: 0 });
  });
});
