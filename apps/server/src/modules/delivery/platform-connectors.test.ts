import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DELIVERY_MESSAGES } from '@ra/shared/delivery/delivery.messages';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import type { App } from '../../app.ts';
import type { ManualClock } from '../../lib/clock.ts';
import { SecretBox, secretKey, secretsConfigFromEnv } from '../../lib/secrets.ts';
import { rotateDeliverySecrets } from './delivery.module.ts';
import { as, createTestContext, TEST_JWT_SECRET, tokenFor, type TestContext } from '../../../test/helper.ts';
import { FakeDoorDash, FakeUberEats, type TSeen, type TUberOrderResource } from '../../../test/fake-platforms.ts';

/**
 * The connectors against local servers that answer as Uber Eats' and DoorDash's marketplace APIs
 * document (test/fake-platforms.ts: paths, auth headers, form or JSON bodies, 401/404/429), asserting
 * the exact requests the product sends, and the platforms' order webhooks signed as each platform signs them.
 */

const UBER_SECRET = 'uber-client-secret-0123456789';
const DD_SIGNING_SECRET = Buffer.from('doordash-signing-secret-bytes-32!').toString('base64url');
const DD_WEBHOOK_TOKEN = 'dd-webhook-token-abcdef';

const uberOrder: TUberOrderResource = {
  id: 'uber-order-1',
  placed_at: '2026-11-28T00:30:00Z',
  eater: { first_name: 'Ana', last_name: 'K' },
  cart: {
    items: [
      {
        id: 'uber-item-id',
        external_data: 'burger',
        title: 'Harbor Burger',
        quantity: 2,
        price: { unit_price: { amount: 18.0, currency_code: 'USD' } },
        selected_modifier_groups: [
          { title: 'Cheese', selected_items: [{ title: 'Cheddar', price: { unit_price: { amount: 1.5 } } }] },
        ],
      },
    ],
  },
  payment: { charges: { total: { amount: 47.2 }, tax: { amount: 3.2 }, tip: { amount: 5.0 } } },
};

const uber = new FakeUberEats('uber-client-id', UBER_SECRET);
uber.addStore('uber-store-1', 'Harbor Bistro on Uber');
uber.orders.set(uberOrder.id, uberOrder);

const dd = new FakeDoorDash('dev-123', 'key-456', DD_SIGNING_SECRET, DD_WEBHOOK_TOKEN);
dd.addStore('dd-store-1', 'Harbor Bistro on DoorDash');

let ctx: TestContext;
let clock: ManualClock;
let app: App;
let owner: ReturnType<typeof as>;

beforeAll(async () => {
  ctx = await createTestContext();
  clock = ctx.config.clock as ManualClock;
  const [uberBase, ddBase] = await Promise.all([uber.start(), dd.start()]);
  app = await ctx.buildAnother({
    config: {
      delivery: {
        ubereats: {
          clientId: 'uber-client-id',
          clientSecret: UBER_SECRET,
          apiBase: uberBase,
          authUrl: `${uberBase}/oauth/v2/token`,
          scopes: 'eats.store eats.store.status.write eats.order',
        },
        doordash: {
          developerId: 'dev-123',
          keyId: 'key-456',
          signingSecret: DD_SIGNING_SECRET,
          apiBase: ddBase,
          webhookToken: DD_WEBHOOK_TOKEN,
        },
      },
    },
  });
  owner = as(app, await tokenFor(app, DEMO_EMAILS.owner));
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([uber.stop(), dd.stop()]);
});
beforeEach(() => {
  uber.seen.length = 0;
  dd.seen.length = 0;
});

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const count = async (posOrderId: string) =>
  rowsOf<{ n: number }>(
    await ctx.db.execute(sql`select count(*)::int as n from orders where pos_order_id = ${posOrderId}`),
  )[0]!.n;
const json = (s: TSeen) => JSON.parse(s.body) as Record<string, unknown>;

