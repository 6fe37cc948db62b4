import type { z } from 'zod';
import { type TRestInfo } from '@ra/shared/auth/auth.schemas';
import type { TBusinessHoursDoc } from '../../db/schema/restaurants.ts';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { FieldError, forbidden, notFound } from '../../lib/errors.ts';
import { gmtOffsetLabel, UNKNOWN_TIME_ZONE } from '../../lib/time-zone.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { RestaurantRepository } from './restaurant.repository.ts';
import type {
  TBusinessDay,
  TRestProfile,
  TUpdateRestRequest,
  ZRestAdminConfig,
  ZUpdateRestAdminConfigRequest,
} from './restaurant.schemas.ts';
import { CONFIG_DEFAULTS, REST_SETTINGS, type TRestSettingName } from './restaurant.settings.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import type { Database } from '../../db/client.ts';

type TRestaurantRow = NonNullable<Awaited<ReturnType<RestaurantRepository['findById']>>>;

export interface TRestInfoResponse extends TRestInfo {
  config: TRestInfo['config'] & { tipWord: string | null; tipWordZh: string | null; enablePremiumCoupon: boolean };
}

/** A weekday nobody has set up yet shows as closed, with usual hours ready to switch on. */
function normaliseWeek(weekly: TBusinessHoursDoc['weekly']): TBusinessDay[] {
  return [0, 1, 2, 3, 4, 5, 6].map(
    (day) => weekly.find((d) => d.day === day) ?? { day, closed: true, open: '09:00', close: '21:00' },
  );
}

/**
 * The selected restaurant's own data. Every method reads the restaurant id from the caller's session
 * (requireRestaurantId), never from the request, so one restaurant can never touch another's.
 */
