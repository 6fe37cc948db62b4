import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DELIVERY_MESSAGES } from '@ra/shared/delivery/delivery.messages';
import { WEBHOOK_SIGNATURE_HEADER, type TWebhookOrder } from '@ra/shared/delivery/delivery.schemas';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import type { ManualClock } from '../../lib/clock.ts';
import { createPerson, flagsWith, harbor, restaurantByName } from '../team/team.test-support.ts';
import { as, createTestContext, TEST_JWT_SECRET, TEST_NOW, tokenFor, type TestContext } from '../../../test/helper.ts';
import { SecretBox, secretsConfigFromEnv } from '../../lib/secrets.ts';
import { deliveryModule } from './delivery.module.ts';
import type { TMenuApi } from '../menu/menu.module.ts';
import { localSimulatorFor, signWebhook } from './platform-adapter.ts';

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

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const box = new SecretBox(secretsConfigFromEnv({}, TEST_JWT_SECRET));

async function connection(
  platform: string,
  restaurant = 'Harbor Bistro',
): Promise<{ storeId: string; secret: string }> {
  const rows = rowsOf<{ store_id: string; webhook_secret: string }>(
    await ctx.db.execute(sql`select store_id, webhook_secret from delivery_connections
      where platform = ${platform} and restaurant_id = (select id from restaurants where name = ${restaurant})`),
  );
  // Sealed at rest (lib/secrets.ts), under the key the test app derives from its JWT secret.
  return { storeId: rows[0]!.store_id, secret: box.open(rows[0]!.webhook_secret).plain };
}

function platformOrder(storeId: string, orderId: string): TWebhookOrder {
  return {
    storeId,
    orderId,
    placedAt: clock.now().toISOString(),
    customerName: 'Jo',
    items: [{ id: 'burger', name: 'Harbor Burger', category: 'Mains', quantity: 2, unitPriceCents: 1800, options: [] }],
    taxCents: 320,
    tipCents: 500,
    totalCents: 3600 + 320 + 500,
  };
}

