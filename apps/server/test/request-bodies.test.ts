import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@ra/shared/errors';
import { MEDIA_MESSAGES } from '@ra/shared/media/media.messages';
import { DEMO_EMAILS } from '../src/demo/seed.ts';
import { MAX_JSON_DEPTH } from '../src/lib/json-depth.ts';
import { as, createTestContext, tokenFor } from './helper.ts';

/**
 * Bodies that broke the server from outside: JSON nested 100,000 deep (a webhook turned it into text
 * recursively and overflowed the stack), a multipart form with only a stray field (a throwing parse),
 * and a multipart body cut off in the middle. Each is a 400 with a message in both languages, and
 * nothing is kept.
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());
const owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
const agent = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.agent));

const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const json = { 'content-type': 'application/json' };

describe('JSON nested too deep', () => {
  it.each([
    ['the inbound SMS webhook', '/api/api/customers/sms/inbound'],
    ['the SMS status webhook', '/api/api/customers/sms/status'],
    ['a signed-in write', '/api/api/work-hours/periods/close'],
  ])('is a 400 before %s reads it', async (_, url) => {
    for (const payload of [nestedArrays(100_000), nestedObjects(100_000)]) {
      const res = await owner({ method: 'POST', url, headers: json, payload });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
      expect(res.json()).toEqual({ code: 40000, key: 'common.jsonTooDeep', message: MESSAGES.jsonTooDeep.en });
    }
  });

  it(`counts only real nesting: ${MAX_JSON_DEPTH} levels, and brackets inside strings, pass to the schema`, async () => {
    const res = await owner({
      method: 'POST',
      url: '/api/api/work-hours/periods/close',
      headers: json,
      payload: `{"start":"[[[[{{{{\\"${'['.repeat(500)}","x":${nestedArrays(MAX_JSON_DEPTH - 1)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: MESSAGES.badRequest.en, errors: { start: expect.any(String) } });
  });
});

const boundary = 'bodies-test-boundary';
const multipart = { 'content-type': `multipart/form-data; boundary=${boundary}` };
const strayField = [`--${boundary}`, 'Content-Disposition: form-data; name="a"', '', '1', `--${boundary}--`, ''].join(
  '\r\n',
);
const cutOff = [
  `--${boundary}`,
  'Content-Disposition: form-data; name="file"; filename="a.png"',
  'Content-Type: image/png',
  '',
  `\x89PNG\r\n\x1a\n${'x'.repeat(1000)}`,
].join('\r\n');

describe('multipart bodies', () => {
  const sentCount = async () =>
    ((await agent({ method: 'GET', url: '/api/api/agent/notifications' })).json() as { total: number }).total;

  it('a notification with only a stray field is a 400 naming the missing fields, and nothing is sent', async () => {
    const before = await sentCount();
    const res = await agent({
      method: 'POST',
      url: '/api/api/agent/notifications',
      headers: multipart,
      payload: strayField,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 40000, errors: { messageEn: expect.any(String) } });
    expect(await sentCount()).toBe(before);
  });

  it('a notification whose file is cut off is a 400, and nothing is sent', async () => {
    const before = await sentCount();
    const res = await agent({
      method: 'POST',
      url: '/api/api/agent/notifications',
      headers: multipart,
      payload: cutOff,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ errors: { file: MEDIA_MESSAGES.uploadCutOff.en } });
    expect(await sentCount()).toBe(before);
  });

  it('an image upload cut off in the middle is a 400, and the library keeps nothing', async () => {
    const total = async () =>
      ((await owner({ method: 'GET', url: '/api/api/media/images' })).json() as { total: number }).total;
    const before = await total();
    const res = await owner({ method: 'POST', url: '/api/api/media/images', headers: multipart, payload: cutOff });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ errors: { file: MEDIA_MESSAGES.uploadCutOff.en } });
    expect(await total()).toBe(before);
  });
});
