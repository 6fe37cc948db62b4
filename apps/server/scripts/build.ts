/**
 * `npm run build -w @ra/server`: bundles the server into dist/ as plain JavaScript that `node` runs
 * without tsx or any other devDependency. Our own code (src/ and packages/shared, which is consumed
 * as TypeScript source) goes into the bundle; every npm dependency stays an import resolved from
 * node_modules at run time (native bindings, PGlite's WASM and the OpenAPI viewer's files live there).
 * Entry points: server.js (what `npm start` runs) and the db:migrate / db:seed commands.
 *
 *   --outdir DIR   write somewhere else than dist/ (tests build into a temporary folder)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = resolve(values.outdir ?? join(serverDir, 'dist'));

const pkg = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
// The workspace package is source to compile, not a module to load; the rest are loaded at run time.
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@ra/shared');

const result = await build({
  absWorkingDir: serverDir,
  entryPoints: { server: 'src/server.ts', 'migrate-cli': 'src/db/migrate-cli.ts', 'seed-cli': 'src/demo/seed-cli.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  external,
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
  chunkNames: 'chunks/[name]-[hash]',
});
// What the bundle imports at run time, for the test that keeps devDependencies out of it.
writeFileSync(join(outdir, 'meta.json'), JSON.stringify(result.metafile));
console.log(`server built into ${outdir}`);
