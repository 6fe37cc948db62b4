import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local HTTP servers answering as Uber Eats' and DoorDash's marketplace APIs document (paths, auth
 * headers, form or JSON bodies, 401/404/429), keeping what the product did to them (tokens issued,
 * stores paused, menus published, orders accepted or confirmed), and sending the platforms' order
 * webhooks signed as each platform signs them. Used by the connectors' server tests
 * (modules/delivery/platform-connectors.test.ts) and by the browser walk of the providers
 * (e2e/tests/providers-live.e2e.test.ts).
 */

export interface TSeen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type TAnswer = { status: number; body?: unknown };

/** A platform stand-in: records every request and answers with `route`, or a queued answer once. */
export function fakePlatform(route: (req: TSeen) => TAnswer, isToken: (req: TSeen) => boolean = () => false) {
  const seen: TSeen[] = [];
  const queued: TAnswer[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const entry = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      seen.push(entry);
      const answer = (!isToken(entry) && queued.shift()) || route(entry);
      res.writeHead(answer.status, answer.body === undefined ? {} : { 'content-type': 'application/json' });
      res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
    });
  });
  // Longer than any pause between two calls on a loaded machine, so a kept-alive socket is not reset under the client.
  server.keepAliveTimeout = 120_000;
  return {
    seen,
    /** The next API call (not the token endpoint) is answered with this. */
    failNext: (status: number, body: unknown) => queued.push({ status, body }),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const parseJson = (body: string): unknown => {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
};

/** Uber's order resource (GET /v1/eats/order/{id}): amounts in currency units. */
export interface TUberOrderResource {
  id: string;
  placed_at: string;
  eater: { first_name: string; last_name: string };
  cart: {
    items: Array<{
      id: string;
      external_data: string;
      title: string;
      quantity: number;
      price: { unit_price: { amount: number; currency_code?: string } };
      selected_modifier_groups?: Array<{
        title: string;
        selected_items: Array<{ title: string; price: { unit_price: { amount: number } } }>;
      }>;
    }>;
  };
  payment: { charges: { total: { amount: number }; tax: { amount: number }; tip: { amount: number } } };
}

/**
 * Uber Eats (developer.uber.com/docs/eats): OAuth 2.0 client_credentials at /oauth/v2/token (form body;
 * `invalid_client` for other credentials), tokens `uber-token-1`, `-2`, … as Bearer on every API call
 * (401 for any other), GET /v1/eats/stores/{id} (404 for a store it does not have), POST
 * /v1/eats/store/{id}/status (the store's PAUSED / ONLINE state), PUT /v2/eats/stores/{id}/menus (the
 * menu kept per store), GET /v1/eats/order/{id}, POST /v1/eats/orders/{id}/accept_pos_order and
 * /deny_pos_order. `notify` sends an orders.notification webhook signed in X-Uber-Signature (hex
 * HMAC-SHA256 of the body with the client secret).
 */
export class FakeUberEats {
  /** Stores by id: the name Uber shows, and whether it is paused. */
  readonly stores = new Map<string, { name: string; status: 'ONLINE' | 'PAUSED'; pausedUntil: string | null }>();
  /** The last menu each store was sent. */
  readonly menus = new Map<string, unknown>();
  readonly orders = new Map<string, TUberOrderResource>();
  readonly accepted: string[] = [];
  readonly denied: string[] = [];
  private readonly tokens = new Set<string>();
  private tokenSeq = 1;
  private readonly http;

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
  ) {
    this.http = fakePlatform(
      (req) => this.route(req),
      (req) => this.isToken(req),
    );
  }

  get seen(): TSeen[] {
    return this.http.seen;
  }

  failNext(status: number, body: unknown): void {
    this.http.failNext(status, body);
  }

  start(): Promise<string> {
    return this.http.start();
  }

  stop(): Promise<void> {
    return this.http.stop();
  }

  addStore(id: string, name: string): void {
    this.stores.set(id, { name, status: 'ONLINE', pausedUntil: null });
  }

  private isToken(req: TSeen): boolean {
    return req.path === '/oauth/v2/token';
  }

  private route(req: TSeen): TAnswer {
    if (this.isToken(req)) {
      const form = Object.fromEntries(new URLSearchParams(req.body));
      if (req.method !== 'POST' || form.grant_type !== 'client_credentials')
        return { status: 400, body: { error: 'unsupported_grant_type' } };
      if (form.client_id !== this.clientId || form.client_secret !== this.clientSecret)
        return { status: 401, body: { error: 'invalid_client' } };
      const token = `uber-token-${this.tokenSeq++}`;
      this.tokens.add(token);
      return {
        status: 200,
        body: { access_token: token, token_type: 'Bearer', expires_in: 2592000, scope: form.scope ?? '' },
      };
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !this.tokens.has(bearer))
      return { status: 401, body: { code: 'unauthorized', message: 'Invalid OAuth 2.0 credentials provided.' } };
    let m: RegExpExecArray | null;
    const notFound = (what: string) => ({ status: 404, body: { code: 'not_found', message: `${what} not found` } });
    if (req.method === 'GET' && (m = /^\/v1\/eats\/stores\/([^/]+)$/.exec(req.path))) {
      const store = this.stores.get(decodeURIComponent(m[1]!));
      return store ? { status: 200, body: { store_id: m[1], name: store.name } } : notFound('Store');
    }
    if (req.method === 'POST' && (m = /^\/v1\/eats\/store\/([^/]+)\/status$/.exec(req.path))) {
      const store = this.stores.get(decodeURIComponent(m[1]!));
      if (!store) return notFound('Store');
      const body = parseJson(req.body) as { status?: unknown; paused_until?: unknown } | null;
      if (body?.status !== 'PAUSED' && body?.status !== 'ONLINE')
        return { status: 400, body: { code: 'invalid_request', message: 'status is PAUSED or ONLINE' } };
      store.status = body.status;
      store.pausedUntil = body.status === 'PAUSED' && typeof body.paused_until === 'string' ? body.paused_until : null;
      return { status: 204 };
    }
    if (req.method === 'PUT' && (m = /^\/v2\/eats\/stores\/([^/]+)\/menus$/.exec(req.path))) {
      const id = decodeURIComponent(m[1]!);
      if (!this.stores.has(id)) return notFound('Store');
      const menu = parseJson(req.body);
      if (!menu || typeof menu !== 'object')
        return { status: 400, body: { code: 'invalid_request', message: 'The body is not a menu' } };
      this.menus.set(id, menu);
      return { status: 204 };
    }
    if (req.method === 'GET' && (m = /^\/v1\/eats\/order\/([^/]+)$/.exec(req.path))) {
      const order = this.orders.get(decodeURIComponent(m[1]!));
      return order ? { status: 200, body: order } : notFound('Order');
    }
    if (req.method === 'POST' && (m = /^\/v1\/eats\/orders\/([^/]+)\/(accept|deny)_pos_order$/.exec(req.path))) {
      const id = decodeURIComponent(m[1]!);
      if (!this.orders.has(id)) return notFound('Order');
      (m[2] === 'accept' ? this.accepted : this.denied).push(id);
      return { status: 204 };
    }
    return notFound('Resource');
  }

  /** An orders.notification event for `orderId` at `storeId`, and its X-Uber-Signature. */
  notification(storeId: string, orderId: string, eventId = `evt-${orderId}`) {
    const body = JSON.stringify({
      event_id: eventId,
      event_type: 'orders.notification',
      event_time: Math.floor(Date.parse(this.orders.get(orderId)?.placed_at ?? '2026-01-01T00:00:00Z') / 1000),
      meta: { resource_id: orderId, status: 'pos', user_id: storeId },
      resource_href: `https://api.uber.com/v1/eats/order/${orderId}`,
    });
    return { body, signature: createHmac('sha256', this.clientSecret).update(body).digest('hex') };
  }

  /** Uber posts the signed notification of a new order to the app's webhook URL; answers the status. */
  async notify(webhookUrl: string, storeId: string, order: TUberOrderResource): Promise<number> {
    this.orders.set(order.id, order);
    const { body, signature } = this.notification(storeId, order.id);
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-uber-signature': signature },
      body,
    });
    await res.arrayBuffer();
    return res.status;
  }
}

