import { describe, expect, it } from 'vitest';
import { DEVICES_MESSAGES } from './devices.messages.ts';
import {
  ZPairDeviceRequest,
  ZTerminalSettings,
  DEFAULT_TERMINAL_SETTINGS,
  deviceStatus,
  formatPairingCode,
  normalizePairingCode,
} from './devices.schemas.ts';

const now = new Date('2026-03-14T23:30:00Z');
const secondsAgo = (s: number) => new Date(now.getTime() - s * 1000).toISOString();

describe(deviceStatus.name, () => {
  it('is online up to 3 missed 30-second beats and offline after', () => {
    expect(deviceStatus({ revokedAt: null, lastVisitAt: secondsAgo(5) }, now)).toBe('online');
    expect(deviceStatus({ revokedAt: null, lastVisitAt: secondsAgo(90) }, now)).toBe('online');
    expect(deviceStatus({ revokedAt: null, lastVisitAt: secondsAgo(91) }, now)).toBe('offline');
    expect(deviceStatus({ revokedAt: null, lastVisitAt: null }, now)).toBe('offline');
  });

  it('is revoked whatever its last beat', () => {
    expect(deviceStatus({ revokedAt: secondsAgo(1), lastVisitAt: secondsAgo(1) }, now)).toBe('revoked');
  });
});

describe('pairing codes', () => {
  it('reads a code typed in lower case with a dash or spaces', () => {
    expect(normalizePairingCode(' abcd-efgh ')).toBe('ABCDEFGH');
    expect(formatPairingCode('ABCDEFGH')).toBe('ABCD-EFGH');
    expect(ZPairDeviceRequest.parse({ code: 'abcd efgh' }).code).toBe('ABCDEFGH');
  });

  it('refuses a code of the wrong length or with letters that are never issued', () => {
    for (const code of ['ABCDEFG', 'ABCDEFGHJ', 'ABCDEFG0', 'ABCDEFGI']) {
      expect(ZPairDeviceRequest.safeParse({ code }).error?.issues[0]?.message, code).toBe(
        DEVICES_MESSAGES['devices.pairingCodeFormat'].en,
      );
    }
  });

  it('normalises a MAC address and refuses a malformed one', () => {
    expect(ZPairDeviceRequest.parse({ code: 'ABCDEFGH', macAddress: '7c-2a-db-10-33-01' }).macAddress).toBe(
      '7C:2A:DB:10:33:01',
    );
    expect(ZPairDeviceRequest.safeParse({ code: 'ABCDEFGH', macAddress: '7c2adb' }).error?.issues[0]?.message).toBe(
      DEVICES_MESSAGES['devices.macFormat'].en,
    );
  });
});

describe('terminal settings', () => {
  it('accepts the defaults and refuses more than 3 or repeated tip suggestions', () => {
    expect(ZTerminalSettings.safeParse(DEFAULT_TERMINAL_SETTINGS).success).toBe(true);
    for (const tipPercents of [[10, 15, 18, 20], [15, 15], []]) {
      expect(ZTerminalSettings.safeParse({ ...DEFAULT_TERMINAL_SETTINGS, tipPercents }).error?.issues[0]?.message).toBe(
        DEVICES_MESSAGES['devices.tipPercentsRange'].en,
      );
    }
  });
});
