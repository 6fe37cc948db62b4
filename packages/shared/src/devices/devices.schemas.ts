import { z } from 'zod';
import { zText } from '../validation/text.ts';
import { DEVICES_MESSAGES, type TDevicesMessageKey } from './devices.messages.ts';

/**
 * Devices of a restaurant (SPEC 2 /deviceSetting/index and terminal, 3 "Device", 4 "Device: online or
 * offline"): request and response shapes of the devices API, used by the server's routes and the
 * web's forms alike, so both refuse the same input with the same words.
 */

const en = (key: TDevicesMessageKey) => DEVICES_MESSAGES[key].en;

/** SPEC 3 "type (printer, terminal, kiosk, reader, dual screen)". */
export const DEVICE_TYPES = ['printer', 'terminal', 'kiosk', 'reader', 'dualScreen'] as const;
export type TDeviceType = (typeof DEVICE_TYPES)[number];

export const DEVICE_PLATFORMS = ['android', 'ios'] as const;
export type TDevicePlatform = (typeof DEVICE_PLATFORMS)[number];

/**
 * `pending` is a pairing code waiting for its device; `revoked` a device whose credential was ended.
 * `online` / `offline` are judged when read (DEVICE_HEARTBEAT), never stored.
 */
export const DEVICE_STATUSES = ['online', 'offline', 'revoked'] as const;
export type TDeviceStatus = (typeof DEVICE_STATUSES)[number];

/** A device beats every 30 s and is offline once 3 beats in a row are missing (issue 9 "Devices"). */
export const DEVICE_HEARTBEAT = { intervalSeconds: 30, missedBeatsOffline: 3 } as const;
export const DEVICE_OFFLINE_AFTER_MS = DEVICE_HEARTBEAT.intervalSeconds * DEVICE_HEARTBEAT.missedBeatsOffline * 1000;

/** One-time pairing codes: 8 characters, valid 15 minutes by the app clock (issue 9 "Pairing"). */
export const PAIRING_CODE_LENGTH = 8;
export const PAIRING_CODE_TTL_MS = 15 * 60 * 1000;
/** No 0/O, 1/I/L: a code is read off one screen and typed on another. */
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Online when the last beat is at most 3 intervals old at `now`. */
export function deviceStatus(
  device: { revokedAt: string | null; lastVisitAt: string | null },
  now: Date,
): TDeviceStatus {
  if (device.revokedAt) return 'revoked';
  if (!device.lastVisitAt) return 'offline';
  return now.getTime() - Date.parse(device.lastVisitAt) <= DEVICE_OFFLINE_AFTER_MS ? 'online' : 'offline';
}

/** Upper case, spaces and dashes dropped: what the owner reads as "ABCD-EFGH" a device may send as typed. */
export function normalizePairingCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** "ABCDEFGH" -> "ABCD-EFGH", easier to read aloud. */
export function formatPairingCode(code: string): string {
  return code.length === PAIRING_CODE_LENGTH ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

const ZName = zText({ error: en('devices.nameRequired') })
  .trim()
  .min(1, en('devices.nameRequired'))
  .max(60, en('devices.nameTooLong'));
const ZType = z.enum(DEVICE_TYPES, { error: en('devices.typeRequired') });
const ZVersion = zText()
  .trim()
  .regex(/^\d{1,4}(\.\d{1,4}){1,2}$/, en('devices.versionFormat'))
  .max(14, en('devices.versionFormat'));

/** Per platform app settings the device reads at pairing (SPEC 3 "platform config for Android and iOS"). */
export const ZPlatformConfig = z.object({
  /** Devices on an older app are told to update before taking orders. */
  minAppVersion: z.union([ZVersion, z.literal('')]).default(''),
  autoUpdate: z.boolean().default(true),
  /** Kiosks and dual screens lock the tablet to the app (Android lock task / iOS Guided Access). */
  lockToApp: z.boolean().default(false),
});
export type TPlatformConfig = z.infer<typeof ZPlatformConfig>;

export const ZPlatformConfigs = z.object({
  android: ZPlatformConfig.default({ minAppVersion: '', autoUpdate: true, lockToApp: false }),
  ios: ZPlatformConfig.default({ minAppVersion: '', autoUpdate: true, lockToApp: false }),
});
export type TPlatformConfigs = z.infer<typeof ZPlatformConfigs>;

export const ZDevice = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(DEVICE_TYPES),
  model: z.string().nullable(),
  serialNumber: z.string().nullable(),
  macAddress: z.string().nullable(),
  ipAddress: z.string().nullable(),
  mobileId: z.string().nullable(),
  /** The short code staff see on the device and on tickets (SPEC 3 "code"). */
  code: z.string().nullable(),
  platform: z.enum(DEVICE_PLATFORMS).nullable(),
  appVersion: z.string().nullable(),
  status: z.enum(DEVICE_STATUSES),
  lastVisitAt: z.string().nullable(),
  lastIp: z.string().nullable(),
  pairedAt: z.string(),
  revokedAt: z.string().nullable(),
  platformConfig: ZPlatformConfigs,
});
export type TDevice = z.infer<typeof ZDevice>;

export const DEVICE_LIST_PAGE_SIZES = [10, 20, 50] as const;

