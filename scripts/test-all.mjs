#!/usr/bin/env node
// Runs every test suite of the product and ends with one 'N passed, N failed' line.
// The server suite runs on the embedded PGlite and, when TEST_DATABASE_URL is set, again on that
// PostgreSQL server (ARCHITECTURE.md "Database": CI does both).
//
// Two lanes run side by side: one starts with the static checks and the unit suites, the other with
// the browser suites (one server and one Chromium, often waiting on each other); then each takes the
// server suites' parts, in order, as it comes free, so both cores stay busy to the end (the server
// suites kept one lane busy alone for their last eight minutes when they were that lane's own).
// The browser tests are split in two parts with a server each (the shell and report pages on the
// second, so neither part's files see the other's leftovers), run one after the other in the browser
// lane, never two at once: two browsers and two servers beside the server suites starved each other
// on 2 cores (a third of the browser tests' time, and timeouts that fail at random). TEST_LANES=1 runs
// everything one suite at a time instead.
// Each suite's output is printed whole when it ends, so the two lanes never interleave lines.
// The browser lane ends its own suites with the small failover drill (a cluster of its own, see
// failoverDrill below), beside whichever server suite part the other lane has.
import { spawn, execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const only = process.argv.slice(2);
const outDir = mkdtempSync(join(tmpdir(), 'ra-tests-'));
const pgUrl = process.env.TEST_DATABASE_URL;
const withoutPg = { ...process.env };
delete withoutPg.TEST_DATABASE_URL;
const lanes = process.env.TEST_LANES === '1' ? 1 : 2;

/** A suite either lane may run: the lanes take these in order once their own suites are done. */
const ANY = 'any';
/** The server tests that send requests to every route: the authorization matrix and the input fuzz. */
const EVERY_ROUTE = ['test/authorization-matrix.test.ts', 'test/fuzz.test.ts'];

/** Browser test files (under e2e/tests) of the second part, on a server of its own. */
const E2E_SECOND_PART = ['shell', 'reports'];
/**
 * The browser suites at the default clock share the data folder the first one's server seeded, each
 * starting a server on a copy of it (e2e/support/global-setup.ts): one seeding instead of two.
 */
const e2eSeededData = join(outDir, 'e2e-seeded');
const e2eEnv = { ...withoutPg, E2E_SEEDED_DATA_CACHE: e2eSeededData };

const suites = [
  // The architecture's rules (lint zones, no import cycles), the types and the format, checked before
  // any test: a submission that breaks them fails here like a failed test. Each check counts as one test.
  {
    name: 'static',
    lane: 0,
    env: withoutPg,
    checks: [
      ['lint', 'npm', ['run', '--silent', 'lint']],
      // import cycles (every file of apps/ and packages/, type-only imports too) and SQL in a service
      ['architecture', 'node', ['scripts/module-graph.mjs', '.', '--check', '--strict']],
      ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
      ['format', 'npx', ['prettier', '--check', '--log-level=warn', '.']],
    ],
  },
  { name: 'shared', lane: 0, cwd: 'packages/shared', env: withoutPg },
  { name: 'web', lane: 0, cwd: 'apps/web', env: withoutPg },
  // The server suites are taken by whichever lane is free first (see runLane): the PostgreSQL pass
  // whole, the PGlite pass in three parts (each loads its own seeded template, about 8 s), so that
  // neither lane waits with a core idle while the other finishes. The PostgreSQL pass runs whole: each
  // of its files has a database of its own (so its NOTIFY channels too), but the PGlite parts already
  // fill the lanes' ends, and each part would pay the run's setup (the seeded template) again.
  ...(pgUrl
    ? [{ name: 'server-postgres', lane: ANY, cwd: 'apps/server', env: { ...process.env, TEST_DATABASE_URL: pgUrl } }]
    : []),
  // the two files that check every route (about 170 s of the pass's 580), and the rest in two halves
  ...[1, 2].map((part) => ({
    name: `server-pglite-${part}of2`,
    lane: ANY,
    cwd: 'apps/server',
    env: withoutPg,
    args: [...EVERY_ROUTE.flatMap((f) => ['--exclude', f]), `--shard=${part}/2`],
  })),
  { name: 'server-pglite-every-route', lane: ANY, cwd: 'apps/server', env: withoutPg, files: EVERY_ROUTE },
  {
    name: 'e2e',
    lane: 1,
    cwd: 'e2e',
    env: e2eEnv,
    needsWeb: true,
    args: E2E_SECOND_PART.flatMap((f) => ['--exclude', `tests/${f}.e2e.test.ts`]),
  },
  { name: 'e2e-part-2', lane: 1, cwd: 'e2e', env: e2eEnv, needsWeb: true, files: E2E_SECOND_PART },
  // The sales pages again at 03:30 restaurant time, when the new business day has no orders yet: a
  // page or test that quietly assumes "today has sales" fails here instead of on a morning CI run.
  // Its own clock seeds other orders, so it seeds on its own server (a cached copy would save nothing).
  {
    name: 'e2e-early-morning',
    lane: 1,
    cwd: 'e2e',
    env: { ...withoutPg, E2E_CLOCK_NOW: '2026-03-14T03:30:00-04:00' },
    needsWeb: true,
    files: ['reports', 'dashboard'],
    // only the tests about today, "so far" and a chosen day: the rest of those pages does not depend on the hour
    args: ['-t', 'today|so far|same time|transactions with filters'],
    byName: true,
  },
  // Issue 22's drill, small: two API servers behind HAProxy, a pg_auto_failover primary and standby;
  // kill -9 an API server, then the primary. One test: every acknowledged order present, writes again after.
  { name: 'failover-drill', lane: 1, env: withoutPg, run: failoverDrill },
].filter((s) => only.length === 0 || only.some((o) => s.name.startsWith(o)));

let webBuild;
/** The web app is built once, for every browser suite, by whichever needs it first. */
function buildWeb() {
  webBuild ??= run('npm', ['run', 'build', '-w', '@ra/web'], { env: withoutPg });
  return webBuild;
}

let passed = 0;
let failed = 0;
let skipped = 0;
const broken = [];
const skippedSuites = [];
const failures = [];
const timings = [];
const started = Date.now();

/** Runs a command; resolves with its exit code and everything it printed. */
function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('close', (code) => resolve({ code, output: Buffer.concat(chunks).toString() }));
  });
}

