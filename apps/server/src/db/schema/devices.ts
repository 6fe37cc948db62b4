import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TPlatformConfigs, TTerminalSettings } from '@ra/shared/devices/devices.schemas';
import { restaurants } from './restaurants.ts';

const instant = () => timestamp({ withTimezone: true });

/**
 * A restaurant's paired devices (SPEC 3 "Device"). Each holds its own credential: only the sha256 of
 * it is stored, and revoking clears it, so the device's next call is refused (docs/decisions.md
 * "Device credentials"). Online or offline is judged from `last_visit_at` when read, never stored.
 */
export const devices = pgTable(
  'devices',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text().notNull(),
    model: text(),
    serialNumber: text(),
    macAddress: text(),
    /** The address on the restaurant's network the device reports. */
    ipAddress: text(),
    mobileId: text(),
    code: text(),
    platform: text(),
    appVersion: text(),
    platformConfig: jsonb().$type<TPlatformConfigs>().notNull(),
    credentialHash: text(),
    pairedAt: instant().notNull(),
    lastVisitAt: instant(),
    /** The address the last call came from. */
    lastIp: text(),
    revokedAt: instant(),
  },
  (t) => [
    index('devices_restaurant_idx').on(t.restaurantId, t.id),
    uniqueIndex('devices_credential_hash_idx').on(t.credentialHash),
    check('devices_type_check', sql`${t.type} in ('printer', 'terminal', 'kiosk', 'reader', 'dualScreen')`),
    check('devices_platform_check', sql`${t.platform} in ('android', 'ios')`),
    check('devices_revoked_no_credential_check', sql`${t.revokedAt} is null or ${t.credentialHash} is null`),
  ],
);

/**
 * One-time pairing codes: the sha256 of the code, valid until `expires_at` (15 minutes after creation
 * by the app clock) and used once.
 */
export const devicePairingCodes = pgTable(
  'device_pairing_codes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    name: text().notNull(),
    type: text().notNull(),
    createdByUserId: integer(),
    createdAt: instant().notNull(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    deviceId: integer().references(() => devices.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('device_pairing_codes_hash_idx').on(t.codeHash),
    index('device_pairing_codes_restaurant_idx').on(t.restaurantId, t.expiresAt),
  ],
);

/** The restaurant's payment terminal settings (/deviceSetting/terminal); defaults until first saved. */
export const terminalSettings = pgTable('terminal_settings', {
  restaurantId: integer()
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  settings: jsonb().$type<TTerminalSettings>().notNull(),
  updatedAt: instant().notNull(),
});