/** The claims of a DD-JWT-V1 token, or null when its signature or shape is wrong. */
export function verifyDoorDashJwt(
  authorization: string | undefined,
  signingSecret: string,
): { head: Record<string, unknown>; claims: Record<string, unknown> } | null {
  const token = (authorization ?? '').replace(/^Bearer /, '');
  const [head, claims, signature] = token.split('.');
  if (!head || !claims || !signature) return null;
  const expected = createHmac('sha256', Buffer.from(signingSecret, 'base64url')).update(`${head}.${claims}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return {
      head: JSON.parse(Buffer.from(head, 'base64url').toString()) as Record<string, unknown>,
      claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>,
    };
  } catch {
    return null;
  }
}

/**
 * DoorDash (developer.doordash.com/en-US/docs/marketplace): every call carries a DD-JWT-V1 token signed
 * with the access key's secret (401 `authentication_error` otherwise, or for another developer or key
 * id), GET /marketplace/api/v1/stores/{id}/store_details (404 for a store it does not have), PUT
 * …/stores/{id}/status (is_active), POST /marketplace/api/v1/menus answering the new menu's id (from
 * menu-77 on) and PATCH …/menus/{id}, PATCH …/orders/{id} (the order's confirmation). `sendOrder` posts
 * an OrderCreate event with the subscription's auth token in Authorization.
 */
export class FakeDoorDash {
  readonly stores = new Map<string, { name: string; isActive: boolean }>();
  readonly menus = new Map<string, unknown>();
  readonly confirmations: Array<{ orderId: string; body: unknown }> = [];
  private menuSeq = 77;
  private readonly http;

  constructor(
    readonly developerId: string,
    readonly keyId: string,
    readonly signingSecret: string,
    readonly webhookToken: string,
  ) {
    this.http = fakePlatform((req) => this.route(req));
  }

  get seen(): TSeen[] {
    return this.http.seen;
  }

  failNext(status: number, body: unknown): void {
    this.http.failNext(status, body);
  }

  start(): Promise<string> {
    return this.http.start();
  }

  stop(): Promise<void> {
    return this.http.stop();
  }

  addStore(id: string, name: string): void {
    this.stores.set(id, { name, isActive: true });
  }

  private route(req: TSeen): TAnswer {
    const jwt = verifyDoorDashJwt(req.headers.authorization, this.signingSecret);
    if (!jwt || jwt.claims.iss !== this.developerId || jwt.claims.kid !== this.keyId || jwt.claims.aud !== 'doordash')
      return { status: 401, body: { code: 'authentication_error', message: 'The JWT is invalid' } };
    const api = '/marketplace/api/v1';
    let m: RegExpExecArray | null;
    const notFound = (what: string) => ({ status: 404, body: { code: 'not_found', message: `${what} not found` } });
    if (req.method === 'GET' && (m = new RegExp(`^${api}/stores/([^/]+)/store_details$`).exec(req.path))) {
      const id = decodeURIComponent(m[1]!);
      const store = this.stores.get(id);
      return store
        ? { status: 200, body: { merchant_supplied_id: id, provider_name: store.name, is_active: store.isActive } }
        : notFound('Store');
    }
    if (req.method === 'PUT' && (m = new RegExp(`^${api}/stores/([^/]+)/status$`).exec(req.path))) {
      const store = this.stores.get(decodeURIComponent(m[1]!));
      if (!store) return notFound('Store');
      const body = parseJson(req.body) as { is_active?: unknown } | null;
      if (typeof body?.is_active !== 'boolean')
        return { status: 400, body: { code: 'validation_error', message: 'is_active is required' } };
      store.isActive = body.is_active;
      return { status: 200, body: {} };
    }
    if (req.method === 'POST' && req.path === `${api}/menus`) {
      const body = parseJson(req.body) as { store?: { merchant_supplied_id?: unknown } } | null;
      const storeId = body?.store?.merchant_supplied_id;
      if (typeof storeId !== 'string' || !this.stores.has(storeId)) return notFound('Store');
      const id = `menu-${this.menuSeq++}`;
      this.menus.set(id, body);
      return { status: 202, body: { id } };
    }
    if (req.method === 'PATCH' && (m = new RegExp(`^${api}/menus/([^/]+)$`).exec(req.path))) {
      const id = decodeURIComponent(m[1]!);
      if (!this.menus.has(id)) return notFound('Menu');
      this.menus.set(id, parseJson(req.body));
      return { status: 200, body: {} };
    }
    if (req.method === 'PATCH' && (m = new RegExp(`^${api}/orders/([^/]+)$`).exec(req.path))) {
      this.confirmations.push({ orderId: decodeURIComponent(m[1]!), body: parseJson(req.body) });
      return { status: 200, body: {} };
    }
    return notFound('Resource');
  }

  /** DoorDash posts an OrderCreate event to the subscription's URL with its auth token; answers the status. */
  async sendOrder(webhookUrl: string, order: Record<string, unknown>): Promise<number> {
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: this.webhookToken },
      body: JSON.stringify({ event: { type: 'OrderCreate', status: 'NEW' }, order }),
    });
    await res.arrayBuffer();
    return res.status;
  }
}
