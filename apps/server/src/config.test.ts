import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from './config.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ra-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe(loadConfig.name, () => {
  it('defaults to port 8080 on all interfaces with data under the repository root', () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(32) });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: undefined, tokenTtlSeconds: 43_200 });
    expect(config.dataDir).toBe(join(REPO_ROOT, 'data'));
    expect(config.webDistDir).toBe(join(REPO_ROOT, 'apps/web/dist'));
  });

  it('generates the embedded JWT secret once and reuses it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('requires JWT_SECRET with a PostgreSQL server, where several API servers must share it', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://db/app' })).toThrow(/JWT_SECRET/);
  });

  it('reads EMAIL_FAIL, TOKEN_TTL_SECONDS and TRUST_PROXY', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      EMAIL_FAIL: '1',
      TOKEN_TTL_SECONDS: '600',
      TRUST_PROXY: '10.0.0.0/8',
    });
    expect(config.email.fail).toBe(true);
    expect(config.tokenTtlSeconds).toBe(600);
    expect(config.trustProxy).toBe('10.0.0.0/8');
    expect(() => loadConfig({ DATA_DIR: tempDir(), TOKEN_TTL_SECONDS: 'soon' })).toThrow(/TOKEN_TTL_SECONDS/);
  });
});