export const ZDeviceListQuery = z.object({
  type: z.enum(DEVICE_TYPES).optional(),
  status: z.enum(DEVICE_STATUSES).optional(),
  q: zText().trim().max(60).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TDeviceListQuery = z.infer<typeof ZDeviceListQuery>;

export const ZDeviceListResponse = z.object({
  items: z.array(ZDevice),
  total: z.number().int(),
  /** Counts over the whole restaurant (not the page), for the status summary. */
  counts: z.object({ online: z.number().int(), offline: z.number().int(), revoked: z.number().int() }),
  /** Codes created and not yet used or expired, newest first. */
  pendingCodes: z.array(
    z.object({ id: z.number().int(), name: z.string(), type: z.enum(DEVICE_TYPES), expiresAt: z.string() }),
  ),
  /** The server's "now", so the browser counts down and judges freshness by the same clock. */
  serverTime: z.string(),
});
export type TDeviceListResponse = z.infer<typeof ZDeviceListResponse>;

/** POST /api/api/devices/pairing-codes: what the owner names the device before pairing it. */
export const ZCreatePairingCodeRequest = z.object({ name: ZName, type: ZType });
export type TCreatePairingCodeRequest = z.infer<typeof ZCreatePairingCodeRequest>;

export const ZPairingCode = z.object({
  id: z.number().int(),
  /** Shown once: only its hash is stored. */
  code: z.string(),
  name: z.string(),
  type: z.enum(DEVICE_TYPES),
  expiresAt: z.string(),
});
export type TPairingCode = z.infer<typeof ZPairingCode>;

const optionalText = (max: number) => zText().trim().max(max).optional();

/** POST /api/api/devices/pair: the device sends the code and describes itself. */
export const ZPairDeviceRequest = z.object({
  code: zText()
    .max(32, en('devices.pairingCodeFormat'))
    .transform(normalizePairingCode)
    .pipe(
      z
        .string()
        .regex(new RegExp(`^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`), en('devices.pairingCodeFormat')),
    ),
  model: optionalText(80),
  serialNumber: optionalText(80),
  macAddress: zText()
    .trim()
    .regex(/^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5}$/, en('devices.macFormat'))
    .max(17, en('devices.macFormat'))
    .transform((mac) => mac.toUpperCase().replace(/-/g, ':'))
    .optional(),
  mobileId: optionalText(120),
  platform: z.enum(DEVICE_PLATFORMS).optional(),
  appVersion: ZVersion.optional(),
});
export type TPairDeviceRequest = z.infer<typeof ZPairDeviceRequest>;

export const ZPairDeviceResponse = z.object({
  /** The device's own credential: sent as the Authorization header on device calls. Shown once. */
  token: z.string(),
  deviceId: z.number().int(),
  restaurantName: z.string(),
  heartbeatSeconds: z.number().int(),
  platformConfig: ZPlatformConfig.nullable(),
});
export type TPairDeviceResponse = z.infer<typeof ZPairDeviceResponse>;

const ZHeartbeat = z.object({
  appVersion: ZVersion.optional(),
  /** The address on the restaurant's network (the request's own address is the public one). */
  ipAddress: optionalText(45),
});
/** POST /api/api/devices/heartbeat; a beat may carry no body at all. */
export const ZHeartbeatRequest = ZHeartbeat.nullish();
export type THeartbeatRequest = z.infer<typeof ZHeartbeat>;

export const ZHeartbeatResponse = z.object({
  serverTime: z.string(),
  nextBeatSeconds: z.number().int(),
});

export const ZUpdateDeviceRequest = z.object({
  name: ZName.optional(),
  code: z
    .union([zText().trim().max(20, en('devices.codeTooLong')), z.null()])
    .transform((code) => (code === '' ? null : code))
    .optional(),
  platformConfig: ZPlatformConfigs.optional(),
});
export type TUpdateDeviceRequest = z.infer<typeof ZUpdateDeviceRequest>;

// --- terminal settings (/deviceSetting/terminal) ------------------------------------------

export const RECEIPT_PROMPTS = ['ask', 'print', 'none'] as const;
const ZCents = z
  .number({ error: en('devices.amountRange') })
  .int(en('devices.amountRange'))
  .min(0, en('devices.amountRange'))
  .max(1_000_000, en('devices.amountRange'));

/**
 * What every payment terminal and card reader of the restaurant does at the table or counter: the
 * tipping screen, the signature line, receipts and offline card payments, as Toast and Square set
 * them per restaurant.
 */
export const ZTerminalSettings = z.object({
  tipEnabled: z.boolean(),
  tipPercents: z
    .array(z.number().int().min(1).max(100), { error: en('devices.tipPercentsRange') })
    .min(1, en('devices.tipPercentsRange'))
    .max(3, en('devices.tipPercentsRange'))
    .refine((values) => new Set(values).size === values.length, en('devices.tipPercentsRange')),
  customTipAllowed: z.boolean(),
  /** Tips are offered on the amount before tax (most US diners expect that). */
  tipOnPreTax: z.boolean(),
  /** A signature is asked above this amount (0: always). */
  signatureAboveCents: ZCents,
  receiptPrompt: z.enum(RECEIPT_PROMPTS),
  /** Card payments taken while offline are stored and forwarded, each up to this amount (0: refused). */
  offlinePaymentLimitCents: ZCents,
  /** The dual screen shows the order as it is rung up, then the tip screen. */
  dualScreenShowsOrder: z.boolean(),
});
export type TTerminalSettings = z.infer<typeof ZTerminalSettings>;

export const DEFAULT_TERMINAL_SETTINGS: TTerminalSettings = {
  tipEnabled: true,
  tipPercents: [15, 18, 20],
  customTipAllowed: true,
  tipOnPreTax: true,
  signatureAboveCents: 2_500,
  receiptPrompt: 'ask',
  offlinePaymentLimitCents: 10_000,
  dualScreenShowsOrder: true,
};

export const ZTerminalSettingsResponse = ZTerminalSettings.extend({ updatedAt: z.string().nullable() });
