import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { SERVER_DIR } from '../src/config.ts';

/**
 * Bundles the server from the source under test into `outdir` (scripts/build.ts, esbuild, about a
 * second) and answers the path of its server.js, which `node` runs as `npm start` runs dist/server.js.
 * `outdir` belongs under apps/server/dist/, so the bundle finds node_modules the way dist/'s does.
 * Tests start servers this way, not under tsx: a bundle starts with much less work.
 */
export function bundleServer(outdir: string): string {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--outdir', outdir], {
    cwd: SERVER_DIR,
    stdio: 'pipe',
  });
  return join(outdir, 'server.js');
}
