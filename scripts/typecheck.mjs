#!/usr/bin/env node
// `npm run typecheck`: every project of the repository, strict, with TypeScript 7's compiler.
//
// TypeScript 7 is the compiler written in Go: the same checks as TypeScript 6 in about a third of the
// time (108 s for the five projects here on 2 cores, 35–39 s with it), and the static checks run in
// `npm test`. ESLint's TypeScript parser still needs TypeScript 6's JavaScript API, so both are
// installed: `typescript` (6) for typescript-eslint, `@typescript/native` (7) for this check.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const PROJECTS = ['packages/shared', 'apps/server', 'apps/web', 'e2e', 'bench'];

const require = createRequire(import.meta.url);
const tsc = join(dirname(require.resolve('@typescript/native/package.json')), 'bin', 'tsc');

let failed = 0;
for (const project of PROJECTS) {
  const r = spawnSync(process.execPath, [tsc, '-p', project], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed += 1;
    console.error(`typecheck: ${project} has type errors (exit ${r.status ?? r.signal})`);
  }
}
process.exit(failed ? 1 : 0);
