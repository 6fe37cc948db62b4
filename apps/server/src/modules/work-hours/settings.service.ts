import { businessDayOf, isValidTimeZone } from '@ra/shared/business-day/business-day';
import { CONFIG_DEFAULTS } from '@ra/shared/restaurant/config-defaults';
import type { TWorkHoursSettings, TWorkHoursSettingsUpdate } from '@ra/shared/work-hours/work-hours.schemas';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { TSettingsRow, WorkHoursRepository } from './work-hours.repository.ts';
import { DEFAULT_SETTINGS, restaurantOf, settingsOut, type TRestContext } from './work-hours.rules.ts';

/**
 * The work-hours settings (pay period, overtime rules, the restaurant's clock and config flags), and the
 * context every other work-hours service reads them through.
 */
export class WorkHoursSettingsService {
  constructor(
    private readonly repo: WorkHoursRepository,
    private readonly clock: Clock,
  ) {}

  /** The restaurant's clock, settings and config flags (`repo`: a transaction's, when inside one). */
  async context(restaurantId: number, repo: WorkHoursRepository = this.repo): Promise<TRestContext> {
    const [restaurant, settings] = await Promise.all([repo.restaurant(restaurantId), repo.settings(restaurantId)]);
    if (!restaurant) throw notFound();
    const timeZone = restaurant.timeZone && isValidTimeZone(restaurant.timeZone) ? restaurant.timeZone : 'UTC';
    const c = restaurant.config;
    return {
      restaurantId,
      restaurant,
      settings: settings ?? DEFAULT_SETTINGS,
      clock: {
        timeZone,
        hourOffsetEndOfDay: restaurant.hourOffsetEndOfDay,
        step: c.workHoursSteps ?? CONFIG_DEFAULTS.workHoursSteps,
      },
      config: {
        enableCaptureSignature: c.enableCaptureSignature ?? CONFIG_DEFAULTS.enableCaptureSignature,
        captureSignature: c.captureSignature ?? CONFIG_DEFAULTS.captureSignature,
        requireSignatureForWorkHoursEdit:
          c.requireSignatureForWorkHoursEdit ?? CONFIG_DEFAULTS.requireSignatureForWorkHoursEdit,
        enableClockingOutWaitingTime: c.enableClockingOutWaitingTime ?? CONFIG_DEFAULTS.enableClockingOutWaitingTime,
      },
    };
  }

  /** The restaurant's business day now. */
  today(ctx: TRestContext): string {
    return businessDayOf(this.clock.now(), ctx.clock.timeZone, ctx.clock.hourOffsetEndOfDay);
  }

  async settings(auth: AuthContext): Promise<TWorkHoursSettings> {
    return settingsOut(await this.context(restaurantOf(auth)));
  }

  async updateSettings(auth: AuthContext, input: TWorkHoursSettingsUpdate, ip: string): Promise<TWorkHoursSettings> {
    const restaurantId = restaurantOf(auth);
    const before = await this.context(restaurantId);
    const values: TSettingsRow = {
      payPeriod: input.payPeriod,
      periodAnchor: input.anchor,
      overtimeRules: input.overtimeRules,
    };
    await this.repo.transaction(async (repo, audit) => {
      await repo.saveSettings(restaurantId, values, this.clock.now());
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'workHours.settings.update',
        targetType: 'restaurant',
        targetId: String(restaurantId),
        details: { before: before.settings, after: values },
        ip,
        at: this.clock.now(),
      });
    });
    return settingsOut(await this.context(restaurantId));
  }
}
