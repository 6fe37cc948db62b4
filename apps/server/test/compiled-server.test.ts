import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_DIR } from '../src/config.ts';
import { bundleServer } from './bundle-server.ts';
import { DEMO_EMAILS } from '../src/demo/seed.ts';
import { freePort } from './free-port.ts';

/**
 * The server as compiled JavaScript, started with plain node on its embedded database. It runs in
 * the PGlite pass of the suite only (vitest.config.ts): the built server opens its own embedded
 * database whatever TEST_DATABASE_URL says.
 */

let webDist: string;
beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'ra-web-dist-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(webDist, 'assets', 'index-5e1f.js'), 'console.log(1);');
});
afterAll(() => {
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

describe('compiled server', () => {
  const outdir = join(SERVER_DIR, 'dist', `.test-${process.pid}`);
  let child: ChildProcess | undefined;
  let dataDir: string;
  afterAll(() => {
    child?.kill('SIGTERM');
    rmSync(outdir, { recursive: true, force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('bundles our code and imports at run time nothing but dependencies and Node built-ins', () => {
    bundleServer(outdir);
    const pkg = JSON.parse(readFileSync(join(SERVER_DIR, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const meta = JSON.parse(readFileSync(join(outdir, 'meta.json'), 'utf8')) as {
      outputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
    };
    const packageOf = (path: string) =>
      path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0]!;
    const imported = new Set(
      Object.values(meta.outputs)
        .flatMap((o) => o.imports)
        .filter((i) => i.external)
        .map((i) => packageOf(i.path)),
    );
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    const fromNpm = [...imported].filter((name) => !builtins.has(name));
    expect(fromNpm.length).toBeGreaterThan(5);
    for (const name of fromNpm) expect(Object.keys(pkg.dependencies), name).toContain(name);
    // The shared package is compiled in: it is TypeScript source, which plain node cannot load.
    expect(fromNpm).not.toContain('@ra/shared');
    for (const dev of Object.keys(pkg.devDependencies)) expect(fromNpm).not.toContain(dev);
  });

  it('starts with plain node, migrates from the built file, and serves the API and the web app', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ra-compiled-'));
    const port = await freePort();
    let output = '';
    child = spawn(process.execPath, [join(outdir, 'server.js')], {
      cwd: tmpdir(),
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_ORDER_DAYS: '0',
        WEB_DIST_DIR: webDist,
        LOG_LEVEL: 'warn',
        CLOCK_NOW: '2026-03-14T19:30:00-04:00',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => (output += String(chunk)));
    child.stderr?.on('data', (chunk) => (output += String(chunk)));

    const base = `http://127.0.0.1:${port}`;
    // First start migrates and seeds the embedded database: seconds alone, minutes on a busy machine.
    const deadline = performance.now() + 150_000;
    let ready: Response | undefined;
    while (!ready && performance.now() < deadline && child.exitCode === null) {
      ready = await fetch(`${base}/api/readyz`).catch(() => undefined);
      if (!ready) await new Promise((r) => setTimeout(r, 200));
    }
    expect(ready?.status, output).toBe(200);
    expect(output).toContain('demo data added');

    const signin = await fetch(`${base}/api/account/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: DEMO_EMAILS.owner,
        password: 'demo1234',
        cid: -1,
        emailVerificationCodeNumber: '',
      }),
    });
    expect(signin.status, output).toBe(200);
    await signin.arrayBuffer();
    const page = await fetch(`${base}/dashboard`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    // Read every answer whole: a body left unread holds its connection open, and the server's
    // graceful shutdown waits for it (under load, past its 25 s).
    const docs = await fetch(`${base}/api/docs/json`);
    expect(docs.status).toBe(200);
    await docs.arrayBuffer();

    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child!.once('exit', resolve));
    expect(code, output.slice(-3000)).toBe(0);
    child = undefined;
  }, 180_000);
});
