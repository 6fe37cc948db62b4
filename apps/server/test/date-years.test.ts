import { afterAll, describe, expect, it } from 'vitest';
import { INPUT_MESSAGES } from '@ra/shared/validation/input.messages';
import { FIRST_YEAR, LAST_YEAR } from '@ra/shared/validation/year-range';
import { DEMO_EMAILS } from '../src/demo/seed.ts';
import { as, createTestContext, tokenFor } from './helper.ts';

/**
 * Every date a request names goes through the shared date type (packages/shared validation/dates.ts),
 * whose years are FIRST_YEAR..LAST_YEAR: year 0 (which PostgreSQL does not have) and year 9999 (which
 * overflows the moment a period is added to it) are a 400 with the year message, never a 500, and
 * nothing is saved. These are the routes where such a date used to reach the database.
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());
const owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
const agent = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.agent));
const yearMessage = INPUT_MESSAGES['validation.yearOutOfRange'].en;

type TCall = [
  label: string,
  caller: typeof owner,
  method: 'GET' | 'POST' | 'PUT',
  url: (day: string) => string,
  body?: (day: string) => object,
];

const calls: TCall[] = [
  [
    'work-hours settings anchor',
    owner,
    'PUT',
    () => '/api/api/work-hours/settings',
    (day) => ({ payPeriod: 'weekly', anchor: day, overtimeRules: 'federal' }),
  ],
  ['labour range', owner, 'GET', (day) => `/api/api/work-hours/labor?from=${day}&to=${day}`],
  ['closing a pay period', owner, 'POST', () => '/api/api/work-hours/periods/close', (day) => ({ start: day })],
  ['reopening a pay period', owner, 'POST', () => '/api/api/work-hours/periods/reopen', (day) => ({ start: day })],
  ['exporting a pay period', owner, 'GET', (day) => `/api/api/work-hours/periods/export?start=${day}&format=csv`],
  ['computing earnings', agent, 'POST', () => '/api/api/agent/earnings/compute', (day) => ({ periodStart: day })],
  ['approving earnings', agent, 'POST', () => '/api/api/agent/earnings/approve', (day) => ({ periodStart: day })],
  ['closing paychecks', agent, 'POST', () => '/api/api/agent/paychecks/close', (day) => ({ periodStart: day })],
  ['listing earnings', agent, 'GET', (day) => `/api/api/agent/earnings?periodStart=${day}`],
  ['exporting earnings', agent, 'GET', (day) => `/api/api/agent/earnings/export?periodStart=${day}`],
];

describe(`dates outside ${FIRST_YEAR}–${LAST_YEAR}`, () => {
  it.each(
    calls.flatMap((call) => ['0000-01-01', '9999-12-01'].map((day): [string, string, TCall] => [call[0], day, call])),
  )('%s on %s is a 400 with the year message', async (_, day, [, caller, method, url, body]) => {
    const res = await caller({ method, url: url(day), ...(body ? { payload: body(day) } : {}) });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.values((res.json() as { errors?: Record<string, string> }).errors ?? {})).toContain(yearMessage);
  });

  it('leaves the work-hours settings as they were', async () => {
    const before = (await owner({ method: 'GET', url: '/api/api/work-hours/settings' })).json();
    await owner({
      method: 'PUT',
      url: '/api/api/work-hours/settings',
      payload: { payPeriod: 'weekly', anchor: '0000-01-03', overtimeRules: 'federal' },
    });
    expect((await owner({ method: 'GET', url: '/api/api/work-hours/settings' })).json()).toEqual(before);
  });

  it('still takes the first and last supported years', async () => {
    for (const day of [`${FIRST_YEAR}-01-01`, `${LAST_YEAR}-12-16`]) {
      const res = await agent({ method: 'GET', url: `/api/api/agent/earnings?periodStart=${day}` });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