/** What vitest prints when its own worker pool fails rather than a test or the code under test. */
const POOL_FAILURE =
  /\[vitest-pool\]|\[vitest-worker\]: Timeout calling|Worker exited unexpectedly|Timeout (terminating|starting) forks worker|Timeout waiting for worker/;

/** The part of a vitest run's output that says why it failed when no test did. */
function whyExited(output) {
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const from = lines.findIndex((l) => /Unhandled (Error|Rejection)|Errors occurred/.test(l) || POOL_FAILURE.test(l));
  const picked = from >= 0 ? lines.slice(from, from + 40) : lines.slice(-40);
  return picked.map((l) => `    ${l}`).join('\n');
}

/** Ports of the drill's cluster: the balancer, +1 and +2 the API servers, +10 the monitor, +11 and +12 the nodes. */
const DRILL_PORT_BASE = Number(process.env.FAILOVER_DRILL_PORT_BASE ?? 17480);
/** The whole drill, cluster creation included, fails past this (it takes 3-5 minutes on 2 busy cores). */
const DRILL_TIMEOUT_S = Number(process.env.FAILOVER_DRILL_TIMEOUT_S ?? 900);

/** Whether this machine can run the drill: why not, or undefined. */
function drillCannotRun() {
  const has = (command) => {
    try {
      execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  // deploy/cluster.sh runs pg_autoctl as the postgres user (runuser) and installs what is missing with apt
  if (process.getuid?.() !== 0) return 'not root (deploy/cluster.sh runs pg_autoctl as the postgres user)';
  if (!has('runuser')) return 'no runuser to run pg_autoctl as the postgres user';
  const missing = ['pg_autoctl', 'haproxy'].filter((c) => !has(c));
  if (missing.length && !has('apt-get')) return `${missing.join(' and ')} missing and no apt-get to install them`;
  return undefined;
}

/** Stops the drill's cluster and deletes its folder, then ends any process of it still running. */
async function drillTeardown(env, dir) {
  let output = '';
  const r = await run('bash', ['deploy/cluster.sh', 'destroy'], { env });
  output += r.output;
  // Nothing of the cluster may outlive the suite: a process whose command line names its folder
  // (PostgreSQL and pg_autoctl) or an API server or HAProxy that cluster.sh's stop did not end.
  const ps = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  const left = ps
    .split('\n')
    .map((line) => line.trim().match(/^(\d+) (.*)$/))
    .filter((m) => m && m[2].includes(dir))
    .map((m) => Number(m[1]));
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  if (left.length)
    output += `failover-drill: ended ${left.length} process(es) the cluster's stop left: ${left.join(' ')}\n`;
  rmSync(dir, { recursive: true, force: true });
  return output;
}

/** The small failover drill (bench/failover/run.ts --small) on a cluster of its own, always destroyed after. */
async function failoverDrill() {
  const why = drillCannotRun();
  if (why) return { skipped: `skipped: ${why}` };
  // A folder of its own; cluster.sh gives it to the postgres user (its parent, /tmp, is open to it).
  const dir = mkdtempSync(join(tmpdir(), 'ra-drill-'));
  chmodSync(dir, 0o755);
  const env = {
    ...withoutPg,
    CLUSTER_DIR: dir,
    CLUSTER_LB_PORT: String(DRILL_PORT_BASE),
    CLUSTER_API_PORT_BASE: String(DRILL_PORT_BASE + 1),
    CLUSTER_API_COUNT: '2',
    CLUSTER_PG_PORT_BASE: String(DRILL_PORT_BASE + 10),
    // the least demo data that has the owner the POS clients sign in as
    CLUSTER_SEED_DAYS: '1',
    CLUSTER_BUILD: '0',
    FAILOVER_DRILL: 'small',
  };
  let result;
  try {
    // The server only (the browser lane has built the web app; the API servers need none of it).
    const build = await run('npm', ['run', 'build', '-w', '@ra/server'], { env });
    if (build.code !== 0) result = { passed: false, output: build.output, why: 'the server build failed' };
    else {
      const drill = await new Promise((resolve) => {
        // in a process group of its own, so that a drill out of time ends with what it started (cluster.sh)
        const child = spawn('node', ['--import', 'tsx', 'failover/run.ts', '--small'], {
          cwd: 'bench',
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        });
        const chunks = [];
        child.stdout.on('data', (d) => chunks.push(d));
        child.stderr.on('data', (d) => chunks.push(d));
        const timer = setTimeout(() => {
          chunks.push(Buffer.from(`\nfailover-drill: still running after ${DRILL_TIMEOUT_S} s, ended\n`));
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            child.kill('SIGKILL');
          }
        }, DRILL_TIMEOUT_S * 1000);
        child.on('close', (code) => {
          clearTimeout(timer);
          resolve({ code, output: Buffer.concat(chunks).toString() });
        });
      });
      const line = drill.output.match(/failover drill FAILED: .*/)?.[0];
      result = {
        passed: drill.code === 0,
        output: drill.output,
        why: line ?? (drill.code === null ? `out of time (${DRILL_TIMEOUT_S} s)` : `exit ${drill.code}`),
      };
    }
  } finally {
    // A failed drill's cluster logs go with its output: the teardown deletes the folder they are in.
    const logs = result?.passed ? '' : drillLogTails(dir);
    const teardown = await drillTeardown(env, dir);
    if (result) result.output += logs + teardown;
  }
  return result;
}

/** The last lines of each log of the drill's cluster (API servers, seed, HAProxy, PostgreSQL nodes). */
function drillLogTails(dir) {
  const logDir = join(dir, 'log');
  if (!existsSync(logDir)) return '';
  return readdirSync(logDir)
    .sort()
    .map((name) => {
      const lines = readFileSync(join(logDir, name), 'utf8').trimEnd().split('\n').slice(-30);
      return `--- failover-drill: the last lines of ${name}\n${lines.join('\n')}\n`;
    })
    .join('');
}

async function runSuite(suite) {
  const suiteStarted = Date.now();
  let output = '';
  console.log(`--- ${suite.name}: started`);
  try {
    if (suite.run) {
      const r = await suite.run();
      if (r.skipped) {
        skipped += 1;
        output += `--- ${suite.name}: ${r.skipped}\n`;
        skippedSuites.push(`${suite.name} ${r.skipped}`);
        return;
      }
      output += `${r.output}--- ${suite.name}: ${r.passed ? 'passed' : 'failed'}\n`;
      if (r.passed) passed += 1;
      else {
        failed += 1;
        failures.push(`${suite.name}: ${r.why}\n    ${r.output.trim().split('\n').slice(-25).join('\n    ')}`);
      }
      return;
    }
    if (suite.checks) {
      for (const [name, command, args] of suite.checks) {
        const r = await run(command, args, { env: suite.env });
        output += `--- ${name}: ${r.code === 0 ? 'passed' : 'failed'}\n${r.code === 0 ? '' : r.output}`;
        if (r.code === 0) passed += 1;
        else {
          failed += 1;
          failures.push(`${suite.name} ${name}\n    ${r.output.trim().split('\n').slice(0, 20).join('\n    ')}`);
        }
      }
      return;
    }
    if (suite.needsWeb) {
      const b = await buildWeb();
      if (!b.reported) output += b.output;
      b.reported = true;
      if (b.code !== 0) {
        broken.push(`${suite.name} (web build failed)`);
        return;
      }
    }
    const jsonFile = join(outDir, `${suite.name}.json`);
    const vitest = () =>
      run(
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
        { cwd: suite.cwd, env: { ...suite.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } },
      );
    let r = await vitest();
    output += r.output;
    // Vitest's own worker pool can fail a run in which every test passed: a worker that does not stop
    // in time or dies after its last file, when the other lane's browser has the 2 cores busy. That
    // says nothing about the product, so the suite runs once more and the log says so; any other
    // failure (a failed test, an unhandled error of the code under test) counts as it is.
    if (r.code !== 0 && POOL_FAILURE.test(r.output) && existsSync(jsonFile)) {
      const first = JSON.parse(readFileSync(jsonFile, 'utf8'));
      if (first.numFailedTests === 0) {
        output += `\n--- ${suite.name}: every test passed but vitest's worker pool failed (see above); running it once more\n`;
        r = await vitest();
        output += r.output;
      }
    }
    if (!existsSync(jsonFile)) {
      broken.push(`${suite.name} (no result, exit ${r.code})`);
      return;
    }
    const result = JSON.parse(readFileSync(jsonFile, 'utf8'));
    passed += result.numPassedTests;
    failed += result.numFailedTests;
    // a suite that picks tests by name (-t) leaves the others out on purpose: they ran in their own suite
    for (const file of result.testResults ?? []) {
      for (const t of file.assertionResults ?? []) {
        if (t.status !== 'failed') continue;
        const why = (t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
        failures.push(`${suite.name} ${file.name.replace(process.cwd() + '/', '')} > ${t.fullName}\n    ${why}`);
      }
      // a file that failed before any test ran (an import error, a failing hook) has no failed test to name
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
        failures.push(
          `${suite.name} ${file.name.replace(process.cwd() + '/', '')}\n    ${(file.message ?? '').split('\n')[0].slice(0, 300)}`,
        );
    }
    if (!suite.byName) skipped += result.numPendingTests + (result.numTodoTests ?? 0);
    if (r.code !== 0 && result.numFailedTests === 0) {
      broken.push(`${suite.name} (exit ${r.code})`);
      // every test passed, so vitest failed for something else (an unhandled error, a worker that
      // died): its own report of that goes to the end with the failures, where a CI log's tail shows it
      failures.push(`${suite.name}: exit ${r.code} with no failed test; vitest said:\n${whyExited(r.output)}`);
    }
  } finally {
    const seconds = Math.round((Date.now() - suiteStarted) / 1000);
    timings.push(`${suite.name} ${seconds}s`);
    console.log(`\n=== ${suite.name} (${seconds}s) ===\n${output}`);
  }
}

/** The suites either lane may run, in order; each is taken once, by the first lane free. */
const shared = suites.filter((s) => s.lane === ANY);

async function runLane(lane) {
  if (lanes === 1) {
    for (const suite of suites) await runSuite(suite);
    return;
  }
  for (const suite of suites.filter((s) => s.lane === lane)) await runSuite(suite);
  for (let suite = shared.shift(); suite; suite = shared.shift()) await runSuite(suite);
}

await Promise.all(Array.from({ length: lanes }, (_, lane) => runLane(lane)));
rmSync(e2eSeededData, { recursive: true, force: true });

const seconds = Math.round((Date.now() - started) / 1000);
// The failures again, together at the end, where a CI log's tail shows them.
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `- ${f}`).join('\n')}`);
if (broken.length) console.log(`\nsuites that did not finish: ${broken.join(', ')}`);

console.log(`\nall suites finished in ${seconds}s (${timings.join(', ')}; ${lanes} lane${lanes > 1 ? 's' : ''})`);
// Said just above the closing line, which stays in the plain 'N passed, N failed' form CI reads.
if (!pgUrl && (only.length === 0 || only.some((o) => 'server-postgres'.startsWith(o))))
  console.log('server suite on PostgreSQL: skipped, TEST_DATABASE_URL is not set (ran on PGlite only)');
for (const s of skippedSuites) console.log(s);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
// nothing passed is a failure, unless what ran was a suite this machine cannot run (it said so above)
process.exit(failed > 0 || broken.length > 0 || (passed === 0 && skippedSuites.length === 0) ? 1 : 0);
