import { describe, expect, it } from 'vitest';
import {
  json,
  mount as mountNode,
  serve as serveRoutes,
  setUpFormTests,
  waitFor as settleUntil,
  type TMounted,
} from '../../../test-support/form-harness.tsx';
import { SmsReviewsPanel } from './sms-reviews-panel.tsx';

/** The server as an agent (editable false) or platform staff (editable true) sees it. */
function serve(editable: boolean) {
  serveRoutes({
    'GET /api/customers/reviews': () => json({ rows: [] }),
    'GET /api/customers/sms/pricing': () => json({ pricePerPartMicros: 7_900, taxRateBasisPoints: 1_010, editable }),
  });
}

/** Waits for `check`, then holds it to be true. */
async function waitFor(check: () => boolean) {
  await settleUntil(check);
  expect(check()).toBe(true);
}

let mounted: TMounted | undefined;
async function mount() {
  mounted = await mountNode(<SmsReviewsPanel />);
  return mounted.container;
}

setUpFormTests(() => mounted);

const pricingCard = (view: HTMLElement) => view.querySelector<HTMLElement>('[data-testid="sms-pricing"]');
const saveButton = (view: HTMLElement) =>
  [...(pricingCard(view)?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === 'Save');

describe('SmsReviewsPanel: the SMS price', () => {
  it('shows an agent the price without a form or Save, since the server would refuse the change', async () => {
    serve(false);
    const view = await mount();
    await waitFor(() => pricingCard(view)?.textContent?.includes('$0.0079 per message part') === true);
    expect(pricingCard(view)!.textContent).toContain('tax 10.10%');
    expect(pricingCard(view)!.textContent).not.toContain('(platform)');
    expect(pricingCard(view)!.querySelector('input')).toBeNull();
    expect(saveButton(view)).toBeUndefined();
  });

  it('gives platform staff the price form with Save', async () => {
    serve(true);
    const view = await mount();
    await waitFor(() => saveButton(view) !== undefined);
    expect(pricingCard(view)!.textContent).toContain('SMS pricing (platform)');
    expect(pricingCard(view)!.querySelector('input[aria-label="Price per part"]')).not.toBeNull();
  });
});
