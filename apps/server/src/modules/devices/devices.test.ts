import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEVICES_MESSAGES } from '@ra/shared/devices/devices.messages';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import type { ManualClock } from '../../lib/clock.ts';
import { createPerson, flagsWith, harbor, restaurantByName } from '../team/team.test-support.ts';
import { as, createTestContext, TEST_NOW, tokenFor, type TestContext } from '../../../test/helper.ts';

let ctx: TestContext;
let clock: ManualClock;
let owner: ReturnType<typeof as>;

beforeAll(async () => {
  ctx = await createTestContext();
  clock = ctx.config.clock as ManualClock;
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
});
afterAll(async () => {
  await ctx?.close();
});

const device = (token: string) => as(ctx.app, token);

async function newCode(name = 'Patio terminal', type = 'terminal'): Promise<string> {
  const res = await owner({ method: 'POST', url: '/api/api/devices/pairing-codes', payload: { name, type } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().code as string;
}

async function pair(code: string, extra: Record<string, unknown> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/api/devices/pair',
    payload: {
      code,
      model: 'Sunmi T2s',
      serialNumber: 'SN-TEST-1',
      macAddress: '7c-2a-db-10-33-99',
      platform: 'android',
      appVersion: '4.3.1',
      ...extra,
    },
  });
}

async function pairedDevice(name = 'Patio terminal'): Promise<{ token: string; deviceId: number }> {
  const res = await pair(await newCode(name));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { token: string; deviceId: number };
}

function order(posOrderId: string) {
  return {
    posOrderId,
    channel: 'dineIn',
    partySize: 2,
    status: 'closed',
    openedAt: '2026-03-14T22:00:00Z',
    closedAt: '2026-03-14T23:00:00Z',
    items: [{ posItemId: 'oy-1', name: 'Oysters', category: 'Raw bar', quantity: 1, unitPriceCents: 1800 }],
    payments: [{ posPaymentId: `${posOrderId}-p`, method: 'cash', amountCents: 1800, paidAt: '2026-03-14T23:00:00Z' }],
  };
}

