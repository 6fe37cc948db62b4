import { zonedParts } from '@ra/shared/business-day/business-day';
import { effectiveHours, type TLocalMoment } from '@ra/shared/business/effective-hours';
import type { TEffectiveHours } from '@ra/shared/business/business.schemas';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { UNKNOWN_TIME_ZONE } from '../../lib/time-zone.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';

export const EFFECTIVE_HOURS_DAYS = 14;

const pad = (n: number) => String(n).padStart(2, '0');

function localMoment(at: Date, timeZone: string): TLocalMoment {
  const p = zonedParts(at, timeZone);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, minutes: p.hour * 60 + p.minute };
}

/**
 * The next 14 days as each channel will see them (POS, self-order kiosk, online ordering): weekly
 * hours, then holidays and special hours, then each channel's switch, pause and busy mode, in the
 * restaurant's own time zone. Dish hours are not merged: they are per dish and the menu's to show.
 */
export class EffectiveHoursService {
  constructor(
    private readonly restaurants: RestaurantService,
    private readonly clock: Clock,
  ) {}

  async view(auth: AuthContext): Promise<TEffectiveHours> {
    const source = await this.restaurants.hoursSource(auth);
    const timeZone = source.timeZone ?? 'America/New_York';
    const nowAt = this.clock.now();
    const now = localMoment(nowAt, timeZone);
    /** A moment still ahead, in local time; a past one means the pause or busy mode is over. */
    const ahead = (iso: string | null) => {
      if (!iso) return null;
      const at = new Date(iso);
      return at > nowAt ? localMoment(at, timeZone) : null;
    };
    const { selfOrder, orderToGo } = source.settings;
    const busyUntil = orderToGo.busy.mode === 'off' ? null : ahead(orderToGo.busy.until);
    const days = effectiveHours({
      now,
      days: EFFECTIVE_HOURS_DAYS,
      weekly: source.weekly,
      specialDays: source.specialDays,
      holidays: [],
      channels: {
        pos: { enabled: true },
        kiosk: { enabled: selfOrder.enabled, pausedUntil: ahead(selfOrder.pausedUntil) },
        online: {
          enabled: orderToGo.enabled,
          pausedUntil: orderToGo.busy.mode === 'paused' ? busyUntil : null,
          busyUntil: orderToGo.busy.mode === 'extra' ? busyUntil : null,
          extraMinutes: orderToGo.busy.extraMinutes,
        },
      },
    });
    return { from: now.date, timeZone: source.timeZone ?? UNKNOWN_TIME_ZONE, days, dishHoursIncluded: false };
  }
}