function post(platform: string, body: string, signature: string | undefined) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/api/delivery/webhook/${platform}`,
    headers: { 'content-type': 'application/json', ...(signature ? { [WEBHOOK_SIGNATURE_HEADER]: signature } : {}) },
    payload: body,
  });
}

const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

describe('the webhook', () => {
  it('stores a signed order once, with the delivery channel, and answers a redelivery as a duplicate', async () => {
    const { storeId, secret } = await connection('doordash');
    const body = JSON.stringify(platformOrder(storeId, 'DD-1001'));
    const first = await post('doordash', body, signWebhook(secret, body, nowSeconds()));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().result).toBe('created');

    const again = await post('doordash', body, signWebhook(secret, body, nowSeconds()));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ result: 'duplicate', orderId: first.json().orderId });

    const orders = rowsOf<{ channel: string; delivery_platform: string; total_cents: number }>(
      await ctx.db.execute(
        sql`select channel, delivery_platform, total_cents::int as total_cents from orders where pos_order_id = 'doordash:DD-1001'`,
      ),
    );
    expect(orders).toEqual([{ channel: 'delivery', delivery_platform: 'DoorDash', total_cents: 4420 }]);
  });

  it('stores one order when the same order arrives many times at once', async () => {
    const { storeId, secret } = await connection('doordash');
    const body = JSON.stringify(platformOrder(storeId, 'DD-RACE'));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post('doordash', body, signWebhook(secret, body, nowSeconds()))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const count = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as n from orders where pos_order_id = 'doordash:DD-RACE'`),
    );
    expect(count[0]!.n).toBe(1);
  });

  it('refuses a wrong, missing, stale or reused-for-another-body signature and stores nothing', async () => {
    const { storeId, secret } = await connection('doordash');
    const body = JSON.stringify(platformOrder(storeId, 'DD-FORGED'));
    const other = JSON.stringify(platformOrder(storeId, 'DD-OTHER'));
    for (const signature of [
      signWebhook('not-the-secret', body, nowSeconds()),
      undefined,
      signWebhook(secret, body, nowSeconds() - 301),
      signWebhook(secret, other, nowSeconds()),
      't=abc,v1=zz',
    ]) {
      const res = await post('doordash', body, signature);
      expect(res.statusCode, String(signature)).toBe(401);
      expect(res.json().message).toBe(DELIVERY_MESSAGES['delivery.signatureInvalid'].en);
    }
    const count = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as n from orders where pos_order_id = 'doordash:DD-FORGED'`),
    );
    expect(count[0]!.n).toBe(0);
  });

  it('refuses an order for an unknown store or the wrong platform like a bad signature', async () => {
    const { storeId, secret } = await connection('doordash');
    const unknown = JSON.stringify(platformOrder('nobody', 'DD-X'));
    expect((await post('doordash', unknown, signWebhook(secret, unknown, nowSeconds()))).statusCode).toBe(401);
    const body = JSON.stringify(platformOrder(storeId, 'DD-Y'));
    expect((await post('ubereats', body, signWebhook(secret, body, nowSeconds()))).statusCode).toBe(401);
  });

  it('refuses a signed order whose total does not add up, storing nothing', async () => {
    const { storeId, secret } = await connection('doordash');
    const body = JSON.stringify({ ...platformOrder(storeId, 'DD-BADSUM'), totalCents: 4000 });
    const res = await post('doordash', body, signWebhook(secret, body, nowSeconds()));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Payments add up to/);
  });
});

describe('platform hours and pauses on incoming orders', () => {
  const count = async (orderId: string) =>
    rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as n from orders where pos_order_id = ${`doordash:${orderId}`}`),
    )[0]!.n;
  const refusal = async (orderId: string) =>
    rowsOf<{ refused_reason: string | null; order_id: number | null }>(
      await ctx.db.execute(
        sql`select refused_reason, order_id from delivery_orders where platform = 'doordash' and platform_order_id = ${orderId}`,
      ),
    );
  const send = async (orderId: string) => {
    const { storeId, secret } = await connection('doordash');
    const body = JSON.stringify(platformOrder(storeId, orderId));
    return post('doordash', body, signWebhook(secret, body, nowSeconds()));
  };

  it('refuses an order while the store is paused there, records it, and refuses a redelivery the same way', async () => {
    expect((await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/pause' })).statusCode).toBe(200);
    try {
      const res = await send('DD-PAUSED');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        result: 'rejected',
        reason: 'paused',
        message: DELIVERY_MESSAGES['delivery.storePaused'].en,
      });
      expect(await count('DD-PAUSED')).toBe(0);
      expect(await refusal('DD-PAUSED')).toEqual([{ refused_reason: 'paused', order_id: null }]);
    } finally {
      await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/resume' });
    }
    // Resumed: the same order id is still the refused order, not taken now.
    expect((await send('DD-PAUSED')).json()).toMatchObject({ result: 'rejected', reason: 'paused' });
    expect(await count('DD-PAUSED')).toBe(0);
  });

  it('refuses an order outside the platform’s own hours', async () => {
    const weekly = Array.from({ length: 7 }, () => [{ open: '11:00', close: '14:00' }]);
    await owner({
      method: 'PUT',
      url: '/api/api/delivery/platforms/doordash',
      payload: { hours: { sameAsRestaurant: false, weekly } },
    });
    try {
      // Saturday 19:30 in Boston: the platform's hours end at 14:00.
      const res = await send('DD-LATE');
      expect(res.json()).toEqual({
        result: 'rejected',
        reason: 'closed',
        message: DELIVERY_MESSAGES['delivery.storeClosed'].en,
      });
      expect(await count('DD-LATE')).toBe(0);
    } finally {
      await owner({
        method: 'PUT',
        url: '/api/api/delivery/platforms/doordash',
        payload: { hours: { sameAsRestaurant: true, weekly } },
      });
    }
  });

  it('follows the store’s hours when set to, a Saturday range past midnight included', async () => {
    try {
      // Harbor Bistro opens 10:00-01:00 on Saturdays and from 10:00 on Sundays.
      clock.set('2026-03-15T00:30:00-04:00');
      expect((await send('DD-NIGHT')).statusCode).toBe(201);
      clock.set('2026-03-15T05:00:00-04:00');
      expect((await send('DD-DAWN')).json()).toMatchObject({ result: 'rejected', reason: 'closed' });
      expect(await count('DD-DAWN')).toBe(0);
      expect(await refusal('DD-DAWN')).toEqual([{ refused_reason: 'closed', order_id: null }]);
    } finally {
      clock.set(TEST_NOW);
    }
  });

  it('tells the owner a simulator test order was refused', async () => {
    await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/pause' });
    try {
      const sent = await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/test-order', payload: {} });
      expect(sent.json()).toMatchObject({
        status: 200,
        refused: true,
        result: DELIVERY_MESSAGES['delivery.storePaused'].en,
      });
    } finally {
      await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/resume' });
    }
  });
});