describe('pairing', () => {
  it('gives an 8-character code valid 15 minutes that pairs exactly one device', async () => {
    const res = await owner({
      method: 'POST',
      url: '/api/api/devices/pairing-codes',
      payload: { name: 'Patio', type: 'kiosk' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(Date.parse(body.expiresAt) - clock.now().getTime()).toBe(15 * 60 * 1000);

    const list = (await owner({ method: 'GET', url: '/api/api/devices' })).json();
    expect(list.pendingCodes.map((p: { id: number }) => p.id)).toContain(body.id);
    // Only the hash is stored: nothing in the list gives the code back.
    expect(JSON.stringify(list)).not.toContain(body.code);

    // Typed as read aloud: lower case with a dash still pairs.
    const paired = await pair(`${body.code.slice(0, 4).toLowerCase()}-${body.code.slice(4)}`);
    expect(paired.statusCode, paired.body).toBe(201);
    expect(paired.json().token).toMatch(/^dev_/);
    expect(paired.json().restaurantName).toBe('Harbor Bistro');

    const again = await pair(body.code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(DEVICES_MESSAGES['devices.pairingCodeInvalid'].en);

    const shown = await owner({ method: 'GET', url: `/api/api/devices/${paired.json().deviceId}` });
    expect(shown.json()).toMatchObject({
      name: 'Patio',
      type: 'kiosk',
      status: 'online',
      macAddress: '7C:2A:DB:10:33:99',
      platform: 'android',
      code: expect.stringMatching(/^K\d+$/),
    });
  });

  it('refuses a code after its 15 minutes by the app clock', async () => {
    const code = await newCode();
    clock.advance(15 * 60 * 1000 + 1000);
    try {
      const res = await pair(code);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(DEVICES_MESSAGES['devices.pairingCodeInvalid'].en);
    } finally {
      clock.set(TEST_NOW);
    }
  });

  it('refuses a malformed code with the format message and a withdrawn code like a wrong one', async () => {
    const bad = await pair('ABC');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(DEVICES_MESSAGES['devices.pairingCodeFormat'].en);

    const code = await newCode();
    const list = (await owner({ method: 'GET', url: '/api/api/devices' })).json();
    const id = list.pendingCodes[0].id as number;
    expect((await owner({ method: 'DELETE', url: `/api/api/devices/pairing-codes/${id}` })).statusCode).toBe(204);
    expect((await pair(code)).statusCode).toBe(400);
  });

  it('records who created the code and the pairing in the audit trail', async () => {
    const { deviceId } = await pairedDevice('Audited terminal');
    const rows = await ctx.db.execute(
      sql`select action from audit_log where target_type = 'device' and target_id = ${String(deviceId)}`,
    );
    expect((rows as unknown as { rows: Array<{ action: string }> }).rows.map((r) => r.action)).toEqual(['device.pair']);
  });
});

describe('heartbeat', () => {
  it('keeps a device online and turns it offline after 3 missed beats', async () => {
    const { token, deviceId } = await pairedDevice('Beating terminal');
    const status = async () => (await owner({ method: 'GET', url: `/api/api/devices/${deviceId}` })).json().status;
    try {
      const beat = await device(token)({
        method: 'POST',
        url: '/api/api/devices/heartbeat',
        payload: { appVersion: '4.4.0' },
      });
      expect(beat.statusCode, beat.body).toBe(200);
      expect(beat.json().nextBeatSeconds).toBe(30);
      clock.advance(90_000);
      expect(await status()).toBe('online');
      clock.advance(1_000);
      expect(await status()).toBe('offline');
      const offline = (await owner({ method: 'GET', url: '/api/api/devices', query: { status: 'offline' } })).json();
      expect(offline.items.map((d: { id: number }) => d.id)).toContain(deviceId);

      const second = await device(token)({ method: 'POST', url: '/api/api/devices/heartbeat' });
      expect(second.statusCode, second.body).toBe(200);
      expect(await status()).toBe('online');
      expect((await owner({ method: 'GET', url: `/api/api/devices/${deviceId}` })).json().appVersion).toBe('4.4.0');
    } finally {
      clock.set(TEST_NOW);
    }
  });

  it('refuses a person on the heartbeat and a device on the back office', async () => {
    const { token } = await pairedDevice('Nosy terminal');
    const person = await owner({ method: 'POST', url: '/api/api/devices/heartbeat', payload: {} });
    expect(person.statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', '/api/api/devices'],
      ['GET', '/api/api/getrest'],
      ['GET', '/api/api/transactions'],
      ['POST', '/api/api/devices/pairing-codes'],
    ] as const) {
      const res = await device(token)({
        method,
        url,
        payload: method === 'POST' ? { name: 'x', type: 'kiosk' } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('answers an unknown device credential as signed out', async () => {
    const res = await device('dev_not-a-real-credential')({
      method: 'POST',
      url: '/api/api/devices/heartbeat',
      payload: {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(50012);
  });
});

describe('ingestion with a device credential', () => {
  it('accepts a POS order pushed by a paired device and records the device on it', async () => {
    const { token, deviceId } = await pairedDevice('Ordering terminal');
    const res = await device(token)({ method: 'POST', url: '/api/api/pos/orders', payload: order('dev-order-1') });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await ctx.db.execute(sql`select device_id from orders where pos_order_id = 'dev-order-1'`);
    expect((rows as unknown as { rows: Array<{ device_id: number }> }).rows[0]?.device_id).toBe(deviceId);

    // A staff session is still accepted, and leaves the device of an earlier push in place.
    const staffPush = await owner({
      method: 'POST',
      url: '/api/api/pos/orders',
      payload: { ...order('dev-order-1'), partySize: 3 },
    });
    expect(staffPush.statusCode, staffPush.body).toBe(200);
    const after = await ctx.db.execute(
      sql`select device_id, party_size from orders where pos_order_id = 'dev-order-1'`,
    );
    expect((after as unknown as { rows: Array<{ device_id: number; party_size: number }> }).rows[0]).toEqual({
      device_id: deviceId,
      party_size: 3,
    });

    const payout = await device(token)({
      method: 'POST',
      url: '/api/api/pos/payouts',
      payload: { posPayoutId: 'dev-payout-1', amountCents: 500, reason: 'Ice', by: 'Sam', at: '2026-03-14T22:00:00Z' },
    });
    expect(payout.statusCode, payout.body).toBe(201);
  });

  it('files a device’s order under the device’s restaurant only', async () => {
    const { token } = await pairedDevice('Scoped terminal');
    await device(token)({ method: 'POST', url: '/api/api/pos/orders', payload: order('dev-order-scope') });
    const rows = await ctx.db.execute(
      sql`select r.name from orders o join restaurants r on r.id = o.restaurant_id where o.pos_order_id = 'dev-order-scope'`,
    );
    expect((rows as unknown as { rows: Array<{ name: string }> }).rows.map((r) => r.name)).toEqual(['Harbor Bistro']);
  });
});

describe('revocation', () => {
  it('ends the credential at once', async () => {
    const { token, deviceId } = await pairedDevice('Stolen terminal');
    expect((await device(token)({ method: 'POST', url: '/api/api/devices/heartbeat', payload: {} })).statusCode).toBe(
      200,
    );
    const revoked = await owner({ method: 'POST', url: `/api/api/devices/${deviceId}/revoke` });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().status).toBe('revoked');

    const beat = await device(token)({ method: 'POST', url: '/api/api/devices/heartbeat', payload: {} });
    expect(beat.statusCode).toBe(401);
    const push = await device(token)({
      method: 'POST',
      url: '/api/api/pos/orders',
      payload: order('dev-after-revoke'),
    });
    expect(push.statusCode).toBe(401);

    const again = await owner({ method: 'POST', url: `/api/api/devices/${deviceId}/revoke` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DEVICES_MESSAGES['devices.alreadyRevoked'].en);
  });

  it('does not let another restaurant see or revoke the device', async () => {
    const { deviceId } = await pairedDevice('Harbor only');
    const dragon = await restaurantByName(ctx.db, '金龙餐厅 Golden Dragon');
    await createPerson(ctx.db, dragon, {
      email: 'dragon-devices@dragon.test',
      existingRole: 'Owner',
      firstName: 'Li',
      lastName: 'Wu',
    });
    const other = as(ctx.app, await tokenFor(ctx.app, 'dragon-devices@dragon.test'));
    expect((await other({ method: 'POST', url: `/api/api/devices/${deviceId}/revoke` })).statusCode).toBe(404);
    expect((await other({ method: 'GET', url: `/api/api/devices/${deviceId}` })).statusCode).toBe(404);
    const list = await other({ method: 'GET', url: '/api/api/devices' });
    expect(list.body).not.toContain('Harbor only');
  });

  it('refuses staff without editConfig', async () => {
    const home = await harbor(ctx.db);
    await createPerson(ctx.db, home, {
      email: 'cashier-devices@demo.test',
      roleName: 'Cashier only',
      flags: flagsWith('order'),
    });
    const cashier = as(ctx.app, await tokenFor(ctx.app, 'cashier-devices@demo.test'));
    expect((await cashier({ method: 'GET', url: '/api/api/devices' })).statusCode).toBe(403);
    expect(
      (await cashier({ method: 'POST', url: '/api/api/devices/pairing-codes', payload: { name: 'x', type: 'kiosk' } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the list and terminal settings', () => {
  it('shows the demo devices with their details, filtered and paged on the server', async () => {
    const all = (await owner({ method: 'GET', url: '/api/api/devices', query: { type: 'printer' } })).json();
    expect(all.items.map((d: { name: string }) => d.name)).toContain('Kitchen printer');
    expect(all.items[0]).toMatchObject({
      model: 'Star TSP143IV',
      macAddress: '00:11:62:2A:4C:7E',
      ipAddress: '192.168.1.40',
    });
    const paged = (await owner({ method: 'GET', url: '/api/api/devices', query: { pageSize: '2', page: '1' } })).json();
    expect(paged.items).toHaveLength(2);
    expect(paged.total).toBeGreaterThan(2);
    const found = (await owner({ method: 'GET', url: '/api/api/devices', query: { q: 'elo' } })).json();
    expect(found.items.map((d: { name: string }) => d.name)).toEqual(['Lobby kiosk']);
  });

  it('saves terminal settings, refuses bad tip suggestions and audits the change', async () => {
    const before = (await owner({ method: 'GET', url: '/api/api/devices/terminal-settings' })).json();
    expect(before.tipPercents).toEqual([15, 18, 20]);
    const { updatedAt: _u, ...settings } = before;
    const bad = await owner({
      method: 'PUT',
      url: '/api/api/devices/terminal-settings',
      payload: { ...settings, tipPercents: [10, 15, 18, 20] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(DEVICES_MESSAGES['devices.tipPercentsRange'].en);
    const saved = await owner({
      method: 'PUT',
      url: '/api/api/devices/terminal-settings',
      payload: { ...settings, tipPercents: [18, 20, 22], receiptPrompt: 'none' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await owner({ method: 'GET', url: '/api/api/devices/terminal-settings' })).json();
    expect(read).toMatchObject({ tipPercents: [18, 20, 22], receiptPrompt: 'none' });
    const audit = await ctx.db.execute(
      sql`select details from audit_log where action = 'device.terminalSettings.update' order by id desc limit 1`,
    );
    const details = (audit as unknown as { rows: Array<{ details: { before: { tipPercents: number[] } } }> }).rows[0]
      ?.details;
    expect(details?.before.tipPercents).toEqual([15, 18, 20]);
  });

  it('edits a device’s name, code and platform config', async () => {
    const { deviceId } = await pairedDevice('Rename me');
    const res = await owner({
      method: 'PUT',
      url: `/api/api/devices/${deviceId}`,
      payload: {
        name: 'Host stand',
        code: 'HS1',
        platformConfig: { android: { minAppVersion: '4.5', autoUpdate: false, lockToApp: true }, ios: {} },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Host stand',
      code: 'HS1',
      platformConfig: { android: { minAppVersion: '4.5', lockToApp: true } },
    });
    const bad = await owner({ method: 'PUT', url: `/api/api/devices/${deviceId}`, payload: { name: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(DEVICES_MESSAGES['devices.nameRequired'].en);
  });
});