export class RestaurantService {
  constructor(
    private readonly repo: RestaurantRepository,
    private readonly audit: AuditRepository,
    /**
     * Called in the transaction that changes the time zone or hourOffsetEndOfDay, after the new value
     * is saved: the orders are re-filed and the rollups rebuilt before it commits.
     */
    private readonly onClockChange?: (restaurantId: number, tx: Database) => Promise<void>,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Restaurant rows remembered for the reads every page makes (getrest, profile), on the same terms as
   * remembered callers (lib/auth-cache.ts): only while change notifications flow, and forgotten at
   * every change of the restaurants table and after every write request.
   */
  private readonly rows = new Map<number, TRestaurantRow>();
  private rowsGeneration = 0;
  private remembering: () => boolean = () => false;

  rememberRowsWhile(enabled: () => boolean): void {
    this.remembering = enabled;
  }

  forgetRows(): void {
    this.rowsGeneration += 1;
    this.rows.clear();
  }

  private async loadForRead(auth: AuthContext): Promise<TRestaurantRow> {
    const id = requireRestaurantId(auth);
    const hit = this.remembering() ? this.rows.get(id) : undefined;
    if (hit) return hit;
    const generation = this.rowsGeneration;
    const row = await this.load(auth);
    if (this.remembering() && generation === this.rowsGeneration) this.rows.set(id, row);
    return row;
  }

  private async load(auth: AuthContext): Promise<TRestaurantRow> {
    const row = await this.repo.findById(requireRestaurantId(auth));
    if (!row) throw notFound();
    return row;
  }

  /** SPEC 3 "Restaurant info response fields read", loaded after sign-in and on every role change. */
  async info(auth: AuthContext, now: Date = this.clock.now()): Promise<TRestInfoResponse> {
    const r = await this.loadForRead(auth);
    const timestamp = Math.floor(now.getTime() / 1000);
    return {
      id: r.id,
      xid: r.xid,
      name: r.name,
      fullname: r.fullname,
      restname: r.restname ?? r.name,
      locales: {
        GMT: gmtOffsetLabel(r.timeZone, now),
        locales: r.posLocales,
        timeZone: r.timeZone ?? UNKNOWN_TIME_ZONE,
        timestamp,
      },
      timestamp,
      config: {
        hourOffsetEndOfDay: r.hourOffsetEndOfDay,
        version: r.config.version ?? CONFIG_DEFAULTS.version,
        enableOrderToGoWithDateSelect:
          r.config.enableOrderToGoWithDateSelect ?? CONFIG_DEFAULTS.enableOrderToGoWithDateSelect,
        // SPEC 7 getrest config.configAdmin: whether this user may change the system admin config.
        configAdmin: auth.isAdmin,
        workHoursSteps: r.config.workHoursSteps ?? CONFIG_DEFAULTS.workHoursSteps,
        tipWord: r.config.tipWord ?? null,
        tipWordZh: r.config.tipWordZh ?? null,
        enablePremiumCoupon: r.config.enablePremiumCoupon ?? CONFIG_DEFAULTS.enablePremiumCoupon,
      },
      roles: auth.roles,
      PagePermissions: auth.PagePermissions,
      operationAuthority: auth.operationAuthority,
    };
  }

  async profile(auth: AuthContext): Promise<TRestProfile> {
    const r = await this.loadForRead(auth);
    return {
      id: r.id,
      xid: r.xid,
      name: r.name,
      fullname: r.fullname,
      street: r.street,
      city: r.city,
      state: r.state,
      zip: r.zip,
      phone: r.phone,
      timeZone: r.timeZone ?? UNKNOWN_TIME_ZONE,
      businessHours: normaliseWeek(r.businessHours.weekly),
      holidays: r.businessHours.holidays,
    };
  }

  async update(auth: AuthContext, input: TUpdateRestRequest, ip: string): Promise<TRestProfile> {
    const restaurantId = requireRestaurantId(auth);
    const before = await this.load(auth);
    const { businessHours, holidays, ...fields } = input;
    const hours: TBusinessHoursDoc | undefined =
      businessHours || holidays
        ? {
            weekly: businessHours ? [...businessHours].sort((a, b) => a.day - b.day) : before.businessHours.weekly,
            holidays: holidays ? [...new Set(holidays)].sort() : before.businessHours.holidays,
          }
        : undefined;
    await this.repo.transaction(async (repo, audit) => {
      await repo.updateProfile(
        restaurantId,
        { ...fields, ...(hours ? { businessHours: hours } : {}) },
        this.clock.now(),
      );
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'restaurant.update',
        targetType: 'restaurant',
        targetId: String(restaurantId),
        details: { fields: Object.keys(input) },
        ip,
        at: this.clock.now(),
      });
    });
    return this.profile(auth);
  }

  async getSetting(auth: AuthContext, name: TRestSettingName): Promise<{ name: string; value: string | null }> {
    const r = await this.load(auth);
    return { name, value: REST_SETTINGS[name].read(r) };
  }

  /**
   * Changing a setting needs editConfig, with one exception: while the time zone is still unset, any
   * user of the restaurant may choose it, because the login flow asks whoever signs in first (SPEC 4
   * "go to timezone selection if the timezone is unset or Unknown").
   */
  async updateSetting(auth: AuthContext, name: TRestSettingName, rawValue: string, ip: string) {
    const restaurantId = requireRestaurantId(auth);
    const setting = REST_SETTINGS[name];
    const parsed = setting.value.safeParse(rawValue);
    if (!parsed.success) throw new FieldError('value', parsed.error.issues[0]?.message ?? 'Invalid value');
    const write = setting.write(parsed.data);

    const mayEditAll = auth.PagePermissions.editConfig;
    if (!mayEditAll && name !== 'timezone') throw forbidden();
    const movesBusinessDays = name === 'timezone' || name === 'hourOffsetEndOfDay';

    // One transaction: the setting, the re-filing of every order under the new clock, and the audit
    // row. A clock change holds the restaurant row from the start, so pushes arriving meanwhile wait
    // and are filed by the new clock (OrdersRepository.ingestOrders reads it FOR SHARE).
    await this.repo.transaction(async (repo, audit, tx) => {
      if (movesBusinessDays) await repo.lockForUpdate(restaurantId);
      const current = await repo.findById(restaurantId);
      if (!current) throw notFound();
      const before = setting.read(current);
      if (!(await repo.applySetting(restaurantId, write, { now: this.clock.now(), onlyIfTimeZoneUnset: !mayEditAll })))
        throw forbidden();
      if (movesBusinessDays && before !== parsed.data && this.onClockChange) {
        await this.onClockChange(restaurantId, tx);
      }
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'restaurant.config.update',
        targetType: 'restaurant',
        targetId: String(restaurantId),
        details: { name, value: parsed.data, before },
        ip,
        at: this.clock.now(),
      });
    });
    return this.getSetting(auth, name);
  }

  async updateAdminConfig(
    auth: AuthContext,
    input: z.infer<typeof ZUpdateRestAdminConfigRequest>,
    ip: string,
  ): Promise<z.infer<typeof ZRestAdminConfig>> {
    const restaurantId = requireRestaurantId(auth);
    await this.repo.transaction(async (repo, audit) => {
      await repo.applySetting(restaurantId, { config: input }, { now: this.clock.now() });
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'restaurant.adminConfig.update',
        targetType: 'restaurant',
        targetId: String(restaurantId),
        details: { ...input },
        ip,
        at: this.clock.now(),
      });
    });
    const r = await this.load(auth);
    return {
      version: r.config.version ?? CONFIG_DEFAULTS.version,
      enableOrderToGoWithDateSelect:
        r.config.enableOrderToGoWithDateSelect ?? CONFIG_DEFAULTS.enableOrderToGoWithDateSelect,
      enablePremiumCoupon: r.config.enablePremiumCoupon ?? CONFIG_DEFAULTS.enablePremiumCoupon,
    };
  }
}
