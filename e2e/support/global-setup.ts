import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../../apps/server/test/bundle-server.ts';

/** Shared with the tests so they can mint tokens (e.g. an already-expired one). */
export const E2E_JWT_SECRET = 'e2e-secret-not-for-production-0123456789abcdef';

/**
 * The instant the whole browser suite runs at, on the server (CLOCK_NOW) and in the page
 * (Playwright's clock), so "today" is the same on both sides and never the hour CI happens to run.
 * A Saturday evening in New York by default; E2E_CLOCK_NOW runs the suite at another instant
 * (scripts/test-all.mjs runs the sales pages again at 03:30, before the day's first order).
 */
export const DEFAULT_E2E_CLOCK_NOW = '2026-03-14T19:30:00-04:00';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    jwtSecret: string;
    /** ISO instant the server's clock started at (CLOCK_NOW). */
    clockNow: string;
    /** The server's log as it is written: tests read the mail the local email adapter logs. */
    serverLogFile: string;
  }
}

const repoRoot = resolve(import.meta.dirname, '..', '..');

async function waitForServer(url: string, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start in time');
}

/** The server's environment for a data folder and a port, as every browser suite runs it. */
function serverEnv(dataDir: string, port: number, clockNow: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    WEB_DIST_DIR: join(repoRoot, 'apps', 'web', 'dist'),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    JWT_SECRET: E2E_JWT_SECRET,
    // CLOCK_NOW is honoured outside production only (lib/clock.ts).
    NODE_ENV: 'test',
    CLOCK_NOW: clockNow,
    SEED_ORDER_DAYS: '21',
  };
}

const freePort = (): number => 18000 + Math.floor(Math.random() * 1000);

/**
 * E2E_SEEDED_DATA_CACHE names a folder where the browser suites of one run (scripts/test-all.mjs)
 * keep the data folder a first start seeded, one per clock: the next suite on the same clock starts
 * from a copy (about 5 s) instead of migrating and seeding again (about 21 s, measured alone). The
 * copy is taken from a server stopped cleanly right after seeding, before any test touched it, so
 * each suite still starts from the demo as a first `npm start` makes it.
 */
async function seededDataFolder(server: string, clockNow: string, dataDir: string): Promise<void> {
  const cache = process.env.E2E_SEEDED_DATA_CACHE;
  if (!cache) return;
  const seeded = join(cache, new Date(clockNow).toISOString().replace(/[:.]/g, '-'));
  if (!existsSync(join(seeded, '.seeded'))) {
    rmSync(seeded, { recursive: true, force: true });
    const port = freePort();
    const child = spawn(process.execPath, ['--enable-source-maps', server], {
      cwd: repoRoot,
      env: serverEnv(seeded, port, clockNow),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    try {
      await waitForServer(
        `http://127.0.0.1:${port}/api/account/prelogin?data=probe@demo.test`,
        child,
        Date.now() + 300_000,
      );
    } catch (err) {
      child.kill('SIGKILL');
      throw new Error(`seeding the browser suites' data: ${(err as Error).message}\n${log.slice(-4000)}`);
    }
    // SIGTERM closes the database cleanly (server.ts), so the folder is whole when copied
    child.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) throw new Error(`the seeding server stopped with ${code}\n${log.slice(-4000)}`);
    writeFileSync(join(seeded, '.seeded'), clockNow);
  }
  cpSync(seeded, dataDir, { recursive: true });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ra-e2e-'));
  const port = freePort();
  const clockNow = process.env.E2E_CLOCK_NOW || DEFAULT_E2E_CLOCK_NOW;
  // The server built now into a folder of this run's own (esbuild, about a second), as `npm start` runs
  // it: the code under test, and a quarter less start-up work than under tsx (6 s of a 25 s start, 9 s
  // of its CPU, measured on this machine).
  const serverBuild = join(repoRoot, 'apps', 'server', 'dist', `.e2e-${process.pid}`);
  const server = bundleServer(serverBuild);
  try {
    await seededDataFolder(server, clockNow, dataDir);
  } catch (err) {
    rmSync(serverBuild, { recursive: true, force: true });
    throw err;
  }
  const child = spawn(process.execPath, ['--enable-source-maps', server], {
    cwd: repoRoot,
    env: serverEnv(dataDir, port, clockNow),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const serverLogFile = join(dataDir, 'server.log');
  child.stdout?.on('data', (d: Buffer) => {
    log += d.toString();
    appendFileSync(serverLogFile, d);
  });
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(`${baseUrl}/api/account/prelogin?data=probe@demo.test`, child, Date.now() + 300_000);
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(serverBuild, { recursive: true, force: true });
    throw new Error(`${(err as Error).message}\n${log.slice(-4000)}`);
  }
  project.provide('baseUrl', baseUrl);
  project.provide('jwtSecret', E2E_JWT_SECRET);
  project.provide('clockNow', new Date(clockNow).toISOString());
  project.provide('serverLogFile', serverLogFile);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(serverBuild, { recursive: true, force: true });
  };
}
