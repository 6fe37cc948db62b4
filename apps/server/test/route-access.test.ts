import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_AUTHORITIES, PAGE_PERMISSIONS } from '@ra/shared/permissions';
import { API_DOCS_PREFIX } from '../src/plugins/api-docs.ts';
import { createTestContext, type TestContext } from './helper.ts';

/**
 * ARCHITECTURE.md "Every route declares ... the permission it needs". buildApp already refuses a
 * route without config.access; this test checks the result from the other side: the table of declared
 * access covers every route Fastify actually serves under /api, and nothing is public by accident.
 */

/**
 * The only /api routes anyone may call without a session: the first two steps of signing in, and
 * asking for and using a password reset link (rate-limited, same answer for every email).
 */
const PUBLIC_ROUTES = [
  'GET /api/account/prelogin',
  'HEAD /api/account/prelogin',
  'POST /api/account/signin',
  // Liveness and readiness probes for load balancers: a status word and nothing else.
  'GET /api/healthz',
  'HEAD /api/healthz',
  'GET /api/readyz',
  'HEAD /api/readyz',
  'POST /api/account/forgotPassword',
  'POST /api/account/resetPassword',
  // A restaurant or a would-be team member applies under an agent's referral link (issue 13).
  'POST /api/api/agent-apply',
  // A device trades a one-time pairing code for its credential: the code is the credential (issue 9).
  'POST /api/api/devices/pair',
  // Delivery platforms post orders signed with HMAC over the body: the signature is the credential.
  'POST /api/api/delivery/webhook/:platform',
  // The ordering site sends a customer's dish photo with the restaurant's upload key (x-photo-upload-key):
  // the key is the credential, and the photo waits for approval (issue 8).
  'POST /api/public/menuImage/upload',
  // Published images for kiosks and ordering sites: the unguessable file address is the credential.
  'GET /api/media/public/:file',
  'HEAD /api/media/public/:file',
  // SMS provider webhooks (inbound opt-out/opt-in, delivery status): the Twilio-style signature is the credential.
  'POST /api/api/customers/sms/inbound',
  'POST /api/api/customers/sms/status',
  // Uber Eats signs its order webhooks (X-Uber-Signature, HMAC over the body); DoorDash sends the
  // subscription's token: each is checked before anything is read (issue 20).
  'POST /api/api/delivery/webhooks/uber-eats',
  'POST /api/api/delivery/webhooks/doordash',
  // Stripe's events carry Stripe-Signature, verified by the SDK with a 5-minute window (issue 20).
  'POST /api/api/payments/stripe/webhook',
  // One-click unsubscribe from an emailed report (RFC 8058): the signed token in the link is the
  // credential; opening it changes nothing, the POST unsubscribes (issue 24).
  'GET /api/report-mail/unsubscribe',
  'HEAD /api/report-mail/unsubscribe',
  'POST /api/report-mail/unsubscribe',
];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/**
 * Every "METHOD /url" Fastify's router holds, read from printRoutes' tree, which is built from the
 * router itself and not from our onRoute hook: a route that slipped past the hook still shows here.
 */
function servedRoutes(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const marker = line.search(/[├└]── /);
    if (marker < 0) continue;
    const depth = Math.round(marker / 4);
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(marker + 4));
    if (!match) throw new Error(`cannot read route line '${line}'`);
    stack.length = depth;
    const path = (depth > 0 ? (stack[depth - 1] ?? '') : '') + (match[1] ?? '');
    stack.push(path);
    for (const method of match[2]?.split(',').map((m) => m.trim()) ?? []) routes.push(`${method} ${path}`);
  }
  return routes;
}

describe('route access table', () => {
  it('reads the router’s tree (self-check of the parser)', () => {
    const routes = servedRoutes(ctx.app.printRoutes({ commonPrefix: false }));
    expect(routes).toContain('GET /api/api/getrest');
    expect(routes).toContain('GET /api/api/getrestperm');
    expect(routes).toContain('DELETE /api/api/user/:id');
    expect(routes).toContain('GET /api/api/user/:id/history');
  });

  it('declares access for every /api route the server answers', () => {
    const served = servedRoutes(ctx.app.printRoutes({ commonPrefix: false })).filter(
      (r) => r.split(' ')[1]!.startsWith('/api') && !r.split(' ')[1]!.startsWith(API_DOCS_PREFIX),
    );
    const declared = new Set(ctx.app.routeAccess.map((r) => `${r.method} ${r.url}`));
    expect(served.length).toBeGreaterThan(20);
    expect(served.filter((r) => !declared.has(r))).toEqual([]);
  });

  it('gives every entry a known kind and, for page and operation routes, a real flag', () => {
    for (const { method, url, access } of ctx.app.routeAccess) {
      const where = `${method} ${url}`;
      expect(access, where).toBeDefined();
      expect(['public', 'authenticated', 'restaurant', 'page', 'operation', 'admin', 'device'], where).toContain(
        access.kind,
      );
      if (access.kind === 'page') expect(PAGE_PERMISSIONS, where).toContain(access.permission);
      if (access.kind === 'operation') expect(OPERATION_AUTHORITIES, where).toContain(access.authority);
    }
  });

  it('keeps everything private except sign-in and the read-only API docs', () => {
    const publicRoutes = ctx.app.routeAccess.filter((r) => r.access.kind === 'public');
    const outsideDocs = publicRoutes
      .filter((r) => !r.url.startsWith(API_DOCS_PREFIX))
      .map((r) => `${r.method} ${r.url}`);
    expect(outsideDocs.sort()).toEqual([...PUBLIC_ROUTES].sort());
    for (const docs of publicRoutes.filter((r) => r.url.startsWith(API_DOCS_PREFIX))) {
      expect(['GET', 'HEAD'], `${docs.method} ${docs.url}`).toContain(docs.method);
    }
  });

  it('puts every team management call behind editAccounts', () => {
    const team = ctx.app.routeAccess.filter((r) =>
      /^\/api\/api\/(getrestperm|updaterestperm|deleterestperm|role\/|user(\/|$))/.test(r.url),
    );
    expect(team.length).toBeGreaterThanOrEqual(9);
    for (const route of team) {
      expect(route.access, `${route.method} ${route.url}`).toEqual({ kind: 'page', permission: 'editAccounts' });
    }
  });
});
