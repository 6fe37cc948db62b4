import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ZPlatformConfigs, type TDeviceType } from '@ra/shared/devices/devices.schemas';
import type { TDomainSeedContext } from './seed-context.ts';
import { devices } from '../db/schema/devices.ts';
import { restaurants } from '../db/schema/restaurants.ts';

/**
 * Harbor Bistro's devices: a kitchen printer, two terminals and a kiosk, as a small restaurant runs
 * them. Their credentials are random and unknown (a demo device cannot call in); the terminals beat
 * a moment before `now`, the kiosk last beat yesterday, so the list shows both states at first.
 */
export async function seedDevicesDemo(ctx: TDomainSeedContext): Promise<void> {
  const [harbor] = await ctx.db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.name, 'Harbor Bistro'));
  if (!harbor) return;
  const ago = (ms: number) => new Date(ctx.now.getTime() - ms);
  const pairedAt = ago(40 * 24 * 3600 * 1000);
  const credential = () => createHash('sha256').update(randomBytes(32)).digest('hex');
  const config = ZPlatformConfigs.parse({ android: { minAppVersion: '4.2' }, ios: { minAppVersion: '4.2' } });
  const device = (
    name: string,
    type: TDeviceType,
    code: string,
    more: Partial<typeof devices.$inferInsert>,
  ): typeof devices.$inferInsert => ({
    restaurantId: harbor.id,
    name,
    type,
    code,
    platformConfig: config,
    credentialHash: credential(),
    pairedAt,
    ...more,
  });
  await ctx.db.insert(devices).values([
    device('Kitchen printer', 'printer', 'P1', {
      model: 'Star TSP143IV',
      serialNumber: 'TSP1-2291-0457',
      macAddress: '00:11:62:2A:4C:7E',
      ipAddress: '192.168.1.40',
      lastVisitAt: ago(12_000),
      lastIp: '203.0.113.24',
    }),
    device('Front counter', 'terminal', 'T1', {
      model: 'Sunmi T2s',
      serialNumber: 'T2S-88231-HB',
      macAddress: '7C:2A:DB:10:33:01',
      ipAddress: '192.168.1.21',
      mobileId: 'android-5f2c9a1e7b',
      platform: 'android',
      appVersion: '4.3.1',
      lastVisitAt: ago(8_000),
      lastIp: '203.0.113.24',
    }),
    device('Bar terminal', 'terminal', 'T2', {
      model: 'iPad Air (5th gen)',
      serialNumber: 'DMPHX2-HB-77',
      macAddress: 'A4:83:E7:5C:21:9B',
      ipAddress: '192.168.1.22',
      mobileId: 'ios-0d4b7ce2a9',
      platform: 'ios',
      appVersion: '4.3.0',
      lastVisitAt: ago(20_000),
      lastIp: '203.0.113.24',
    }),
    device('Lobby kiosk', 'kiosk', 'K1', {
      model: 'Elo I-Series 4',
      serialNumber: 'ELO-I4-55310',
      macAddress: '00:0F:20:9E:41:C8',
      ipAddress: '192.168.1.30',
      mobileId: 'android-a81c03f4d2',
      platform: 'android',
      appVersion: '4.2.5',
      lastVisitAt: ago(26 * 3600 * 1000),
      lastIp: '203.0.113.24',
    }),
  ]);
}
