import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, MESSAGES } from '@ra/shared/errors';
import { findMessageKey, formatMessage, MESSAGE_CATALOG } from '@ra/shared/messages/catalog';
import { TEAM_MESSAGES } from '@ra/shared/team/team.messages';
import { COUPONS_MESSAGES } from '@ra/shared/coupons/coupons.messages';
import { MENU_MESSAGES } from '@ra/shared/menu/menu.messages';
import { DEMO_EMAILS } from '../src/demo/seed.ts';
import { AppError, FieldError } from '../src/lib/errors.ts';
import { as, createTestContext, signin, tokenFor } from './helper.ts';
import { catalogKeyProblem } from './error-keys.ts';

/**
 * Errors carry a stable key and parameters (docs/decisions.md "Error keys"): every body is
 * `{ code, key, params?, message }`, and every key the server can send has English and Chinese text
 * in the shared catalog. The fuzz (test/fuzz.test.ts) checks the key of every error it provokes.
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());

const throwers: FastifyPluginAsyncZod = async (app) => {
  const access = { access: { kind: 'public' as const } };
  app.get('/api/api/test/keyed', { config: access }, async () => {
    throw new AppError(409, ERROR_CODES.conflict, 'Anything', { key: 'coupons.belowMinimum', params: { amount: 5 } });
  });
  app.get('/api/api/test/text-only', { config: access }, async () => {
    throw new AppError(409, ERROR_CODES.conflict, COUPONS_MESSAGES['coupons.codeTaken'].en);
  });
  app.get('/api/api/test/field', { config: access }, async () => {
    throw new FieldError('itemIds', 'These item ids are not on the menu: 7, 9');
  });
  app.get('/api/api/test/sent', { config: access }, async (_request, reply) =>
    reply.status(409).send({ code: ERROR_CODES.conflict, message: MENU_MESSAGES['menu.usedElsewhere'].en }),
  );
  app.get('/api/api/test/unknown', { config: access }, async () => {
    throw new AppError(409, ERROR_CODES.conflict, 'A text no catalog holds');
  });
  app.post(
    '/api/api/test/zod',
    { config: access, schema: { body: z.object({ name: z.string().min(1, MENU_MESSAGES['menu.enterName'].en) }) } },
    async () => ({}),
  );
};
const app = await ctx.buildAnother({ modules: [throwers] });

describe('the message catalog', () => {
  it('gives every key non-empty English and Chinese text', () => {
    const keys = Object.keys(MESSAGE_CATALOG);
    expect(keys.length).toBeGreaterThan(300);
    expect(keys.map(catalogKeyProblem).filter(Boolean)).toEqual([]);
  });

  it('gives the Chinese text the same placeholders as the English', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const wrong = Object.entries(MESSAGE_CATALOG).filter(([, t]) => names(t.en).join() !== names(t.zh).join());
    expect(wrong.map(([key]) => key)).toEqual([]);
  });

  it('finds the key and parameters of an English text the server built', () => {
    expect(findMessageKey(MESSAGES.loginFailed.en)).toEqual({ key: 'common.loginFailed' });
    const text = TEAM_MESSAGES['team.roleHasMembers'].en.replace('{count}', '3');
    expect(findMessageKey(text)).toEqual({ key: 'team.roleHasMembers', params: { count: '3' } });
    expect(formatMessage('team.roleHasMembers', 'zh', { count: 3 })).toBe(
      TEAM_MESSAGES['team.roleHasMembers'].zh.replace('{count}', '3'),
    );
    expect(findMessageKey('Something new')).toBeUndefined();
  });
});

describe('error bodies', () => {
  it('carry the key and params a thrower names', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/api/test/keyed' });
    expect(res.json()).toEqual({
      code: ERROR_CODES.conflict,
      key: 'coupons.belowMinimum',
      params: { amount: 5 },
      message: 'Anything',
    });
  });

  it('carry the key looked up from the text when the thrower gave only text', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/api/test/text-only' });
    expect(res.json()).toEqual({
      code: ERROR_CODES.conflict,
      key: 'coupons.codeTaken',
      message: COUPONS_MESSAGES['coupons.codeTaken'].en,
    });
  });

  it('carry each field’s key and params beside its text', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/api/test/field' });
    expect(res.json()).toEqual({
      code: ERROR_CODES.badRequest,
      key: 'common.badRequest',
      message: MESSAGES.badRequest.en,
      errors: { itemIds: 'These item ids are not on the menu: 7, 9' },
      fieldKeys: { itemIds: { key: 'coupons.unknownItems', params: { ids: '7, 9' } } },
    });
  });

  it('key schema validation messages per field', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/api/test/zod', payload: { name: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      key: 'common.badRequest',
      errors: { name: MENU_MESSAGES['menu.enterName'].en },
      fieldKeys: { name: { key: 'menu.enterName' } },
    });
  });

  it('get a key when a route sends the body itself', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/api/test/sent' });
    expect(res.json()).toEqual({
      code: ERROR_CODES.conflict,
      key: 'menu.usedElsewhere',
      message: MENU_MESSAGES['menu.usedElsewhere'].en,
    });
  });

  it('have no key (and the fuzz fails) when the text is no catalog entry', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/api/test/unknown' });
    expect(catalogKeyProblem(res.json<{ key?: string }>().key)).toBe('no key');
  });

  it('carry a catalog key across a sample of the product’s own refusals', async () => {
    const owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
    const roles = (await owner({ method: 'GET', url: '/api/api/getrestperm' })).json<{
      roles: { id: number; memberCount: number }[];
    }>();
    const withMembers = roles.roles.find((r) => r.memberCount > 0)!;
    const answers = [
      await signin(ctx.app, DEMO_EMAILS.owner, 'wrong password'),
      await ctx.app.inject({ method: 'GET', url: '/api/api/getrestperm' }),
      await ctx.app.inject({ method: 'GET', url: '/api/api/no-such-route' }),
      await ctx.app.inject({ method: 'POST', url: '/api/account/signin', payload: { email: 5 } }),
      await owner({ method: 'POST', url: '/api/api/deleterestperm', payload: { id: withMembers.id } }),
    ];
    const bodies = answers.map((res): { status: number; key?: unknown; params?: unknown } => ({
      status: res.statusCode,
      ...res.json<object>(),
    }));
    for (const body of bodies) {
      expect(body.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(catalogKeyProblem(body.key), JSON.stringify(body)).toBeUndefined();
    }
    expect(bodies.map((b) => b.key)).toEqual([
      'common.loginFailed',
      'common.loggedOut',
      'common.notFound',
      'common.badRequest',
      'team.roleHasMembers',
    ]);
    expect(bodies[4]!.params).toEqual({ count: String(withMembers.memberCount) });
  });
});
