import { zonedParts } from '@ra/shared/business-day/business-day';
import { effectiveHours, type TDishGroupInput, type TLocalMoment } from '@ra/shared/business/effective-hours';
import type { TEffectiveHours } from '@ra/shared/business/business.schemas';
import { DEFAULT_PLATFORM_HOURS, DELIVERY_PLATFORMS, PLATFORM_RULES } from '@ra/shared/delivery/delivery.schemas';
import { parseDishHours } from '@ra/shared/menu/dish-hours';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { UNKNOWN_TIME_ZONE } from '../../lib/time-zone.ts';
import type { TModuleDeps } from '../module-deps.ts';
import type { TBusinessPorts } from './business.ports.ts';

export const EFFECTIVE_HOURS_DAYS = 14;

const pad = (n: number) => String(n).padStart(2, '0');

function localMoment(at: Date, timeZone: string): TLocalMoment {
  const p = zonedParts(at, timeZone);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, minutes: p.hour * 60 + p.minute };
}

/**
 * The next 14 days as each channel will see them (POS, self-order kiosk, online ordering): weekly
 * hours, then holidays and special hours, then each channel's switch, pause and busy mode, in the
 * restaurant's own time zone; with the menu's dish hours (dishes grouped by their hours, within the
 * store's) and each connected delivery platform's hours and pause. The menu and the delivery
 * connections are only read here, through the ports app.ts gives the module (business.module.ts).
 */
export class EffectiveHoursService {
  constructor(
    private readonly restaurants: Pick<TModuleDeps['restaurants'], 'hoursSource'>,
    private readonly clock: Clock,
    private readonly ports: TBusinessPorts,
  ) {}

  /** Dishes with dish hours, grouped by the same hours text, in menu order. */
  private async dishGroups(restaurantId: number): Promise<TDishGroupInput[]> {
    const items = await this.ports.menuItems(restaurantId);
    const groups = new Map<string, TDishGroupInput>();
    for (const item of items) {
      if (!item.dishHours) continue;
      const ranges = parseDishHours(item.dishHours);
      if (!ranges || ranges.length === 0) continue;
      const group = groups.get(item.dishHours) ?? { hours: item.dishHours, ranges, items: [] };
      group.items.push(item.name);
      groups.set(item.dishHours, group);
    }
    return [...groups.values()];
  }

  async view(auth: AuthContext): Promise<TEffectiveHours> {
    const restaurantId = requireRestaurantId(auth);
    const [source, dishGroups, connections] = await Promise.all([
      this.restaurants.hoursSource(auth),
      this.dishGroups(restaurantId),
      this.ports.deliveryConnections(restaurantId),
    ]);
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
    const platforms = DELIVERY_PLATFORMS.flatMap((platform) => {
      const row = connections.find((c) => c.platform === platform);
      if (!row || row.status === 'disconnected') return [];
      const hours = row.hours ?? DEFAULT_PLATFORM_HOURS;
      // A pause whose end has passed is over (the delivery list reads it the same way).
      const pausedUntil = row.status === 'paused' && row.pausedUntil ? ahead(row.pausedUntil.toISOString()) : null;
      return [
        {
          platform,
          label: PLATFORM_RULES[platform].label,
          sameAsRestaurant: hours.sameAsRestaurant,
          weekly: hours.weekly,
          paused: row.status === 'paused' && (row.pausedUntil === null || pausedUntil !== null),
          pausedUntil,
        },
      ];
    });
    const days = effectiveHours({
      now,
      days: EFFECTIVE_HOURS_DAYS,
      weekly: source.weekly,
      specialDays: source.specialDays,
      holidays: [],
      dishGroups,
      platforms,
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
    return { from: now.date, timeZone: source.timeZone ?? UNKNOWN_TIME_ZONE, days, dishHoursIncluded: true };
  }
}
