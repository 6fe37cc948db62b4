import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@ra/shared/errors';
import { AppError, RateLimited } from '../src/lib/errors.ts';
import { DEFAULT_RETRY_AFTER_SECONDS } from '../src/plugins/error-handler.ts';
import { createTestContext } from './helper.ts';

/**
 * Every 429 the product answers carries Retry-After: the limit's own wait when it knows it
 * (RateLimited; sign-in, password reset and photo uploads are tested with their limits), and a
 * default for any other 429, however it was answered.
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());

const limited: FastifyPluginAsyncZod = async (app) => {
  const access = { access: { kind: 'public' as const } };
  app.get('/api/api/test/limited-known', { config: access }, async () => {
    throw new RateLimited('Too many', 42.2);
  });
  app.get('/api/api/test/limited-unknown', { config: access }, async () => {
    throw new AppError(429, ERROR_CODES.rateLimited, 'Too many');
  });
  app.get('/api/api/test/limited-sent', { config: access }, async (_request, reply) =>
    reply.status(429).send({ code: ERROR_CODES.rateLimited, message: 'Too many' }),
  );
  app.get('/api/api/test/limited-own-header', { config: access }, async (_request, reply) =>
    reply.status(429).header('retry-after', '7').send({ code: ERROR_CODES.rateLimited, message: 'Too many' }),
  );
};

const app = await ctx.buildAnother({ modules: [limited] });

describe('Retry-After on 429', () => {
  it.each([
    ['a limit that knows its wait (rounded up)', 'limited-known', '43'],
    ['a 429 raised without one', 'limited-unknown', String(DEFAULT_RETRY_AFTER_SECONDS)],
    ['a 429 sent directly', 'limited-sent', String(DEFAULT_RETRY_AFTER_SECONDS)],
    ['a 429 that set its own', 'limited-own-header', '7'],
  ])('is on %s', async (_, path, expected) => {
    const res = await app.inject({ method: 'GET', url: `/api/api/test/${path}` });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe(expected);
    expect(res.json()).toMatchObject({ code: ERROR_CODES.rateLimited });
  });

  it('is not on other answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
