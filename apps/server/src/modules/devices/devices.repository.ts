import { and, count, desc, eq, gt, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_TERMINAL_SETTINGS,
  DEVICE_OFFLINE_AFTER_MS,
  type TDeviceListQuery,
  type TDeviceType,
  type TPlatformConfigs,
  type TTerminalSettings,
} from '@ra/shared/devices/devices.schemas';
import type { Database } from '../../db/client.ts';
import { devicePairingCodes, devices, terminalSettings } from '../../db/schema/devices.ts';
import { nodes } from '../../db/schema/nodes.ts';
import { restaurants } from '../../db/schema/restaurants.ts';
import type { TNodeType } from '../../db/schema/nodes.ts';

export type TDeviceRow = typeof devices.$inferSelect;

/** What a device credential resolves to: the device and the node of its restaurant. */
export interface TDeviceCaller {
  id: number;
  name: string;
  restaurantId: number;
  restaurantName: string;
  node: { id: number; xid: string; path: string; type: TNodeType };
}

/**
 * The only place with devices SQL. Every method that reads or changes a restaurant's devices takes
 * the restaurant id first and filters on it, so another restaurant's device is simply not found.
 */
export class DevicesRepository {
  constructor(private readonly db: Database) {}

  withTransaction<T>(work: (repo: DevicesRepository, tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new DevicesRepository(tx), tx));
  }

  async list(
    restaurantId: number,
    query: TDeviceListQuery,
    now: Date,
  ): Promise<{ rows: TDeviceRow[]; total: number; counts: { online: number; offline: number; revoked: number } }> {
    const onlineSince = new Date(now.getTime() - DEVICE_OFFLINE_AFTER_MS);
    const online = and(
      isNull(devices.revokedAt),
      isNotNull(devices.lastVisitAt),
      sql`${devices.lastVisitAt} >= ${onlineSince}`,
    );
    const offline = and(
      isNull(devices.revokedAt),
      or(isNull(devices.lastVisitAt), lt(devices.lastVisitAt, onlineSince)),
    );
    const conditions: SQL[] = [eq(devices.restaurantId, restaurantId)];
    if (query.type) conditions.push(eq(devices.type, query.type));
    if (query.status === 'online') conditions.push(online!);
    if (query.status === 'offline') conditions.push(offline!);
    if (query.status === 'revoked') conditions.push(isNotNull(devices.revokedAt));
    if (query.q) {
      const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(
        or(
          ilike(devices.name, like),
          ilike(devices.model, like),
          ilike(devices.serialNumber, like),
          ilike(devices.macAddress, like),
          ilike(devices.code, like),
        )!,
      );
    }
    const where = and(...conditions);
    const [rows, [totals], [summary]] = await Promise.all([
      this.db
        .select()
        .from(devices)
        .where(where)
        // Devices in use first, then by name: the list is read to find the one that is down.
        .orderBy(sql`${devices.revokedAt} is not null`, devices.name, devices.id)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ n: count() }).from(devices).where(where),
      this.db
        .select({
          online: sql<number>`count(*) filter (where ${online})`.mapWith(Number),
          offline: sql<number>`count(*) filter (where ${offline})`.mapWith(Number),
          revoked: sql<number>`count(*) filter (where ${devices.revokedAt} is not null)`.mapWith(Number),
        })
        .from(devices)
        .where(eq(devices.restaurantId, restaurantId)),
    ]);
    return { rows, total: totals?.n ?? 0, counts: summary ?? { online: 0, offline: 0, revoked: 0 } };
  }

  async find(restaurantId: number, id: number): Promise<TDeviceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(devices)
      .where(and(eq(devices.restaurantId, restaurantId), eq(devices.id, id)));
    return row;
  }

  async pendingCodes(restaurantId: number, now: Date) {
    return this.db
      .select({
        id: devicePairingCodes.id,
        name: devicePairingCodes.name,
        type: devicePairingCodes.type,
        expiresAt: devicePairingCodes.expiresAt,
      })
      .from(devicePairingCodes)
      .where(
        and(
          eq(devicePairingCodes.restaurantId, restaurantId),
          isNull(devicePairingCodes.usedAt),
          gt(devicePairingCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(devicePairingCodes.createdAt), desc(devicePairingCodes.id));
  }

  async insertPairingCode(values: typeof devicePairingCodes.$inferInsert) {
    const [row] = await this.db.insert(devicePairingCodes).values(values).returning();
    if (!row) throw new Error('pairing code not stored');
    return row;
  }

  async cancelPairingCode(restaurantId: number, id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(devicePairingCodes)
      .set({ expiresAt: now })
      .where(
        and(
          eq(devicePairingCodes.restaurantId, restaurantId),
          eq(devicePairingCodes.id, id),
          isNull(devicePairingCodes.usedAt),
          gt(devicePairingCodes.expiresAt, now),
        ),
      )
      .returning({ id: devicePairingCodes.id });
    return rows.length > 0;
  }

  /**
   * Takes a live code for good (FOR UPDATE, then marked used in the same transaction), so two devices
   * racing with one code cannot both pair.
   */
  async claimPairingCode(codeHash: string, now: Date) {
    const [row] = await this.db
      .select()
      .from(devicePairingCodes)
      .where(
        and(
          eq(devicePairingCodes.codeHash, codeHash),
          isNull(devicePairingCodes.usedAt),
          gt(devicePairingCodes.expiresAt, now),
        ),
      )
      .for('update');
    return row;
  }

  async markCodeUsed(id: number, deviceId: number, now: Date): Promise<void> {
    await this.db.update(devicePairingCodes).set({ usedAt: now, deviceId }).where(eq(devicePairingCodes.id, id));
  }

  async insertDevice(values: typeof devices.$inferInsert): Promise<TDeviceRow> {
    const [row] = await this.db.insert(devices).values(values).returning();
    if (!row) throw new Error('device not stored');
    return row;
  }

  async restaurantName(restaurantId: number): Promise<string> {
    const [row] = await this.db
      .select({ name: restaurants.name })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    return row?.name ?? '';
  }

  async update(
    restaurantId: number,
    id: number,
    values: { name?: string; code?: string | null; platformConfig?: TPlatformConfigs },
  ): Promise<TDeviceRow | undefined> {
    const [row] = await this.db
      .update(devices)
      .set(values)
      .where(and(eq(devices.restaurantId, restaurantId), eq(devices.id, id)))
      .returning();
    return row;
  }

  async revoke(restaurantId: number, id: number, now: Date): Promise<TDeviceRow | undefined> {
    const [row] = await this.db
      .update(devices)
      .set({ revokedAt: now, credentialHash: null })
      .where(and(eq(devices.restaurantId, restaurantId), eq(devices.id, id), isNull(devices.revokedAt)))
      .returning();
    return row;
  }

  /** The live device holding this credential, with its restaurant's node; undefined once revoked. */
  async findCaller(credentialHash: string): Promise<TDeviceCaller | undefined> {
    const [row] = await this.db
      .select({
        id: devices.id,
        name: devices.name,
        restaurantId: devices.restaurantId,
        restaurantName: restaurants.name,
        nodeId: nodes.id,
        nodeXid: nodes.xid,
        nodePath: nodes.path,
        nodeType: nodes.type,
      })
      .from(devices)
      .innerJoin(restaurants, eq(restaurants.id, devices.restaurantId))
      .innerJoin(nodes, eq(nodes.id, restaurants.nodeId))
      .where(and(eq(devices.credentialHash, credentialHash), isNull(devices.revokedAt)));
    if (!row) return undefined;
    return {
      id: row.id,
      name: row.name,
      restaurantId: row.restaurantId,
      restaurantName: row.restaurantName,
      node: { id: row.nodeId, xid: row.nodeXid, path: row.nodePath, type: row.nodeType },
    };
  }

  /**
   * Many beats in one statement (the service gathers the beats of a short moment): each live device's
   * last visit, IP and versions. A device revoked meanwhile is left alone.
   */
  async beatMany(
    beats: ReadonlyArray<{
      restaurantId: number;
      id: number;
      at: Date;
      lastIp: string | null;
      appVersion?: string | undefined;
      ipAddress?: string | undefined;
    }>,
  ): Promise<void> {
    if (beats.length === 0) return;
    const param = (values: readonly unknown[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;
    await this.db.execute(sql`
      update devices d set
        last_visit_at = v.at,
        last_ip = v.last_ip,
        app_version = coalesce(v.app_version, d.app_version),
        ip_address = coalesce(v.ip_address, d.ip_address)
      from unnest(
        ${param(
          beats.map((b) => b.restaurantId),
          'int',
        )},
        ${param(
          beats.map((b) => b.id),
          'int',
        )},
        ${param(
          beats.map((b) => b.at.toISOString()),
          'timestamptz',
        )},
        ${param(
          beats.map((b) => b.lastIp),
          'text',
        )},
        ${param(
          beats.map((b) => b.appVersion ?? null),
          'text',
        )},
        ${param(
          beats.map((b) => b.ipAddress ?? null),
          'text',
        )}
      ) as v(restaurant_id, id, at, last_ip, app_version, ip_address)
      where d.restaurant_id = v.restaurant_id and d.id = v.id and d.revoked_at is null`);
  }

  async terminalSettings(restaurantId: number): Promise<{ settings: TTerminalSettings; updatedAt: Date | null }> {
    const [row] = await this.db.select().from(terminalSettings).where(eq(terminalSettings.restaurantId, restaurantId));
    return row
      ? { settings: { ...DEFAULT_TERMINAL_SETTINGS, ...row.settings }, updatedAt: row.updatedAt }
      : { settings: DEFAULT_TERMINAL_SETTINGS, updatedAt: null };
  }

  async saveTerminalSettings(restaurantId: number, settings: TTerminalSettings, at: Date): Promise<void> {
    await this.db
      .insert(terminalSettings)
      .values({ restaurantId, settings, updatedAt: at })
      .onConflictDoUpdate({ target: terminalSettings.restaurantId, set: { settings, updatedAt: at } });
  }

  async countByType(restaurantId: number, type: TDeviceType): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(devices)
      .where(and(eq(devices.restaurantId, restaurantId), eq(devices.type, type)));
    return row?.n ?? 0;
  }
}