/** Leaves out of the platform's menu every item its rules would refuse, so a publish reaches the platform. */
async function mapOutProblems(platform: string) {
  const preview = (await owner({ method: 'GET', url: `/api/api/delivery/platforms/${platform}/menu` })).json();
  const list = (await owner({ method: 'GET', url: '/api/api/delivery/platforms' })).json() as {
    platforms: Array<{ platform: string; mapping: { excludedCategories: string[]; excludedItems: string[] } }>;
  };
  const { mapping } = list.platforms.find((p) => p.platform === platform)!;
  // Added to what is already left out (the preview of a mapped menu lists only what is still refused).
  const excludedItems = [
    ...new Set([...mapping.excludedItems, ...(preview.problems as Array<{ itemId: string }>).map((p) => p.itemId)]),
  ];
  const res = await owner({
    method: 'PUT',
    url: `/api/api/delivery/platforms/${platform}`,
    payload: { mapping: { excludedCategories: mapping.excludedCategories, excludedItems } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('Uber Eats connector', () => {
  it('connects a store by its id with an OAuth client_credentials token, and tests the connection', async () => {
    const missing = await owner({ method: 'POST', url: '/api/api/delivery/platforms/ubereats/connect', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(DELIVERY_MESSAGES['delivery.storeIdRequired'].en);
    const unknown = await owner({
      method: 'POST',
      url: '/api/api/delivery/platforms/ubereats/connect',
      payload: { storeId: 'no-such-store' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(DELIVERY_MESSAGES['delivery.platformRejected'].en);

    uber.seen.length = 0;
    const res = await owner({
      method: 'POST',
      url: '/api/api/delivery/platforms/ubereats/connect',
      payload: { storeId: 'uber-store-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'connected', storeId: 'uber-store-1', mode: 'live', secretLast4: null });
    // The token was issued before (the refused store); this call reused it.
    expect(uber.seen.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /v1/eats/stores/uber-store-1']);
    expect(uber.seen[0]!.headers.authorization).toBe('Bearer uber-token-1');

    const check = await owner({ method: 'POST', url: '/api/api/delivery/platforms/ubereats/test-connection' });
    expect(check.json()).toMatchObject({
      ok: true,
      mode: 'live',
      storeId: 'uber-store-1',
      storeName: 'Harbor Bistro on Uber',
    });
  });

  it('pauses and resumes the store with the status endpoint', async () => {
    const until = new Date(clock.now().getTime() + 30 * 60_000).toISOString();
    const paused = await owner({
      method: 'POST',
      url: '/api/api/delivery/platforms/ubereats/pause',
      payload: { until },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(uber.stores.get('uber-store-1')).toMatchObject({ status: 'PAUSED', pausedUntil: until });
    await owner({ method: 'POST', url: '/api/api/delivery/platforms/ubereats/resume' });
    expect(uber.stores.get('uber-store-1')?.status).toBe('ONLINE');
    const calls = uber.seen.filter((s) => s.path === '/v1/eats/store/uber-store-1/status');
    expect(calls.map((s) => [s.method, s.headers['content-type'], json(s)])).toEqual([
      ['POST', 'application/json', { status: 'PAUSED', paused_until: until, reason: 'Busy' }],
      ['POST', 'application/json', { status: 'ONLINE' }],
    ]);
  });

  it('publishes the menu with PUT /v2/eats/stores/{id}/menus at the marked-up prices', async () => {
    await owner({
      method: 'PUT',
      url: '/api/api/delivery/platforms/ubereats',
      payload: { markup: { kind: 'fixed', cents: 100 } },
    });
    await mapOutProblems('ubereats');
    const preview = (await owner({ method: 'GET', url: '/api/api/delivery/platforms/ubereats/menu' })).json();
    uber.seen.length = 0;
    const res = await owner({ method: 'POST', url: '/api/api/delivery/platforms/ubereats/publish' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ok).toBe(true);
    expect(uber.seen.map((s) => `${s.method} ${s.path}`)).toEqual(['PUT /v2/eats/stores/uber-store-1/menus']);
    const sent = json(uber.seen[0]!) as {
      menus: Array<{ category_ids: string[] }>;
      categories: Array<{ id: string; entities: Array<{ id: string; type: string }> }>;
      items: Array<{ id: string; title: { translations: { en_us: string } }; price_info: { price: number } }>;
    };
    const first = preview.categories.flatMap((c: { items: unknown[] }) => c.items)[0] as {
      id: string;
      name: string;
      priceCents: number;
    };
    const item = sent.items.find((i) => i.id === first.id)!;
    expect(item.title.translations.en_us).toBe(first.name);
    expect(item.price_info.price).toBe(first.priceCents + 100);
    expect(sent.menus[0]!.category_ids).toEqual(sent.categories.map((c) => c.id));
    expect(sent.categories.flatMap((c) => c.entities).every((e) => e.type === 'ITEM')).toBe(true);
  });

  it('fetches a new token once when the API answers 401, and tells the owner to retry on 429', async () => {
    uber.failNext(401, { code: 'unauthorized', message: 'Invalid OAuth 2.0 credentials provided.' });
    const retried = await owner({ method: 'POST', url: '/api/api/delivery/platforms/ubereats/publish' });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(uber.seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'PUT /v2/eats/stores/uber-store-1/menus',
      'POST /oauth/v2/token',
      'PUT /v2/eats/stores/uber-store-1/menus',
    ]);
    const form = new URLSearchParams(uber.seen[1]!.body);
    expect(uber.seen[1]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(form)).toEqual({
      client_id: 'uber-client-id',
      client_secret: UBER_SECRET,
      grant_type: 'client_credentials',
      scope: 'eats.store eats.store.status.write eats.order',
    });
    expect(uber.seen[2]!.headers.authorization).toBe(`Bearer uber-token-2`);

    uber.failNext(429, { code: 'rate_limited', message: 'Too many requests' });
    const limited = await owner({ method: 'POST', url: '/api/api/delivery/platforms/ubereats/pause', payload: {} });
    expect(limited.statusCode).toBe(502);
    expect(limited.json().message).toBe(DELIVERY_MESSAGES['delivery.platformUnavailable'].en);
    const row = (await owner({ method: 'GET', url: '/api/api/delivery/platforms' }))
      .json()
      .platforms.find((p: { platform: string }) => p.platform === 'ubereats');
    expect(row.status).toBe('connected');
  });

  const event = JSON.stringify({
    event_id: 'evt-1',
    event_type: 'orders.notification',
    event_time: 1764290000,
    meta: { resource_id: 'uber-order-1', status: 'pos', user_id: 'uber-store-1' },
    resource_href: 'https://api.uber.com/v1/eats/order/uber-order-1',
  });
  const sign = (body: string, secret = UBER_SECRET) => createHmac('sha256', secret).update(body).digest('hex');
  const deliver = (body: string, signature?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/api/delivery/webhooks/uber-eats',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-uber-signature': signature } : {}) },
      payload: body,
    });

  it('refuses an event with a bad or missing X-Uber-Signature and asks Uber nothing', async () => {
    for (const signature of [undefined, sign(event, 'wrong-secret'), sign(`${event} `), 'zz']) {
      const res = await deliver(event, signature);
      expect(res.statusCode, String(signature)).toBe(401);
    }
    expect(uber.seen).toEqual([]);
    expect(await count('ubereats:uber-order-1')).toBe(0);
  });

  it('receives an order: reads it, stores it once, accepts it; a redelivery stores nothing new', async () => {
    const res = await deliver(event, sign(event));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('');
    expect(uber.seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /v1/eats/order/uber-order-1',
      'POST /v1/eats/orders/uber-order-1/accept_pos_order',
    ]);
    expect(json(uber.seen[1]!)).toEqual({ reason: 'accepted' });
    expect(uber.accepted).toEqual(['uber-order-1']);
    const stored = rowsOf<{ channel: string; total_cents: number; delivery_platform: string }>(
      await ctx.db.execute(sql`select channel, total_cents::int as total_cents, delivery_platform from orders
        where pos_order_id = 'ubereats:uber-order-1'`),
    );
    expect(stored).toEqual([{ channel: 'delivery', total_cents: 4720, delivery_platform: 'Uber Eats' }]);

    const again = await deliver(event, sign(event));
    expect(again.statusCode).toBe(200);
    expect(await count('ubereats:uber-order-1')).toBe(1);
  });
});

describe('DoorDash connector', () => {
  const decodeJwt = (header: string | undefined) => {
    const token = (header ?? '').replace(/^Bearer /, '');
    const [head, claims, signature] = token.split('.');
    const expected = createHmac('sha256', Buffer.from(DD_SIGNING_SECRET, 'base64url'))
      .update(`${head}.${claims}`)
      .digest('base64url');
    return {
      valid: signature === expected,
      head: JSON.parse(Buffer.from(head!, 'base64url').toString()),
      claims: JSON.parse(Buffer.from(claims!, 'base64url').toString()),
    };
  };

  it('a store the simulator issued stays simulated with DoorDash’s credentials set: labelled, served and webhooked as such', async () => {
    const list = (await owner({ method: 'GET', url: '/api/api/delivery/platforms' })).json() as {
      platforms: Array<{ platform: string; status: string; storeId: string; mode: string | null; connectMode: string }>;
    };
    const byPlatform = Object.fromEntries(list.platforms.map((p) => [p.platform, p]));
    // Harbor's demo DoorDash store was connected through the simulator: not "Live API".
    expect(byPlatform.doordash).toMatchObject({ status: 'connected', mode: 'simulator', connectMode: 'live' });
    // Uber Eats was connected above through its API; Grubhub has no connector and is not connected.
    expect(byPlatform.ubereats).toMatchObject({ status: 'connected', mode: 'live', connectMode: 'live' });
    expect(byPlatform.grubhub).toMatchObject({ status: 'disconnected', mode: null, connectMode: 'simulator' });

    // Test connection, busy mode and publishing go to the simulator, not to DoorDash with a store it never issued.
    const check = await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/test-connection' });
    expect(check.json()).toMatchObject({ ok: true, mode: 'simulator', storeId: byPlatform.doordash!.storeId });
    const until = new Date(clock.now().getTime() + 30 * 60_000).toISOString();
    expect(
      (await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/pause', payload: { until } }))
        .statusCode,
    ).toBe(200);
    expect((await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/resume' })).statusCode).toBe(200);
    await mapOutProblems('doordash');
    const published = await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/publish' });
    expect(published.json()).toMatchObject({ ok: true });
    expect(dd.seen).toEqual([]);

    // An order DoorDash signs for that store id is not taken: the store is not linked at DoorDash.
    const forSimulated = await app.inject({
      method: 'POST',
      url: '/api/api/delivery/webhooks/doordash',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${DD_WEBHOOK_TOKEN}` },
      payload: JSON.stringify({
        event: { type: 'OrderCreate', status: 'NEW' },
        order: {
          id: 'dd-order-sim',
          store: { merchant_supplied_id: byPlatform.doordash!.storeId },
          categories: [],
          subtotal: 0,
          tax: 0,
          tip_amount: 0,
          created_at: '2026-11-28T00:30:00Z',
        },
      }),
    });
    expect(forSimulated.statusCode).toBe(404);
    expect(await count('doordash:dd-order-sim')).toBe(0);
  });

  it('connects a store with a DD-JWT-V1 token after the simulated store is disconnected', async () => {
    const off = await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/disconnect' });
    expect(off.statusCode, off.body).toBe(200);
    const res = await owner({
      method: 'POST',
      url: '/api/api/delivery/platforms/doordash/connect',
      payload: { storeId: 'dd-store-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mode: 'live', storeId: 'dd-store-1', status: 'connected' });
    expect(dd.seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /marketplace/api/v1/stores/dd-store-1/store_details',
    ]);
    const jwt = decodeJwt(dd.seen[0]!.headers.authorization);
    const iat = Math.floor(clock.now().getTime() / 1000);
    expect(jwt).toEqual({
      valid: true,
      head: { alg: 'HS256', typ: 'JWT', 'dd-ver': 'DD-JWT-V1' },
      claims: { aud: 'doordash', iss: 'dev-123', kid: 'key-456', iat, exp: iat + 300 },
    });
  });

  it('pauses with is_active false and resumes with is_active true', async () => {
    const until = new Date(clock.now().getTime() + 60 * 60_000).toISOString();
    await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/pause', payload: { until } });
    expect(dd.stores.get('dd-store-1')?.isActive).toBe(false);
    await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/resume' });
    expect(dd.stores.get('dd-store-1')?.isActive).toBe(true);
    expect(dd.seen.map((s) => [s.method, s.path, json(s)])).toEqual([
      [
        'PUT',
        '/marketplace/api/v1/stores/dd-store-1/status',
        { is_active: false, reason: 'operational_issues', notes: 'Busy', end_time: until },
      ],
      ['PUT', '/marketplace/api/v1/stores/dd-store-1/status', { is_active: true }],
    ]);
  });

  it('creates the menu once, then updates it by the id DoorDash answered; 401 and 429 are told apart', async () => {
    await mapOutProblems('doordash');
    const first = await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/publish' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().ok).toBe(true);
    const second = await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/publish' });
    expect(second.json().ok).toBe(true);
    expect(dd.seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /marketplace/api/v1/menus',
      'PATCH /marketplace/api/v1/menus/menu-77',
    ]);
    const body = json(dd.seen[0]!) as {
      store: { merchant_supplied_id: string };
      menu: { categories: Array<{ items: Array<{ merchant_supplied_id: string; price: number }> }> };
    };
    expect(body.store).toEqual({ merchant_supplied_id: 'dd-store-1' });
    expect(body.menu.categories.flatMap((c) => c.items).length).toBe(first.json().itemCount);

    dd.failNext(401, { code: 'authentication_error', message: 'The JWT is invalid' });
    const refused = await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/publish' });
    expect(refused.statusCode).toBe(422);
    dd.failNext(429, { code: 'too_many_requests', message: 'Rate limited' });
    const limited = await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/publish' });
    expect(limited.statusCode).toBe(502);
  });

  const orderEvent = JSON.stringify({
    event: { type: 'OrderCreate', status: 'NEW' },
    order: {
      id: 'dd-order-9',
      store: { merchant_supplied_id: 'dd-store-1' },
      consumer: { first_name: 'Lee', last_name: 'W' },
      categories: [
        {
          name: 'Mains',
          items: [{ merchant_supplied_id: 'burger', name: 'Harbor Burger', quantity: 2, price: 1800, extras: [] }],
        },
      ],
      subtotal: 3600,
      tax: 320,
      tip_amount: 500,
      created_at: '2026-11-28T00:30:00Z',
    },
  });
  const deliver = (authorization?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/api/delivery/webhooks/doordash',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      payload: orderEvent,
    });

  it('refuses an order without the subscription’s auth token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${DD_WEBHOOK_TOKEN}`]) {
      expect((await deliver(authorization)).statusCode, String(authorization)).toBe(401);
    }
    expect(await count('doordash:dd-order-9')).toBe(0);
    expect(dd.seen).toEqual([]);
  });

  it('stores an order once, confirms it with PATCH /orders/{id}, and answers a redelivery as a duplicate', async () => {
    const res = await deliver(`Bearer ${DD_WEBHOOK_TOKEN}`);
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().orderId;
    expect(dd.seen.map((s) => [s.method, s.path, json(s)])).toEqual([
      [
        'PATCH',
        '/marketplace/api/v1/orders/dd-order-9',
        { merchant_supplied_id: String(orderId), order_status: 'success' },
      ],
    ]);
    const again = await deliver(DD_WEBHOOK_TOKEN);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ result: 'duplicate', orderId });
    expect(await count('doordash:dd-order-9')).toBe(1);
  });
});

describe('secrets at rest', () => {
  it('stores a simulated store’s webhook secret sealed, shows its last four, and rotates it to a new key', async () => {
    const oldKey = secretsConfigFromEnv({}, TEST_JWT_SECRET).current;
    const newKey = secretKey(Buffer.alloc(32, 7));
    // Grubhub stays on the simulator: it issues the store and its signing secret.
    const res = await owner({ method: 'POST', url: '/api/api/delivery/platforms/grubhub/connect' });
    expect(res.statusCode, res.body).toBe(200);
    const stored = async () =>
      rowsOf<{ webhook_secret: string }>(
        await ctx.db.execute(sql`select webhook_secret from delivery_connections
          where platform = 'grubhub' and store_id = ${res.json().storeId}`),
      )[0]!.webhook_secret;
    const sealed = await stored();
    expect(sealed.startsWith(`enc:v1:${oldKey.id}:`)).toBe(true);
    const plain = new SecretBox({ current: oldKey }).open(sealed).plain;
    expect(res.json().secretLast4).toBe(plain.slice(-4));
    expect(res.body).not.toContain(plain);

    // Restarted with the new key and the old one as previous: the page still works and the read reseals.
    const rotated = await ctx.buildAnother({ config: { secrets: { current: newKey, previous: oldKey } } });
    const ownerNow = as(rotated, await tokenFor(rotated, DEMO_EMAILS.owner));
    const list = (await ownerNow({ method: 'GET', url: '/api/api/delivery/platforms' })).json();
    expect(list.platforms.find((p: { platform: string }) => p.platform === 'grubhub').secretLast4).toBe(
      plain.slice(-4),
    );
    const resealed = await stored();
    expect(resealed.startsWith(`enc:v1:${newKey.id}:`)).toBe(true);
    expect(new SecretBox({ current: newKey }).open(resealed).plain).toBe(plain);

    // The rotate command reseals what nobody read: here a value stored in clear before sealing.
    await ctx.db.execute(sql`update delivery_connections set webhook_secret = 'legacy-clear-secret'
      where platform = 'grubhub' and store_id = ${res.json().storeId}`);
    expect(await rotateDeliverySecrets(ctx.db, { current: newKey, previous: oldKey })).toBeGreaterThanOrEqual(1);
    const swept = await stored();
    expect(swept.startsWith(`enc:v1:${newKey.id}:`)).toBe(true);
    expect(new SecretBox({ current: newKey }).open(swept).plain).toBe('legacy-clear-secret');
    expect(await rotateDeliverySecrets(ctx.db, { current: newKey })).toBe(0);
  });
});
