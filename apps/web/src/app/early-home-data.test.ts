import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TRestInfoResponse } from '@ra/shared/auth/auth.schemas';
import { emptyPagePermissions } from '@ra/shared/permissions';
import { API_BASE, get } from '../lib/request.ts';
import { useSession } from '../stores/session.ts';
import { startHomeData } from './early-home-data.ts';

/** Records the paths asked for, and answers each with an empty JSON object. */
function serve(): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      // the client's base (API_BASE) before the path
      asked.push(
        new URL(String(input instanceof Request ? input.url : input), 'http://x').pathname.slice(API_BASE.length),
      );
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return asked;
}

/** The restaurant info's call, held until the test answers it. */
function heldRestInfo(viewSalesReport: boolean) {
  let answer: () => void = () => undefined;
  const info = new Promise<TRestInfoResponse>((resolve) => {
    answer = () =>
      resolve({ PagePermissions: { ...emptyPagePermissions(), viewSalesReport } } as unknown as TRestInfoResponse);
  });
  return { info, answer: () => answer() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

afterEach(async () => {
  // the answer asked for ahead is taken, so the next test starts without one
  await get('/api/dashboard/today').catch(() => undefined);
  await get('/api/getUserInfo').catch(() => undefined);
  vi.unstubAllGlobals();
  useSession.setState({ token: '', roles: [], PagePermissions: emptyPagePermissions() });
});

describe('the home page’s figures on a signed-in page load', () => {
  it('are asked for at once on a reload whose saved session may see sales, before the restaurant info answers', async () => {
    useSession.setState({
      token: 'tok',
      roles: ['Owner'],
      PagePermissions: { ...emptyPagePermissions(), viewSalesReport: true },
    });
    const asked = serve();
    const restInfo = heldRestInfo(true);
    startHomeData('/dashboard', restInfo.info);
    await settle();
    expect(asked).toEqual(['/api/getUserInfo', '/api/dashboard/today']);
    // the page's own calls take those answers: one request each in all
    await get('/api/dashboard/today');
    await get('/api/getUserInfo');
    restInfo.answer();
    await settle();
    expect(asked).toEqual(['/api/getUserInfo', '/api/dashboard/today']);
  });

  it('wait for the restaurant info in a new tab, with no saved session (the user’s name does not)', async () => {
    useSession.setState({ token: 'tok' });
    const asked = serve();
    const restInfo = heldRestInfo(true);
    startHomeData('/', restInfo.info);
    await settle();
    // the user's name depends on the token only: asked for at once
    expect(asked).toEqual(['/api/getUserInfo']);
    restInfo.answer();
    await settle();
    expect(asked).toEqual(['/api/getUserInfo', '/api/dashboard/today']);
  });

  it('are not asked for by a user who may not see sales, nor on another page (nor the user’s name there)', async () => {
    useSession.setState({ token: 'tok', roles: ['Staff'], PagePermissions: emptyPagePermissions() });
    const asked = serve();
    const staff = heldRestInfo(false);
    startHomeData('/dashboard', staff.info);
    staff.answer();
    await settle();
    expect(asked).toEqual(['/api/getUserInfo']);
    asked.length = 0;
    await get('/api/getUserInfo');
    useSession.setState({ roles: ['Owner'], PagePermissions: { ...emptyPagePermissions(), viewSalesReport: true } });
    const elsewhere = heldRestInfo(true);
    startHomeData('/salesReport/salesSummary', elsewhere.info);
    elsewhere.answer();
    startHomeData('/dashboard', undefined); // signed out: no restaurant info asked for
    await settle();
    expect(asked).toEqual([]);
  });
});