describe('refused orders on the page', () => {
  const DRAGON = '金龙餐厅 Golden Dragon';
  type TCaller = ReturnType<typeof as>;
  const refusedOnCard = async (caller: TCaller) =>
    (await caller({ method: 'GET', url: '/api/api/delivery/platforms' }))
      .json()
      .platforms.find((p: { platform: string }) => p.platform === 'doordash').refusedRecently as number;
  const sendAs = async (restaurant: string, orderId: string) => {
    const { storeId, secret } = await connection('doordash', restaurant);
    const body = JSON.stringify(platformOrder(storeId, orderId));
    return post('doordash', body, signWebhook(secret, body, nowSeconds()));
  };

  it('counts and lists a paused platform’s refused orders of the last 7 business days, the restaurant’s own only', async () => {
    const dragon = await restaurantByName(ctx.db, DRAGON);
    await createPerson(ctx.db, dragon, { email: 'owner-delivery@dragon.test', existingRole: 'Owner' });
    const dragonOwner = as(ctx.app, await tokenFor(ctx.app, 'owner-delivery@dragon.test'));
    const home = await harbor(ctx.db);
    const before = await refusedOnCard(owner);

    // Golden Dragon pauses its own DoorDash store and refuses an order there.
    expect(
      (await dragonOwner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/connect' })).statusCode,
    ).toBe(200);
    await dragonOwner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/pause' });
    expect((await sendAs(DRAGON, 'GD-PAUSED')).json()).toMatchObject({ result: 'rejected', reason: 'paused' });
    // A refusal from 8 days ago at Harbor is outside the window.
    await ctx.db
      .execute(sql`insert into delivery_orders (restaurant_id, platform, platform_order_id, order_id, received_at, refused_reason)
      values (${home.id}, 'doordash', 'DD-OLD', null, ${new Date(clock.now().getTime() - 8 * 86_400_000).toISOString()}, 'closed')`);

    clock.advance(60_000);
    await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/pause' });
    try {
      expect((await sendAs('Harbor Bistro', 'DD-COUNTED')).json()).toMatchObject({ result: 'rejected' });
      // Counted on the card (paused or not), beside the orders taken today.
      expect(await refusedOnCard(owner)).toBe(before + 1);
      const listed = await owner({ method: 'GET', url: '/api/api/delivery/platforms/doordash/refused' });
      expect(listed.statusCode, listed.body).toBe(200);
      const page = listed.json();
      expect(page.total).toBe(before + 1);
      expect(page.orders).toHaveLength(before + 1);
      // The order, when it arrived and why (newest first).
      expect(page.orders).toContainEqual({
        platformOrderId: 'DD-COUNTED',
        receivedAt: clock.now().toISOString(),
        reason: 'paused',
      });
      const times = page.orders.map((o: { receivedAt: string }) => o.receivedAt);
      expect(times).toEqual([...times].sort().reverse());
      const ids = page.orders.map((o: { platformOrderId: string }) => o.platformOrderId);
      expect(ids).toContain('DD-PAUSED');
      expect(ids).not.toContain('GD-PAUSED');
      expect(ids).not.toContain('DD-OLD');
      // The window starts at the first of the last 7 business days (Saturday the 14th back to Sunday the
      // 8th; Harbor's days start at 03:00 New York time, daylight time from that morning on).
      expect(page.since).toBe(new Date('2026-03-08T03:00:00-04:00').toISOString());

      // Golden Dragon sees its own refusal only.
      expect(await refusedOnCard(dragonOwner)).toBe(1);
      const theirs = (await dragonOwner({ method: 'GET', url: '/api/api/delivery/platforms/doordash/refused' })).json();
      expect(theirs.orders.map((o: { platformOrderId: string }) => o.platformOrderId)).toEqual(['GD-PAUSED']);
      // Another platform's list at Harbor holds none of DoorDash's.
      const uber = (await owner({ method: 'GET', url: '/api/api/delivery/platforms/ubereats/refused' })).json();
      expect(uber).toMatchObject({ platform: 'ubereats', total: 0, orders: [] });
    } finally {
      await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/resume' });
      await dragonOwner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/disconnect' });
      clock.set(TEST_NOW);
    }
  });
});

describe('connections', () => {
  it('connects, pauses until a time, resumes by itself after it, and disconnects', async () => {
    const connected = await owner({ method: 'POST', url: '/api/api/delivery/platforms/ubereats/connect' });
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json()).toMatchObject({ platform: 'ubereats', label: 'Uber Eats', status: 'connected' });
    expect((await owner({ method: 'POST', url: '/api/api/delivery/platforms/ubereats/connect' })).statusCode).toBe(409);

    const past = await owner({
      method: 'POST',
      url: '/api/api/delivery/platforms/ubereats/pause',
      payload: { until: new Date(clock.now().getTime() - 60_000).toISOString() },
    });
    expect(past.statusCode).toBe(400);
    expect(past.body).toContain(DELIVERY_MESSAGES['delivery.pauseUntilPast'].en);

    const until = new Date(clock.now().getTime() + 30 * 60_000).toISOString();
    const paused = await owner({
      method: 'POST',
      url: '/api/api/delivery/platforms/ubereats/pause',
      payload: { until },
    });
    expect(paused.json()).toMatchObject({ status: 'paused', pausedUntil: until });
    try {
      clock.advance(31 * 60_000);
      const list = (await owner({ method: 'GET', url: '/api/api/delivery/platforms' })).json();
      expect(list.platforms.find((p: { platform: string }) => p.platform === 'ubereats').status).toBe('connected');
    } finally {
      clock.set(TEST_NOW);
    }

    const indefinite = await owner({ method: 'POST', url: '/api/api/delivery/platforms/ubereats/pause' });
    expect(indefinite.json()).toMatchObject({ status: 'paused', pausedUntil: null });
    const resumed = await owner({ method: 'POST', url: '/api/api/delivery/platforms/ubereats/resume' });
    expect(resumed.json().status).toBe('connected');

    const { storeId, secret } = await connection('ubereats');
    const gone = await owner({ method: 'POST', url: '/api/api/delivery/platforms/ubereats/disconnect' });
    expect(gone.json()).toMatchObject({ status: 'disconnected', storeId: null });
    // A late order for the old store is refused: its secret is gone.
    const body = JSON.stringify(platformOrder(storeId, 'UE-LATE'));
    expect((await post('ubereats', body, signWebhook(secret, body, nowSeconds()))).statusCode).toBe(401);

    const audit = rowsOf<{ action: string }>(
      await ctx.db.execute(
        sql`select action from audit_log where target_type = 'deliveryPlatform' and target_id = 'ubereats' order by id`,
      ),
    );
    expect(audit.map((a) => a.action)).toEqual([
      'delivery.connect',
      'delivery.pause',
      'delivery.pause',
      'delivery.resume',
      'delivery.disconnect',
    ]);
  });

  it('answers a platform outage with a retry message and leaves the connection as it was', async () => {
    const simulator = localSimulatorFor(ctx.db);
    simulator.failing = true;
    try {
      const res = await owner({ method: 'POST', url: '/api/api/delivery/platforms/grubhub/connect' });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(DELIVERY_MESSAGES['delivery.platformUnavailable'].en);
    } finally {
      simulator.failing = false;
    }
    const list = (await owner({ method: 'GET', url: '/api/api/delivery/platforms' })).json();
    expect(list.platforms.find((p: { platform: string }) => p.platform === 'grubhub').status).toBe('disconnected');
  });

  it('validates markups with the shared messages and saves hours and mapping', async () => {
    const bad = await owner({
      method: 'PUT',
      url: '/api/api/delivery/platforms/doordash',
      payload: { markup: { kind: 'percent', basisPoints: 6000 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(DELIVERY_MESSAGES['delivery.markupPercentRange'].en);
    const badTime = await owner({
      method: 'PUT',
      url: '/api/api/delivery/platforms/doordash',
      payload: {
        hours: {
          sameAsRestaurant: false,
          weekly: Array.from({ length: 7 }, () => [{ open: '25:00', close: '10:00' }]),
        },
      },
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.body).toContain(DELIVERY_MESSAGES['delivery.timeFormat'].en);

    const weekly = Array.from({ length: 7 }, (_, day) => (day === 1 ? [] : [{ open: '17:00', close: '01:00' }]));
    const saved = await owner({
      method: 'PUT',
      url: '/api/api/delivery/platforms/doordash',
      payload: { markup: { kind: 'fixed', cents: 150 }, hours: { sameAsRestaurant: false, weekly } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      markup: { kind: 'fixed', cents: 150 },
      hours: { sameAsRestaurant: false, weekly },
    });
    // Put the demo markup back for the tests below.
    await owner({
      method: 'PUT',
      url: '/api/api/delivery/platforms/doordash',
      payload: { markup: { kind: 'percent', basisPoints: 1500 } },
    });
  });
});

describe('publishing the menu', () => {
  it('lists what the platform would refuse and sends nothing until it is fixed', async () => {
    // The menu module's published menu is what goes out: let the free-request groups allow any number
    // (no maximum), which the platforms refuse, as a menu editor save would (a new revision).
    await ctx.db.execute(sql`update menu_modifier_groups set max_selections = null
      where name = 'Requests' and restaurant_id = (select id from restaurants where name = 'Harbor Bistro')`);
    await ctx.db.execute(sql`update menu_state set revision = revision + 1
      where restaurant_id = (select id from restaurants where name = 'Harbor Bistro')`);
    const preview = (await owner({ method: 'GET', url: '/api/api/delivery/platforms/doordash/menu' })).json();
    // The demo mapping leaves the raw bar off DoorDash; 15% markup on the prices.
    expect(preview.categories.map((c: { name: string }) => c.name)).toContain('Raw bar');
    const rawBar = preview.categories.find((c: { name: string }) => c.name === 'Raw bar').id as string;
    expect(rawBar).toMatch(/^\d+$/); // the menu's category id
    expect(preview.itemCount).toBe(
      preview.categories
        .filter((c: { id: string }) => c.id !== rawBar)
        .reduce((n: number, c: { items: unknown[] }) => n + c.items.length, 0),
    );
    const item = preview.categories[0].items[0];
    expect(item.platformPriceCents).toBe(Math.floor((item.priceCents * 1500 + 5000) / 10_000) + item.priceCents);
    expect(preview.problems.length).toBeGreaterThan(0);
    // the free-request groups, and the demo dishes' photos (550 px high, DoorDash asks 1400×800)
    const kinds = new Set(preview.problems.map((p: { problem: string }) => p.problem));
    expect([...kinds].sort()).toEqual(['imageTooSmall', 'modifierUnlimited']);
    expect(
      preview.problems
        .filter((p: { problem: string }) => p.problem === 'imageTooSmall')
        .map((p: { itemName: string; actual: string }) => `${p.itemName} ${p.actual}`)
        .sort(),
    ).toEqual(['Bistro burger 733×550', 'Caesar salad 733×550']);

    const refused = await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/publish' });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ ok: false });
    const { storeId } = await connection('doordash');
    expect(localSimulatorFor(ctx.db).menus.has(storeId)).toBe(false);

    // Leave out the items with free-request groups: the rest publishes.
    const offending = [...new Set(preview.problems.map((p: { itemId: string }) => p.itemId))];
    await owner({
      method: 'PUT',
      url: '/api/api/delivery/platforms/doordash',
      payload: { mapping: { excludedCategories: [rawBar], excludedItems: offending } },
    });
    const published = await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/publish' });
    expect(published.json(), published.body).toMatchObject({ ok: true, problems: [] });
    expect(
      localSimulatorFor(ctx.db)
        .menus.get(storeId)
        ?.categories.some((c) => c.id === rawBar),
    ).toBe(false);
    const list = (await owner({ method: 'GET', url: '/api/api/delivery/platforms' })).json();
    expect(list.platforms.find((p: { platform: string }) => p.platform === 'doordash').lastPublish.ok).toBe(true);
  });

  it('refuses publishing to a platform that is not connected', async () => {
    const res = await owner({ method: 'POST', url: '/api/api/delivery/platforms/grubhub/publish' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DELIVERY_MESSAGES['delivery.notConnected'].en);
  });
});

describe('the simulator’s test orders', () => {
  it('arrive through the signed webhook and count in today’s platform orders; a forged one is refused', async () => {
    const before = (await owner({ method: 'GET', url: '/api/api/delivery/platforms' })).json();
    const ordersBefore = before.platforms.find((p: { platform: string }) => p.platform === 'doordash').ordersToday;
    const sent = await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/test-order', payload: {} });
    expect(sent.json(), sent.body).toMatchObject({ status: 201, result: 'created', refused: false });
    const forged = await owner({
      method: 'POST',
      url: '/api/api/delivery/platforms/doordash/test-order',
      payload: { badSignature: true },
    });
    expect(forged.json()).toMatchObject({
      status: 401,
      result: DELIVERY_MESSAGES['delivery.signatureInvalid'].en,
      refused: false,
    });
    const after = (await owner({ method: 'GET', url: '/api/api/delivery/platforms' })).json();
    expect(after.platforms.find((p: { platform: string }) => p.platform === 'doordash').ordersToday).toBe(
      ordersBefore + 1,
    );
  });

  it('refuses staff without editConfig', async () => {
    const home = await harbor(ctx.db);
    await createPerson(ctx.db, home, {
      email: 'server-delivery@demo.test',
      roleName: 'Server only',
      flags: flagsWith('order'),
    });
    const server = as(ctx.app, await tokenFor(ctx.app, 'server-delivery@demo.test'));
    expect((await server({ method: 'GET', url: '/api/api/delivery/platforms' })).statusCode).toBe(403);
    expect((await server({ method: 'POST', url: '/api/api/delivery/platforms/doordash/pause' })).statusCode).toBe(403);
  });
});

describe('the module api', () => {
  it('gives another module the restaurant’s platform connections as stored, and no other restaurant’s', async () => {
    const notCalled = () => Promise.reject(new Error('orders are not used to read connections'));
    const { api } = deliveryModule({
      db: ctx.db,
      clock,
      config: ctx.config,
      orders: {
        ingestOrdersFor: notCalled,
        clockOf: notCalled,
        onIngested: () => undefined,
        rebuildRollups: notCalled,
        refileOrders: notCalled,
      },
      menu: { publishedMenu: notCalled, imageSizes: notCalled } as unknown as TMenuApi,
    });
    const home = await harbor(ctx.db);
    const other = await restaurantByName(ctx.db, '金龙餐厅 Golden Dragon');

    const stored = rowsOf<{ restaurant_id: number; platform: string; status: string }>(
      await ctx.db.execute(sql`select restaurant_id, platform, status from delivery_connections
        where restaurant_id in (${home.id}, ${other.id}) order by platform`),
    );
    const view = (rows: Awaited<ReturnType<typeof api.connections>>) =>
      rows
        .map((c) => ({ restaurant_id: c.restaurantId, platform: c.platform, status: c.status }))
        .sort((x, y) => x.platform.localeCompare(y.platform));
    const mine = await api.connections(home.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(view(mine)).toEqual(stored.filter((r) => r.restaurant_id === home.id));
    expect(view(await api.connections(other.id))).toEqual(stored.filter((r) => r.restaurant_id === other.id));
  });
});
