import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@ra/shared/errors';
import { MIGRATIONS_FOLDER } from '../src/db/client.ts';
import { nodes } from '../src/db/schema/nodes.ts';
import { restaurants } from '../src/db/schema/restaurants.ts';
import { users } from '../src/db/schema/users.ts';
import { DEMO_EMAILS, DEMO_EMPLOYEES, seedDemoData } from '../src/demo/seed.ts';
import { as, createTestContext, tokenFor, type TestContext } from './helper.ts';
import { MORE_RESTAURANTS } from '../src/demo/agent.seed.ts';

let ctx: TestContext;
let webDist: string;
const CHART_JS = `export const series = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => i * 7))};`;

beforeAll(async () => {
  ctx = await createTestContext();
  webDist = mkdtempSync(join(tmpdir(), 'ra-web-dist-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    `<!doctype html><html><body><div id="root"></div>${' '.repeat(2000)}</body></html>`,
  );
  writeFileSync(join(webDist, 'assets', 'index-3f9a1c.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  // as the build leaves a chart chunk: the file and its precompressed copies
  writeFileSync(join(webDist, 'assets', 'chart-77aa01.js'), CHART_JS);
  writeFileSync(
    join(webDist, 'assets', 'chart-77aa01.js.br'),
    brotliCompressSync(CHART_JS, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(join(webDist, 'assets', 'chart-77aa01.js.gz'), gzipSync(CHART_JS, { level: 9 }));
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(webDist, 'login.en.html'), '<div id="root" data-prerendered="login">Sign in</div>');
  writeFileSync(join(webDist, 'login.zh.html'), '<div id="root" data-prerendered="login">登录</div>');
  writeFileSync(
    join(webDist, 'signed-in.html'),
    '<link rel="modulepreload" href="/assets/signed-in.js"><div id="root"></div>',
  );
});
afterAll(async () => {
  await ctx?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('route access declarations', () => {
  it('makes buildApp throw when an /api route does not declare its access', async () => {
    const undeclared: FastifyPluginAsyncZod = async (app) => {
      app.get('/api/api/undeclared', async () => ({ ok: true }));
    };
    await expect(ctx.buildAnother({ modules: [undeclared] })).rejects.toThrow(/does not declare config\.access/);
  });

  it('lists every /api route with its access, and the sign-in flow is public', async () => {
    const table = ctx.app.routeAccess;
    const find = (method: string, url: string) => table.find((r) => r.method === method && r.url === url)?.access;
    expect(find('POST', '/api/account/signin')).toEqual({ kind: 'public' });
    expect(find('GET', '/api/account/prelogin')).toEqual({ kind: 'public' });
    expect(find('GET', '/api/api/getrest')).toEqual({ kind: 'restaurant' });
    expect(find('POST', '/api/api/updaterest')).toEqual({ kind: 'page', permission: 'editConfig' });
    expect(find('POST', '/api/api/updateRestAdminConfig')).toEqual({ kind: 'admin' });
    // The complete list of public routes is kept, and checked, in route-access.test.ts.
    const publicOnes = table.filter((r) => r.access.kind === 'public').map((r) => `${r.method} ${r.url}`);
    expect(publicOnes).toEqual(
      expect.arrayContaining([
        'GET /api/account/prelogin',
        'HEAD /api/account/prelogin',
        'POST /api/account/signin',
        'GET /api/healthz',
        'GET /api/readyz',
      ]),
    );
  });

  it('refuses every non-public route without a token before looking at the body', async () => {
    for (const route of ctx.app.routeAccess.filter((r) => r.access.kind !== 'public' && r.method !== 'HEAD')) {
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: route.url,
        payload: route.method === 'GET' ? undefined : { junk: true },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().code).toBe(50012);
    }
  });
});

describe('errors', () => {
  it('answers unknown /api paths with the JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/api/nothingHere'],
      ['GET', '/api'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 40400, key: 'common.notFound', message: 'Not found' });
    }
  });

  it('hides the cause of an unexpected failure behind a 500 with the generic message', async () => {
    const broken: FastifyPluginAsyncZod = async (app) => {
      app.get('/api/api/broken', { config: { access: { kind: 'public' } } }, async () => {
        throw new Error('connection to db-primary.internal:5432 refused');
      });
    };
    const app = await ctx.buildAnother({ modules: [broken] });
    const res = await app.inject({ method: 'GET', url: '/api/api/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 50000, key: 'common.internal', message: MESSAGES.internal.en });
    expect(res.body).not.toContain('db-primary');
  });

  it('answers malformed JSON with a 400 in the usual shape', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 40000, message: MESSAGES.badRequest.en });
  });
});

