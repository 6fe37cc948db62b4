import type {
  TAdminRestaurantList,
  TBusinessSettings,
  TUpdateSettingsRequest,
} from '@ra/shared/business/business.schemas';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { AuditRepository } from '../../db/audit.repository.ts';
import type { Clock } from '../../lib/clock.ts';
import type { TModule } from '../module-type.ts';
import { RestaurantRepository } from './restaurant.repository.ts';
import { restaurantRoutes } from './restaurant.routes.ts';
import type { TWeekdayHours, TRestAdminConfig, TUpdateRestAdminConfigRequest } from './restaurant.schemas.ts';
import { RestaurantService } from './restaurant.service.ts';
import type { TStoredHours } from '@ra/shared/business/opening-hours';

/** The selected restaurant's hours and settings, as the effective-hours view merges them. */
export interface TRestaurantHoursSource {
  timeZone: string | null;
  weekly: TWeekdayHours[];
  specialDays: NonNullable<TStoredHours['special']>;
  settings: TBusinessSettings;
}

/**
 * What the rest of the app asks of the restaurant module: the settings pages and the admin panel
 * (business module), the hours the effective-hours view merges, and the remembered restaurant rows
 * that live and die with the remembered callers (app.ts, lib/auth-cache.ts).
 */
export interface TRestaurantApi {
  settings(auth: AuthContext): Promise<TBusinessSettings>;
  updateSettings(auth: AuthContext, input: TUpdateSettingsRequest, ip: string): Promise<TBusinessSettings>;
  listForAdmin(query: { q?: string | undefined; page: number; pageSize: number }): Promise<TAdminRestaurantList>;
  updateAdminConfig(
    auth: AuthContext,
    input: TUpdateRestAdminConfigRequest,
    ip: string,
    restaurantId?: number,
  ): Promise<TRestAdminConfig>;
  hoursSource(auth: AuthContext): Promise<TRestaurantHoursSource>;
  /** Remember restaurant rows between requests only while `enabled()` says so. */
  rememberRowsWhile(enabled: () => boolean): void;
  /** Forget every remembered restaurant row. */
  forgetRows(): void;
}

export interface TRestaurantModuleDeps {
  db: Database;
  audit: AuditRepository;
  clock: Clock;
  /**
   * Called in the transaction that changes the time zone or end-of-day hour, after the new value is
   * saved: reports file every figure under a business day, so the orders are re-filed before it commits.
   */
  onClockChange: (restaurantId: number, tx: Database) => Promise<void>;
}

/** The selected restaurant's own data (getrest, profile, settings; registered in app.ts). */
export function restaurantModule(deps: TRestaurantModuleDeps): TModule<TRestaurantApi> {
  const service = new RestaurantService(new RestaurantRepository(deps.db), deps.audit, deps.onClockChange, deps.clock);
  return {
    routes: restaurantRoutes(service),
    api: {
      settings: (auth) => service.settings(auth),
      updateSettings: (auth, input, ip) => service.updateSettings(auth, input, ip),
      listForAdmin: (query) => service.listForAdmin(query),
      // An absent restaurant id means the selected one (the service's default).
      updateAdminConfig: (auth, input, ip, restaurantId) => service.updateAdminConfig(auth, input, ip, restaurantId),
      hoursSource: (auth) => service.hoursSource(auth),
      rememberRowsWhile: (enabled) => service.rememberRowsWhile(enabled),
      forgetRows: () => service.forgetRows(),
    },
  };
}
