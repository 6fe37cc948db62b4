import { createHash, randomBytes, randomInt } from 'node:crypto';
import { emptyPagePermissions, OPERATION_AUTHORITIES, type TOperationAuthorities } from '@ra/shared/permissions';
import {
  DEVICE_HEARTBEAT,
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_CODE_TTL_MS,
  ZPlatformConfigs,
  deviceStatus,
  type TCreatePairingCodeRequest,
  type TDevice,
  type TDeviceListQuery,
  type TDeviceListResponse,
  type TDeviceType,
  type THeartbeatRequest,
  type TPairDeviceRequest,
  type TPairDeviceResponse,
  type TPairingCode,
  type TTerminalSettings,
  type TUpdateDeviceRequest,
} from '@ra/shared/devices/devices.schemas';
import { DEVICES_MESSAGES } from '@ra/shared/devices/devices.messages';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, loggedOut, notFound } from '../../lib/errors.ts';
import { ERROR_CODES } from '@ra/shared/errors';
import { DEVICE_TOKEN_PREFIX } from '../../plugins/access-control.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import type { DevicesRepository, TDeviceRow } from './devices.repository.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The short code staff read on a device: P1, T2, K1 ... (SPEC 3 "code"). */
const CODE_PREFIX: Record<TDeviceType, string> = {
  printer: 'P',
  terminal: 'T',
  kiosk: 'K',
  reader: 'R',
  dualScreen: 'D',
};

/**
 * A paired POS works for whoever is signed in at it by PIN; the POS enforces each employee's flags
 * there (SPEC 3 "operationAuthority"), so the device itself holds every operation authority and no
 * page permission: it can push orders and payouts and nothing of the back office.
 */
const DEVICE_AUTHORITIES = Object.fromEntries(OPERATION_AUTHORITIES.map((a) => [a, true])) as TOperationAuthorities;

export function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i += 1)
    code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)];
  return code;
}

const badPairingCode = () =>
  new AppError(400, ERROR_CODES.badRequest, DEVICES_MESSAGES['devices.pairingCodeInvalid'].en);

export function toDevice(row: TDeviceRow, now: Date): TDevice {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    name: row.name,
    type: row.type as TDevice['type'],
    model: row.model,
    serialNumber: row.serialNumber,
    macAddress: row.macAddress,
    ipAddress: row.ipAddress,
    mobileId: row.mobileId,
    code: row.code,
    platform: row.platform as TDevice['platform'],
    appVersion: row.appVersion,
    status: deviceStatus({ revokedAt: iso(row.revokedAt), lastVisitAt: iso(row.lastVisitAt) }, now),
    lastVisitAt: iso(row.lastVisitAt),
    lastIp: row.lastIp,
    pairedAt: row.pairedAt.toISOString(),
    revokedAt: iso(row.revokedAt),
    platformConfig: ZPlatformConfigs.parse(row.platformConfig ?? {}),
  };
}

/**
 * Devices, pairing and the device credential (issue 9 "Devices"). People manage devices through
 * editConfig; devices call with the credential they got by pairing. Every write and its audit row
 * share one transaction.
 */
/** How long answered beats wait to be written together, and how many make a write at once. */
export const BEAT_WRITE_DELAY_MS = 250;
const BEAT_WRITE_MAX = 200;

export class DevicesService {
  constructor(
    private readonly repo: DevicesRepository,
    private readonly clock: Clock,
  ) {}