describe('OpenAPI document', () => {
  it('is served at /api/docs/json and describes the routes with their access', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/account/signin'].post['x-access']).toEqual({ kind: 'public' });
    expect(doc.paths['/api/api/updaterest'].post['x-access']).toEqual({ kind: 'page', permission: 'editConfig' });
    expect(
      doc.paths['/api/api/updaterest'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('zip');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
  });

  it('names every operation once and documents the refusals each can answer', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const ops = Object.entries(doc.paths as Record<string, Record<string, TOperation>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );
    expect(ops.length).toBeGreaterThan(200);
    const ids = ops.map((o) => o.op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(doc.paths['/api/api/user/{id}'].get.operationId).toBe('getUserById');
    expect(doc.paths['/api/account/signin'].post.operationId).toBe('postAccountSignin');
    for (const { path, method, op } of ops) {
      const codes = Object.keys(op.responses ?? {});
      expect(codes, `${method} ${path}`).toEqual(expect.arrayContaining(['500', '503']));
      if (op['x-access']?.kind && op['x-access'].kind !== 'public')
        expect(codes, `${method} ${path}`).toEqual(expect.arrayContaining(['401', '403']));
      if (op.requestBody || op.parameters?.length) expect(codes, `${method} ${path}`).toContain('400');
    }
    expect(Object.keys(doc.paths['/api/account/signin'].post.responses)).toContain('429');
    expect(doc.paths['/api/api/user/{id}'].get.responses['404'].content['application/json'].schema.required).toEqual([
      'code',
      'message',
    ]);
  });
});

interface TOperation {
  operationId?: string;
  responses?: Record<string, unknown>;
  requestBody?: unknown;
  parameters?: unknown[];
  'x-access'?: { kind: string };
}

describe('web app', () => {
  let web: Awaited<ReturnType<TestContext['buildAnother']>>;
  beforeAll(async () => {
    web = await ctx.buildAnother({ config: { webDistDir: webDist } });
  });

  it('serves index.html for client routes, uncached', async () => {
    for (const url of ['/', '/dashboard', '/salesReport/salesSummary?x=1']) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('sends /login with its form drawn, in Chinese when the browser asks for it first (issue 21)', async () => {
    const page = (lang?: string) =>
      web.inject({
        method: 'GET',
        url: '/login?redirect=%2Fdashboard',
        headers: lang ? { 'accept-language': lang } : {},
      });
    for (const [lang, text] of [
      [undefined, 'Sign in'],
      ['en-US,en;q=0.9,zh-CN;q=0.8', 'Sign in'],
      ['zh-CN,zh;q=0.9,en;q=0.8', '登录'],
      ['fr-FR,zh-TW;q=0.8', '登录'],
    ] as const) {
      const res = await page(lang);
      expect(res.statusCode, lang).toBe(200);
      expect(res.headers['content-type'], lang).toMatch(/text\/html/);
      expect(res.headers['cache-control'], lang).toBe('no-cache');
      expect(res.body, lang).toContain(`data-prerendered="login">${text}<`);
    }
    // every other page is the plain shell the script draws
    expect((await web.inject({ method: 'GET', url: '/dashboard' })).body).not.toContain('data-prerendered');
  });

  it("sends a browser with a session the page that asks for the frame's code at once (issue 21)", async () => {
    const page = (cookie?: string, url = '/dashboard') =>
      web.inject({ method: 'GET', url, headers: cookie === undefined ? {} : { cookie } });
    for (const [cookie, url] of [
      ['Admin-Token=abc.def', '/dashboard'],
      ['lang=zh; Admin-Token=abc.def; isLeaf=0', '/dashboard'],
      ['Admin-Token=abc.def', '/'],
    ] as const) {
      const res = await page(cookie, url);
      expect(res.statusCode, cookie).toBe(200);
      expect(res.headers['cache-control'], cookie).toBe('no-cache');
      expect(res.headers.vary, cookie).toMatch(/cookie/i);
      expect(res.body, cookie).toContain('rel="modulepreload" href="/assets/signed-in.js"');
    }
    // no session, an emptied cookie, or another cookie of a similar name: the plain page
    for (const [cookie, url] of [
      [undefined, '/dashboard'],
      ['Admin-Token=', '/dashboard'],
      ['Admin-Token-old=abc', '/dashboard'],
      ['isLeaf=1', '/dashboard'],
      [undefined, '/'],
    ] as const) {
      const res = await page(cookie, url);
      expect(res.statusCode, cookie).toBe(200);
      expect(res.body, cookie).not.toContain('signed-in.js');
      expect(res.body, cookie).toContain('<div id="root">');
    }
    // /login stays the sign-in page whatever the cookies say
    const login = await web.inject({ method: 'GET', url: '/login', headers: { cookie: 'Admin-Token=abc.def' } });
    expect(login.body).toContain('data-prerendered="login"');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await web.inject({
      method: 'GET',
      url: '/assets/index-3f9a1c.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeLessThan(5000);
  });

  it('sends the brotli file the build wrote beside an asset, rather than compressing it again', async () => {
    const res = await web.inject({
      method: 'GET',
      url: '/assets/chart-77aa01.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload).toEqual(brotliCompressSync(CHART_JS, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    const gzip = await web.inject({
      method: 'GET',
      url: '/assets/chart-77aa01.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(CHART_JS);
  });

  it('answers a missing asset with 404 rather than the page, and keeps /api answers JSON', async () => {
    expect((await web.inject({ method: 'GET', url: '/assets/index-old.js' })).statusCode).toBe(404);
    const api = await web.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 40400, key: 'common.notFound', message: 'Not found' });
  });

  it('still serves the API next to the web app', async () => {
    const token = await tokenFor(web, DEMO_EMAILS.owner);
    expect((await as(web, token)({ method: 'GET', url: '/api/api/getrest' })).statusCode).toBe(200);
  });

  it('without a built web app, / is a plain 404', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/dashboard' })).statusCode).toBe(404);
  });
});

describe('database', () => {
  it('seeding twice adds nothing', async () => {
    const counts = async () => ({
      users: (await ctx.db.select({ n: count() }).from(users))[0]!.n,
      nodes: (await ctx.db.select({ n: count() }).from(nodes))[0]!.n,
      restaurants: (await ctx.db.select({ n: count() }).from(restaurants))[0]!.n,
    });
    const before = await counts();
    // the demo accounts and employees, the agent's invited team member; two agent nodes and four
    // restaurants, and the agent's further portfolio
    expect(before).toEqual({
      users: 6 + DEMO_EMPLOYEES.length + 1,
      nodes: 6 + MORE_RESTAURANTS.length,
      restaurants: 4 + MORE_RESTAURANTS.length,
    });
    expect(await seedDemoData(ctx.db)).toEqual({ seeded: false });
    expect(await counts()).toEqual(before);
  });

  it('keeps committed migrations free of schema qualifiers, so they apply into any schema', () => {
    const files = readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8')).not.toContain('"public".');
  });
});
