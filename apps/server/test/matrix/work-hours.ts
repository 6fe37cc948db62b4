import { and, eq } from 'drizzle-orm';
import { users } from '../../src/db/schema/users.ts';
import { workShifts } from '../../src/db/schema/work-hours.ts';
import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for the work-hours domain's routes (see ../authorization-matrix.test.ts). */
export async function workHoursBuilders(env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  const [sofia] = await env.db
    .select({ id: users.id, xid: users.xid })
    .from(users)
    .where(and(eq(users.email, 'staff@demo.test'), eq(users.restaurantId, env.home.id)));
  if (!sofia) throw new Error('matrix: the demo staff account is missing');
  const [shift] = await env.db
    .select({ id: workShifts.id, clockInAt: workShifts.clockInAt, clockOutAt: workShifts.clockOutAt })
    .from(workShifts)
    .where(and(eq(workShifts.userId, sofia.id), eq(workShifts.restaurantId, env.home.id)))
    .limit(1);
  if (!shift?.clockOutAt) throw new Error('matrix: the demo shifts are missing');
  // A name found only in Harbor's sheet: another restaurant's owner must never see it.
  env.homeMarkers.push('Sofia Ramirez');
  const clockIn = shift.clockInAt.getTime();
  const clockOut = shift.clockOutAt.getTime();
  const png =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
  const clock = (which: 'in' | 'out', method: 'POST' | 'PUT'): TBuilder => ({
    // Another restaurant's owner asks with Harbor's ids, which must answer 404.
    build: () => ({
      url: `/api/api/restaurant/${env.home.id}/user/${sofia.xid}/clock/${which}`,
      payload:
        method === 'PUT'
          ? { id: shift.id, timeReportedAs: which === 'in' ? clockIn : clockOut, reason: 'matrix' }
          : { timeReportedAs: clockOut, reason: 'matrix' },
    }),
  });
  return {
    'GET /api/api/checkWorkHourPerm': { build: () => ({ url: '/api/api/checkWorkHourPerm' }) },
    'GET /api/api/restaurant/:restId/work-duration': {
      build: () => ({
        url: `/api/api/restaurant/${env.home.id}/work-duration`,
        query: { from: String(clockIn - 86_400_000), to: String(clockIn + 86_400_000) },
      }),
    },
    'POST /api/api/restaurant/:restId/user/:xid/clock/in': clock('in', 'POST'),
    'PUT /api/api/restaurant/:restId/user/:xid/clock/in': clock('in', 'PUT'),
    'POST /api/api/restaurant/:restId/user/:xid/clock/out': clock('out', 'POST'),
    'PUT /api/api/restaurant/:restId/user/:xid/clock/out': clock('out', 'PUT'),
    // Harbor's shift id: another restaurant's owner gets 404 (the shift is not theirs).
    'POST /api/api/restaurant/user/delete': {
      build: () => ({
        url: '/api/api/restaurant/user/delete',
        payload: { inId: shift.id, outId: shift.id + 1, reason: 'matrix' },
      }),
      crossTenant: [404, 400],
    },
    'POST /api/api/restaurant/:restId/workhour-signature': {
      build: () => ({ url: `/api/api/restaurant/${env.home.id}/workhour-signature`, payload: { imageDataURL: png } }),
    },
    'GET /api/api/restaurant/:restId/workhour-signature/:name': {
      build: () => ({ url: `/api/api/restaurant/${env.home.id}/workhour-signature/${'a'.repeat(32)}.png` }),
    },
    'GET /api/api/work-hours/settings': { build: () => ({ url: '/api/api/work-hours/settings' }) },
    'PUT /api/api/work-hours/settings': {
      build: () => ({
        url: '/api/api/work-hours/settings',
        payload: { payPeriod: 'biweekly', anchor: '2026-03-09', overtimeRules: 'california' },
      }),
    },
    'GET /api/api/work-hours/wages': { build: () => ({ url: '/api/api/work-hours/wages' }) },
    'PUT /api/api/work-hours/wages': {
      build: () => ({ url: '/api/api/work-hours/wages', payload: { userId: sofia.id, hourlyCents: 1700 } }),
      crossTenant: [404],
    },
    'GET /api/api/work-hours/labor': {
      build: () => ({ url: '/api/api/work-hours/labor', query: { from: '2026-02-23', to: '2026-03-08' } }),
    },
    'POST /api/api/work-hours/periods/close': {
      build: () => ({ url: '/api/api/work-hours/periods/close', payload: { start: '2099-01-05' } }),
    },
    'POST /api/api/work-hours/periods/reopen': {
      build: () => ({ url: '/api/api/work-hours/periods/reopen', payload: { start: '2099-01-05', reason: 'matrix' } }),
    },
    'GET /api/api/work-hours/periods/export': {
      build: () => ({ url: '/api/api/work-hours/periods/export', query: { start: '2026-02-23' } }),
    },
    'POST /api/api/work-hours/pos/pin-in': {
      build: () => ({ url: '/api/api/work-hours/pos/pin-in', payload: { pin: '7314' } }),
    },
    'POST /api/api/work-hours/pos/clock': {
      build: () => ({ url: '/api/api/work-hours/pos/clock', payload: { pin: '9999', action: 'in' } }),
    },
  };
}
