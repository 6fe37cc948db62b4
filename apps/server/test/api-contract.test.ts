import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, tokenFor, type TestContext } from './helper.ts';

/**
 * Issue 19 "A complete API contract": the OpenAPI document passes Spectral's OpenAPI rules and the
 * OWASP API Security rule set (`.spectral.yaml`, which says why each rule it turns off is off) with
 * no error on what a client sends: every request string, array and integer is bounded.
 */
const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const spectralBin = join(serverDir, '../../node_modules/.bin/spectral');

interface TFinding {
  code: string | number;
  path: string[];
  message: string;
  severity: number;
}

let ctx: TestContext;
let dir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  dir = await mkdtemp(join(tmpdir(), 'api-contract-'));
});
afterAll(async () => {
  await ctx?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function lint(doc: unknown): Promise<TFinding[]> {
  const docFile = join(dir, `openapi-${Math.random().toString(36).slice(2)}.json`);
  const outFile = `${docFile}.findings.json`;
  await writeFile(docFile, JSON.stringify(doc));
  // Exit code 1 means "findings at or above the fail severity": the findings file says which.
  await promisify(execFile)(
    spectralBin,
    ['lint', docFile, '-r', join(serverDir, '.spectral.yaml'), '-f', 'json', '-o', outFile, '--quiet', '-F', 'hint'],
    { cwd: serverDir },
  ).catch((error: { code?: number }) => {
    if (error.code !== 1) throw error;
  });
  return JSON.parse(await readFile(outFile, 'utf8')) as TFinding[];
}

const ERROR = 0;
const onRequestSide = (f: TFinding) => !f.path.includes('responses');

describe('API contract (OpenAPI + OWASP rules)', () => {
  it('has no error-severity finding outside responses', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const findings = await lint(doc);
    const errors = findings
      .filter((f) => f.severity === ERROR && onRequestSide(f))
      .map((f) => `${f.code} ${f.path.join('/')}: ${f.message}`);
    expect(errors).toEqual([]);
  });

  it('finds an unbounded request string, so the check above can fail', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/api/transactions'].get;
    const q = op.parameters.find((p: { name: string }) => p.name === 'q');
    delete q.schema.maxLength;
    const findings = await lint(doc);
    expect(
      findings.filter((f) => f.severity === ERROR && f.path.join('/').includes('/api/api/transactions/get/parameters')),
    ).toEqual([expect.objectContaining({ code: 'ra-request-string-limit' })]);
  });

  it('answers a too-long request string with a 400 in the shared error body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/acquireToken',
      headers: { authorization: await tokenFor(ctx.app, 'owner@demo.test') },
      payload: { oldjwtToken: 'x'.repeat(5000) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 40000,
      key: 'common.badRequest',
      message: expect.any(String),
      errors: { oldjwtToken: expect.any(String) },
      fieldKeys: expect.any(Object),
    });
  });
});
