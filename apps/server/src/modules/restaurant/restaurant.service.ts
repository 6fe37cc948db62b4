import type { TRestConfigValue, TRestInfoResponse } from '@ra/shared/auth/auth.schemas';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { FieldError, forbidden, notFound } from '../../lib/errors.ts';
import { gmtOffsetLabel, UNKNOWN_TIME_ZONE } from '../../lib/time-zone.ts';
import type { AuditRepository } from '../../db/audit.repository.ts';
import type { RestaurantRepository } from './restaurant.repository.ts';
import { normaliseSpecialDays, normaliseWeek, type TStoredHours } from '@ra/shared/business/opening-hours';
import type {
  TRestAdminConfig,
  TRestProfile,
  TUpdateRestAdminConfigRequest,
  TUpdateRestRequest,
} from './restaurant.schemas.ts';
import {
  DEFAULT_BUSINESS_SETTINGS,
  type TAdminRestaurantList,
  type TBusinessSettings,
  type TUpdateSettingsRequest,
} from '@ra/shared/business/business.schemas';
import type { TConfigDoc } from './restaurant.settings.ts';
import { CONFIG_DEFAULTS, REST_SETTINGS, type TRestSettingName } from './restaurant.settings.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import type { Database } from '../../db/client.ts';

type TRestaurantRow = NonNullable<Awaited<ReturnType<RestaurantRepository['findById']>>>;

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
        tipsWord: r.config.tipsWord ?? null,
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
      specialDays: normaliseSpecialDays(r.businessHours),
    };
  }

  async update(auth: AuthContext, input: TUpdateRestRequest, ip: string): Promise<TRestProfile> {
    const restaurantId = requireRestaurantId(auth);
    const { businessHours, holidays, specialDays, ...fields } = input;
    await this.repo.transaction(async (repo, audit) => {
      const before = await repo.findById(restaurantId);
      if (!before) throw notFound();
      let hours: TStoredHours | undefined;
      if (businessHours || holidays || specialDays) {
        // Special days are the whole list when given; a closed one is a holiday (SPEC 3 "holiday dates"),
        // and holidays sent beside them join them as closed days (the schema refuses one that is open).
        // A plain holiday list (the first release's field) replaces the closed ones and keeps the rest.
        const special = specialDays
          ? [
              ...specialDays,
              ...[...new Set(holidays ?? [])]
                .filter((date) => !specialDays.some((d) => d.date === date))
                .map((date) => ({ date, closed: true, ranges: [], note: '' })),
            ]
          : holidays
            ? [
                ...normaliseSpecialDays(before.businessHours).filter((d) => !d.closed && !holidays.includes(d.date)),
                ...[...new Set(holidays)].map((date) => ({ date, closed: true, ranges: [], note: '' })),
              ]
            : normaliseSpecialDays(before.businessHours);
        special.sort((x, y) => x.date.localeCompare(y.date));
        hours = {
          weekly: businessHours
            ? [...businessHours]
                .sort((a, b) => a.day - b.day)
                .map((d) => ({
                  day: d.day,
                  closed: d.closed,
                  open: d.ranges[0]?.open ?? '09:00',
                  close: d.ranges[0]?.close ?? '21:00',
                  ranges: d.ranges,
                }))
            : before.businessHours.weekly,
          holidays: special.filter((d) => d.closed).map((d) => d.date),
          special,
        };
      }
      await repo.updateProfile(
        restaurantId,
        { ...fields, ...(hours ? { businessHours: hours } : {}) },
        this.clock.now(),
      );
      const changed = (Object.keys(fields) as Array<keyof typeof fields>).filter((k) => before[k] !== fields[k]);
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'restaurant.update',
        targetType: 'restaurant',
        targetId: String(restaurantId),
        details: {
          fields: Object.keys(input),
          before: {
            ...Object.fromEntries(changed.map((k) => [k, before[k]])),
            ...(hours ? { businessHours: before.businessHours } : {}),
          },
          after: {
            ...Object.fromEntries(changed.map((k) => [k, fields[k]])),
            ...(hours ? { businessHours: hours } : {}),
          },
        },
        ip,
        at: this.clock.now(),
      });
    });
    this.forgetRows();
    return this.profile(auth);
  }

  async getSetting(auth: AuthContext, name: TRestSettingName): Promise<TRestConfigValue> {
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
    input: TUpdateRestAdminConfigRequest,
    ip: string,
    /** The admin panel names the restaurant; the SPEC 7 call works on the selected one. */
    restaurantId: number = requireRestaurantId(auth),
  ): Promise<TRestAdminConfig> {
    await this.repo.transaction(async (repo, audit) => {
      const current = await repo.findById(restaurantId);
      if (!current) throw notFound();
      await repo.applySetting(restaurantId, { config: input }, { now: this.clock.now() });
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'restaurant.adminConfig.update',
        targetType: 'restaurant',
        targetId: String(restaurantId),
        details: {
          ...input,
          before: adminConfigOf(current.config),
          after: { ...adminConfigOf(current.config), ...input },
        },
        ip,
        at: this.clock.now(),
      });
    });
    this.forgetRows();
    const r = await this.repo.findById(restaurantId);
    if (!r) throw notFound();
    return adminConfigOf(r.config);
  }

  /** /AdminPanel: every restaurant, searched by name, full name, city or public id; platform staff only. */
  async listForAdmin(query: { q?: string | undefined; page: number; pageSize: number }): Promise<TAdminRestaurantList> {
    const { rows, total } = await this.repo.listForAdmin(query);
    return {
      items: rows.map((r) => ({
        id: r.id,
        xid: r.xid,
        name: r.name,
        fullname: r.fullname,
        city: r.city,
        state: r.state,
        config: adminConfigOf(r.config as TConfigDoc),
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** The settings pages' sections (POS, kiosk, online ordering), defaults filled in. */
  async settings(auth: AuthContext): Promise<TBusinessSettings> {
    return settingsOf((await this.loadForRead(auth)).config);
  }

  /**
   * Saves one settings section whole, with its before and after in the audit row, and forgets the
   * remembered restaurant row (what clearrestcacheLite asks for) so the next getrest reads it fresh.
   */
  async updateSettings(auth: AuthContext, input: TUpdateSettingsRequest, ip: string): Promise<TBusinessSettings> {
    const restaurantId = requireRestaurantId(auth);
    await this.repo.transaction(async (repo, audit) => {
      const current = await repo.findById(restaurantId);
      if (!current) throw notFound();
      const before = settingsOf(current.config)[input.section];
      await repo.applySetting(restaurantId, { config: { [input.section]: input.value } }, { now: this.clock.now() });
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'restaurant.settings.update',
        targetType: 'restaurant',
        targetId: String(restaurantId),
        details: { section: input.section, before, after: input.value },
        ip,
        at: this.clock.now(),
      });
    });
    this.forgetRows();
    return settingsOf((await this.load(auth)).config);
  }

  /** Hours and settings the effective-hours view merges. */
  async hoursSource(auth: AuthContext) {
    const r = await this.loadForRead(auth);
    return {
      timeZone: r.timeZone,
      weekly: normaliseWeek(r.businessHours.weekly),
      specialDays: normaliseSpecialDays(r.businessHours),
      settings: settingsOf(r.config),
    };
  }
}

function adminConfigOf(config: TConfigDoc): TRestAdminConfig {
  return {
    version: config.version ?? CONFIG_DEFAULTS.version,
    enableOrderToGoWithDateSelect:
      config.enableOrderToGoWithDateSelect ?? CONFIG_DEFAULTS.enableOrderToGoWithDateSelect,
    enablePremiumCoupon: config.enablePremiumCoupon ?? CONFIG_DEFAULTS.enablePremiumCoupon,
  };
}

/** Each section as saved, over the defaults (a section saved before a field existed gets its default). */
export function settingsOf(config: TConfigDoc): TBusinessSettings {
  return {
    pos: { ...DEFAULT_BUSINESS_SETTINGS.pos, ...config.pos },
    selfOrder: { ...DEFAULT_BUSINESS_SETTINGS.selfOrder, ...config.selfOrder },
    orderToGo: {
      ...DEFAULT_BUSINESS_SETTINGS.orderToGo,
      ...config.orderToGo,
      busy: { ...DEFAULT_BUSINESS_SETTINGS.orderToGo.busy, ...config.orderToGo?.busy },
    },
  };
}
