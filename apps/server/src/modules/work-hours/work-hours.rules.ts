import { ERROR_CODES } from '@ra/shared/errors';
import { HOUR_MS } from '@ra/shared/work-hours/hours';
import type { TBreak, TClockSettings, TShiftFacts } from '@ra/shared/work-hours/timesheet';
import { WORK_HOURS_MESSAGES, type TWorkHoursMessageKey } from '@ra/shared/work-hours/work-hours.messages';
import { REASON_MAX, type TWorkHoursSettings } from '@ra/shared/work-hours/work-hours.schemas';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { AppError, FieldError, notFound } from '../../lib/errors.ts';
import type { TEmployeeRow, TRestaurantClockRow, TSettingsRow, TShiftRow } from './work-hours.repository.ts';

/**
 * What the work-hours services share (no SQL, no state): the error helpers, the restaurant context a
 * request works in, and the small conversions of a shift row.
 */

export const msg = (key: TWorkHoursMessageKey) => WORK_HOURS_MESSAGES[key].en;
export const fieldError = (field: string, key: TWorkHoursMessageKey) => new FieldError(field, msg(key));
export const conflict = (key: TWorkHoursMessageKey) => new AppError(409, ERROR_CODES.conflict, msg(key));

/** No pay period is configured: every other week from a Monday, under the federal rules. */
export const DEFAULT_SETTINGS: TSettingsRow = {
  payPeriod: 'biweekly',
  periodAnchor: '2026-01-05',
  overtimeRules: 'federal',
};
export const MAX_SHIFT_MS = 24 * HOUR_MS;
/** A sheet covers at most a month and a bit (a monthly period plus slack). */
export const MAX_SHEET_DAYS = 62;
export const signatureBase = (restaurantId: number) => `/api/api/restaurant/${restaurantId}/workhour-signature/`;
export const fullName = (e: Pick<TEmployeeRow, 'firstName' | 'lastName' | 'email'>) =>
  `${e.firstName} ${e.lastName}`.trim() || e.email;

export function toFacts(row: TShiftRow): TShiftFacts {
  return {
    id: row.id,
    userId: row.userId,
    clockInAt: row.clockInAt.getTime(),
    clockOutAt: row.clockOutAt?.getTime() ?? null,
    breaks: row.breaks as TBreak[],
    wageCents: row.wageCents,
    waitingMinutes: row.waitingMinutes,
  };
}

/** What an audit row keeps of a shift: enough to show before and after. */
export function shiftSnapshot(row: TShiftRow) {
  return {
    clockInAt: row.clockInAt.toISOString(),
    clockOutAt: row.clockOutAt?.toISOString() ?? null,
    breaks: row.breaks,
    declaredTipsCents: row.declaredTipsCents,
    waitingMinutes: row.waitingMinutes,
    wageCents: row.wageCents,
  };
}

export interface TRestContext {
  restaurantId: number;
  restaurant: TRestaurantClockRow;
  settings: TSettingsRow;
  clock: TClockSettings;
  config: Pick<
    TWorkHoursSettings,
    'enableCaptureSignature' | 'captureSignature' | 'requireSignatureForWorkHoursEdit' | 'enableClockingOutWaitingTime'
  >;
}

/** The restaurant in the path must be the caller's: another one's answers 404, never its data. */
export function restaurantOf(auth: AuthContext, restId?: number): number {
  const restaurantId = requireRestaurantId(auth);
  if (restId !== undefined && restId !== restaurantId) throw notFound();
  return restaurantId;
}

export function settingsOut(ctx: TRestContext): TWorkHoursSettings {
  return {
    payPeriod: ctx.settings.payPeriod,
    anchor: ctx.settings.periodAnchor,
    overtimeRules: ctx.settings.overtimeRules,
    workHoursSteps: ctx.clock.step,
    hourOffsetEndOfDay: ctx.clock.hourOffsetEndOfDay,
    timeZone: ctx.clock.timeZone,
    ...ctx.config,
  };
}

export function reasonOf(reason: string | undefined): string {
  const text = (reason ?? '').trim();
  if (!text) throw fieldError('reason', 'reasonRequired');
  if (text.length > REASON_MAX) throw fieldError('reason', 'reasonTooLong');
  return text;
}
