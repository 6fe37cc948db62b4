import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser.ts';

/** The session token the sign-in left in the page's cookies. */
export const tokenOf = async (page: Page): Promise<string> =>
  (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';

/**
 * Links and verifies Harbor's bank again through the API and the simulated provider (submitting and
 * sending an SMS campaign need it; an earlier suite may have reset it). It stays verified afterwards,
 * as the demo has it.
 */
export async function verifiedBank(page: Page): Promise<void> {
  const api = page.context().request;
  const headers = { Authorization: await tokenOf(page) };
  await api.post(`${baseUrl()}/api/api/business/bank/reset`, { headers });
  const linked = await api.post(`${baseUrl()}/api/api/business/bank`, {
    headers,
    data: {
      holderName: 'Harbor Bistro LLC',
      accountType: 'checking',
      routingNumber: '011000015',
      accountNumber: '000123456789',
      providerCustomerId: 'cus_e2e',
    },
  });
  expect(linked.ok(), await linked.text()).toBe(true);
  expect((await api.post(`${baseUrl()}/api/api/business/bank/outbox/post`, { headers })).ok()).toBe(true);
  const outbox = (await (await api.get(`${baseUrl()}/api/api/business/bank/outbox`, { headers })).json()) as {
    items: Array<{ amount1Cents: number; amount2Cents: number }>;
  };
  const { amount1Cents: a1, amount2Cents: a2 } = outbox.items[0]!;
  const verified = await api.post(`${baseUrl()}/api/api/business/bank/verify`, {
    headers,
    data: { amount1: (a1 / 100).toFixed(2), amount2: (a2 / 100).toFixed(2) },
  });
  expect(((await verified.json()) as { outcome: string }).outcome).toBe('verified');
}
