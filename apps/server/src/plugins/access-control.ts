import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TOperationAuthority, TPagePermission } from '@ra/shared/permissions';
import type { AuthContext } from '../lib/auth-context.ts';
import { forbidden, loggedOut, restaurantNotSelected } from '../lib/errors.ts';

/**
 * What a route needs from its caller (ARCHITECTURE.md "Every route declares ... the permission it
 * needs"). Checked here once for every request; services then scope their queries to the caller's
 * restaurant, so hiding a page in the browser is never the protection.
 */
export type TRouteAccess =
  | { kind: 'public' }
  /** A valid session; no restaurant needed (sign-out, user info, the node tree). */
  | { kind: 'authenticated' }
  /** A valid session with a selected restaurant. */
  | { kind: 'restaurant' }
  | { kind: 'page'; permission: TPagePermission }
  | { kind: 'operation'; authority: TOperationAuthority }
  /** Platform staff (SPEC 6 "Admin-only"). */
  | { kind: 'admin' }
  /** A paired device's own credential only (heartbeat); people are refused (issue 9 "Pairing"). */
  | { kind: 'device' };

/**
 * Device credentials (modules/devices) are opaque and start with this, so they are told from a
 * person's session token (a JWT) before anything is looked up.
 */
export const DEVICE_TOKEN_PREFIX = 'dev_';

export interface TRouteAccessEntry {
  method: string;
  url: string;
  access: TRouteAccess;
  /** Also accepts a paired device's credential (config.devices). */
  devices?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: TRouteAccess;
    /** A GET that changes state (SPEC 7's sign-out): authenticated fresh and followed by afterWrite. */
    writes?: boolean;
    /**
     * A paired device's credential is accepted too (POS order ingestion), scoped to its restaurant.
     * Every other route refuses devices, whatever its access kind.
     */
    devices?: boolean;
    /** Answers 429 with Retry-After past a limit (sign-in, password reset, uploads): documented as such. */
    rateLimited?: boolean;
  }
  interface FastifyInstance {
    /** Every route under /api with its declared access, for review and for tests that walk it. */
    routeAccess: TRouteAccessEntry[];
    /**
     * Reads a device credential (set by the devices module at registration); until one is set every
     * device credential is refused as a bad token.
     */
    deviceCredentials: { authenticate: ((token: string) => Promise<AuthContext>) | null };
  }
  interface FastifyRequest {
    /** Set before the handler for every route that is not public. */
    auth: AuthContext | null;
  }
}

export interface AccessControlOptions {
  /**
   * `fresh` asks for the database's word rather than a remembered one (lib/auth-cache.ts): every
   * write is decided on the current state of the session, the person and their roles.
   */
  authenticate(token: string, options: { fresh: boolean }): Promise<AuthContext>;
  /** After a write request by a signed-in caller: anything remembered about callers may be stale. */
  afterWrite?: () => void;
  /** Routes a third-party plugin adds under /api without our config (the OpenAPI viewer): public. */
  publicPrefixes: readonly string[];
}

/** The cookie the web app keeps its token in (SPEC 3 "Cookies"; apps/web/src/stores/session.ts). */
export const SESSION_COOKIE = 'Admin-Token';

/** The token the client stores (SPEC 7 "Authorization header from a stored token"), raw or as a Bearer. */
function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  if (header) return /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '').trim() : header;
  // The Admin-Token cookie (SPEC 3 "Cookies") only counts for reads: a cookie rides along on
  // cross-site requests, so accepting it for writes would open them to forged requests.
  if (request.method === 'GET' || request.method === 'HEAD') return request.cookies[SESSION_COOKIE] || undefined;
  return undefined;
}

const isWrite = (request: FastifyRequest) =>
  !(request.method === 'GET' || request.method === 'HEAD') || request.routeOptions.config.writes === true;

export function checkAccess(access: TRouteAccess, auth: AuthContext, acceptsDevices = false): void {
  // A device may call device routes and the routes that declare they accept devices, nothing else.
  if (auth.device) {
    if (access.kind === 'device' || acceptsDevices) return;
    throw forbidden();
  }
  switch (access.kind) {
    case 'device':
      throw forbidden();
    case 'public':
    case 'authenticated':
      return;
    case 'admin':
      if (!auth.isAdmin) throw forbidden();
      return;
    case 'restaurant':
      if (auth.restaurantId === null) throw restaurantNotSelected();
      return;
    case 'page':
      if (auth.restaurantId === null) throw restaurantNotSelected();
      if (!auth.PagePermissions[access.permission]) throw forbidden();
      return;
    case 'operation':
      if (auth.restaurantId === null) throw restaurantNotSelected();
      if (!auth.operationAuthority[access.authority]) throw forbidden();
      return;
  }
}

/**
 * Registers the route-table guard and the per-request check on the root instance, before any route.
 * The check runs at onRequest, the first pre-handler stage, so a caller without access is refused
 * before the body is even read and learns nothing about the payload a route expects.
 */
export function registerAccessControl(app: FastifyInstance, options: AccessControlOptions): void {
  app.decorate('routeAccess', []);
  app.decorate('deviceCredentials', { authenticate: null });
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    let access = route.config?.access;
    if (!access) {
      if (!options.publicPrefixes.some((p) => route.url.startsWith(p))) {
        const methods = [route.method].flat().join(',');
        throw new Error(
          `${methods} ${route.url} does not declare config.access; every /api route must say who may call it`,
        );
      }
      access = { kind: 'public' };
      route.config = { ...route.config, access };
    }
    const devices = route.config?.devices === true ? { devices: true } : {};
    for (const method of [route.method].flat()) app.routeAccess.push({ method, url: route.url, access, ...devices });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access.kind === 'public') return;
    const token = readToken(request);
    if (!token) throw loggedOut();
    // Device credentials are never remembered between requests: revoking one counts from the next call.
    let auth: AuthContext;
    if (token.startsWith(DEVICE_TOKEN_PREFIX)) {
      const readDevice = app.deviceCredentials.authenticate;
      if (!readDevice) throw loggedOut();
      auth = await readDevice(token);
    } else auth = await options.authenticate(token, { fresh: isWrite(request) });
    request.auth = auth;
    checkAccess(access, auth, request.routeOptions.config.devices === true);
  });

  if (options.afterWrite) {
    const afterWrite = options.afterWrite;
    // Before the answer leaves, so the caller's next request can never be decided on what this one changed.
    app.addHook('onSend', async (request, _reply, payload) => {
      // A device's call (a heartbeat, an order) changes nobody's session, roles or flags.
      if (request.auth && !request.auth.device && isWrite(request)) afterWrite();
      return payload;
    });
  }
}

/** The caller of a non-public route; the access hook has already refused anyone else. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error(`no auth context on ${request.method} ${request.url}: is the route public?`);
  return request.auth;
}