  /** Beats answered but not yet written, by device (the latest wins), and the write under way. */
  private readonly beats = new Map<number, Parameters<DevicesRepository['beatMany']>[0][number]>();
  private writing: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  /**
   * Writes the gathered beats in one statement. Every read of devices calls this first, so a list or a
   * device read on this server always shows the beats it has answered; another server sees them within
   * BEAT_WRITE_DELAY_MS, far inside the 90 s a device may miss before it shows offline.
   */
  async flushBeats(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.beats.size === 0) return;
    const batch = [...this.beats.values()];
    this.beats.clear();
    this.writing = this.repo.beatMany(batch).finally(() => {
      this.writing = null;
    });
    await this.writing;
  }

  async list(auth: AuthContext, query: TDeviceListQuery): Promise<TDeviceListResponse> {
    await this.flushBeats();
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    const [{ rows, total, counts }, pending] = await Promise.all([
      this.repo.list(restaurantId, query, now),
      this.repo.pendingCodes(restaurantId, now),
    ]);
    return {
      items: rows.map((row) => toDevice(row, now)),
      total,
      counts,
      pendingCodes: pending.map((p) => ({
        id: p.id,
        name: p.name,
        type: p.type as TDeviceType,
        expiresAt: p.expiresAt.toISOString(),
      })),
      serverTime: now.toISOString(),
    };
  }

  async get(auth: AuthContext, id: number): Promise<TDevice> {
    await this.flushBeats();
    const row = await this.repo.find(requireRestaurantId(auth), id);
    if (!row) throw notFound();
    return toDevice(row, this.clock.now());
  }

  /** The code is shown once; only its hash is kept. */
  async createPairingCode(auth: AuthContext, request: TCreatePairingCodeRequest, ip: string): Promise<TPairingCode> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    const code = newPairingCode();
    const expiresAt = new Date(now.getTime() + PAIRING_CODE_TTL_MS);
    const row = await this.repo.withTransaction(async (repo, tx) => {
      const created = await repo.insertPairingCode({
        restaurantId,
        codeHash: sha256(code),
        name: request.name,
        type: request.type,
        createdByUserId: auth.userId,
        createdAt: now,
        expiresAt,
      });
      await new AuditRepository(tx).record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'device.pairingCode.create',
        targetType: 'devicePairingCode',
        targetId: String(created.id),
        details: { name: request.name, type: request.type, expiresAt: expiresAt.toISOString() },
        ip,
        at: now,
      });
      return created;
    });
    return { id: row.id, code, name: row.name, type: request.type, expiresAt: expiresAt.toISOString() };
  }

  async cancelPairingCode(auth: AuthContext, id: number, ip: string): Promise<void> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    await this.repo.withTransaction(async (repo, tx) => {
      if (!(await repo.cancelPairingCode(restaurantId, id, now))) throw notFound();
      await new AuditRepository(tx).record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'device.pairingCode.cancel',
        targetType: 'devicePairingCode',
        targetId: String(id),
        ip,
        at: now,
      });
    });
  }

  /**
   * A device trades a live code for its own credential. The code is used up in the same transaction,
   * so it pairs exactly one device; a wrong, used or expired code gets one answer, so the answer
   * tells a guesser nothing.
   */
  async pair(request: TPairDeviceRequest, ip: string): Promise<TPairDeviceResponse> {
    const now = this.clock.now();
    const secret = `${DEVICE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    return this.repo.withTransaction(async (repo, tx) => {
      const code = await repo.claimPairingCode(sha256(request.code), now);
      if (!code) throw badPairingCode();
      const type = code.type as TDeviceType;
      const sameType = await repo.countByType(code.restaurantId, type);
      const device = await repo.insertDevice({
        restaurantId: code.restaurantId,
        name: code.name,
        type,
        model: request.model ?? null,
        serialNumber: request.serialNumber ?? null,
        macAddress: request.macAddress ?? null,
        mobileId: request.mobileId ?? null,
        platform: request.platform ?? null,
        appVersion: request.appVersion ?? null,
        code: `${CODE_PREFIX[type]}${sameType + 1}`,
        platformConfig: ZPlatformConfigs.parse({}),
        credentialHash: sha256(secret),
        pairedAt: now,
        lastVisitAt: now,
        lastIp: ip,
      });
      await repo.markCodeUsed(code.id, device.id, now);
      await new AuditRepository(tx).record({
        restaurantId: code.restaurantId,
        actorUserId: null,
        action: 'device.pair',
        targetType: 'device',
        targetId: String(device.id),
        details: {
          name: device.name,
          type,
          model: device.model,
          serialNumber: device.serialNumber,
          pairingCodeId: code.id,
        },
        ip,
        at: now,
      });
      const configs = ZPlatformConfigs.parse(device.platformConfig);
      return {
        token: secret,
        deviceId: device.id,
        restaurantName: await repo.restaurantName(code.restaurantId),
        heartbeatSeconds: DEVICE_HEARTBEAT.intervalSeconds,
        platformConfig: device.platform ? configs[device.platform as 'android' | 'ios'] : null,
      };
    });
  }

  /** The caller behind a device credential (plugins/access-control.ts); refused once revoked. */
  async authenticate(token: string): Promise<AuthContext> {
    const caller = await this.repo.findCaller(sha256(token));
    if (!caller) throw loggedOut();
    return {
      sessionId: `device:${caller.id}`,
      userId: 0,
      userXid: '',
      email: '',
      firstName: caller.name,
      lastName: '',
      isAdmin: false,
      isAgent: false,
      node: caller.node,
      homeRestaurantId: caller.restaurantId,
      restaurantId: caller.restaurantId,
      roles: ['device'],
      PagePermissions: emptyPagePermissions(),
      operationAuthority: { ...DEVICE_AUTHORITIES },
      device: { id: caller.id, name: caller.name },
    };
  }

  async heartbeat(auth: AuthContext, beat: THeartbeatRequest, ip: string) {
    if (!auth.device) throw loggedOut();
    const now = this.clock.now();
    // The credential was checked live just now (a revoked device is refused before it gets here). The
    // write is gathered with the other beats of the next moment into one statement: a beat costs one
    // indexed read, and 1,000 devices make a few writes a second instead of 33 (bench/devices).
    this.beats.set(auth.device.id, {
      restaurantId: requireRestaurantId(auth),
      id: auth.device.id,
      at: now,
      lastIp: ip,
      appVersion: beat.appVersion,
      ipAddress: beat.ipAddress,
    });
    if (this.beats.size >= BEAT_WRITE_MAX) void this.flushBeats().catch(() => undefined);
    else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flushBeats().catch(() => undefined);
      }, BEAT_WRITE_DELAY_MS);
      this.timer.unref?.();
    }
    return { serverTime: now.toISOString(), nextBeatSeconds: DEVICE_HEARTBEAT.intervalSeconds };
  }

  async update(auth: AuthContext, id: number, request: TUpdateDeviceRequest, ip: string): Promise<TDevice> {
    await this.flushBeats();
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    const row = await this.repo.withTransaction(async (repo, tx) => {
      const before = await repo.find(restaurantId, id);
      if (!before) throw notFound();
      const changes = {
        ...(request.name !== undefined ? { name: request.name } : {}),
        ...(request.code !== undefined ? { code: request.code } : {}),
        ...(request.platformConfig !== undefined ? { platformConfig: request.platformConfig } : {}),
      };
      // An empty UPDATE ... SET is an SQL error (500): a body with nothing to change is refused.
      if (Object.keys(changes).length === 0) {
        throw new AppError(400, ERROR_CODES.badRequest, 'Nothing to change: send name, code or platformConfig');
      }
      const after = await repo.update(restaurantId, id, changes);
      if (!after) throw notFound();
      await new AuditRepository(tx).record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'device.update',
        targetType: 'device',
        targetId: String(id),
        details: {
          before: { name: before.name, code: before.code, platformConfig: before.platformConfig },
          after: { name: after.name, code: after.code, platformConfig: after.platformConfig },
        },
        ip,
        at: now,
      });
      return after;
    });
    return toDevice(row, now);
  }

  /** Ends the device's credential: its very next call is refused (no cache holds device callers). */
  async revoke(auth: AuthContext, id: number, ip: string): Promise<TDevice> {
    await this.flushBeats();
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    const row = await this.repo.withTransaction(async (repo, tx) => {
      const revoked = await repo.revoke(restaurantId, id, now);
      if (!revoked) {
        if (await repo.find(restaurantId, id)) {
          throw new AppError(409, ERROR_CODES.conflict, DEVICES_MESSAGES['devices.alreadyRevoked'].en);
        }
        throw notFound();
      }
      await new AuditRepository(tx).record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'device.revoke',
        targetType: 'device',
        targetId: String(id),
        details: { name: revoked.name, type: revoked.type },
        ip,
        at: now,
      });
      return revoked;
    });
    return toDevice(row, now);
  }

  async terminalSettings(auth: AuthContext) {
    const { settings, updatedAt } = await this.repo.terminalSettings(requireRestaurantId(auth));
    return { ...settings, updatedAt: updatedAt?.toISOString() ?? null };
  }

  async saveTerminalSettings(auth: AuthContext, settings: TTerminalSettings, ip: string) {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    await this.repo.withTransaction(async (repo, tx) => {
      const before = await repo.terminalSettings(restaurantId);
      await repo.saveTerminalSettings(restaurantId, settings, now);
      await new AuditRepository(tx).record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'device.terminalSettings.update',
        targetType: 'restaurant',
        targetId: String(restaurantId),
        details: { before: before.settings, after: settings },
        ip,
        at: now,
      });
    });
    return { ...settings, updatedAt: now.toISOString() };
  }
}
