#!/usr/bin/env node
// Runs every test suite of the product in order and ends with one 'N passed, N failed' line.
// The server suite runs on the embedded PGlite and, when TEST_DATABASE_URL is set, again on that
// PostgreSQL server (ARCHITECTURE.md "Database": CI does both).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const only = process.argv.slice(2);
const outDir = mkdtempSync(join(tmpdir(), 'ra-tests-'));
const pgUrl = process.env.TEST_DATABASE_URL;
const withoutPg = { ...process.env };
delete withoutPg.TEST_DATABASE_URL;

const suites = [
  { name: 'shared', cwd: 'packages/shared', env: withoutPg },
  { name: 'web', cwd: 'apps/web', env: withoutPg },
  { name: 'server-pglite', cwd: 'apps/server', env: withoutPg },
  ...(pgUrl
    ? [{ name: 'server-postgres', cwd: 'apps/server', env: { ...process.env, TEST_DATABASE_URL: pgUrl } }]
    : []),
  { name: 'e2e', cwd: 'e2e', env: withoutPg, before: ['npm', ['run', 'build']] },
  // The sales pages again at 03:30 restaurant time, when the new business day has no orders yet: a
  // page or test that quietly assumes "today has sales" fails here instead of on a morning CI run.
  {
    name: 'e2e-early-morning',
    cwd: 'e2e',
    env: { ...withoutPg, E2E_CLOCK_NOW: '2026-03-14T03:30:00-04:00' },
    files: ['reports', 'dashboard'],
    // only the tests about today, "so far" and a chosen day: the rest of those pages does not depend on the hour
    args: ['-t', 'today|so far|same time|transactions with filters'],
  },
].filter((s) => only.length === 0 || only.some((o) => s.name.startsWith(o)));

let passed = 0;
let failed = 0;
let skipped = 0;
const broken = [];
const started = Date.now();

for (const suite of suites) {
  console.log(`\n=== ${suite.name} ===`);
  if (suite.before) {
    const b = spawnSync(suite.before[0], suite.before[1], { stdio: 'inherit', env: suite.env });
    if (b.status !== 0) {
      broken.push(`${suite.name} (build failed)`);
      continue;
    }
  }
  const jsonFile = join(outDir, `${suite.name}.json`);
  const run = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      ...(suite.files ?? []),
      ...(suite.args ?? []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${jsonFile}`,
    ],
    { cwd: suite.cwd, stdio: 'inherit', env: suite.env },
  );
  if (!existsSync(jsonFile)) {
    broken.push(`${suite.name} (no result, exit ${run.status})`);
    continue;
  }
  const result = JSON.parse(readFileSync(jsonFile, 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  // a suite that picks tests by name (-t) leaves the others out on purpose: they ran in their own suite
  if (!suite.args) skipped += result.numPendingTests + (result.numTodoTests ?? 0);
  if (run.status !== 0 && result.numFailedTests === 0) broken.push(`${suite.name} (exit ${run.status})`);
}

const seconds = Math.round((Date.now() - started) / 1000);
if (broken.length) console.log(`\nsuites that did not finish: ${broken.join(', ')}`);

console.log(`\nall suites finished in ${seconds}s`);
// Said just above the closing line, which stays in the plain 'N passed, N failed' form CI reads.
if (!pgUrl && (only.length === 0 || only.some((o) => 'server-postgres'.startsWith(o))))
  console.log('server suite on PostgreSQL: skipped, TEST_DATABASE_URL is not set (ran on PGlite only)');
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || broken.length > 0 || passed === 0 ? 1 : 0);
