/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, e.g. BENCH_CPU_PROF=DIR npm run ingest -w @ra/bench):
 * the top functions by self time, and self time by package (node_modules/<name>, our bundle, node
 * internals, garbage collection, idle).
 *
 *   node --import tsx bench/ingest/profile-summary.ts DIR/after-*.cpuprofile [top=25]
 */
import { readFileSync } from 'node:fs';

interface TNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [top]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as {
  nodes: TNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

function area(url: string, name: string): string {
  if (name === '(idle)' || name === '(program)' || name === '(garbage collector)') return name;
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.includes('/dist/')) return 'our code (dist)';
  if (url.startsWith('node:') || url === '') return 'node internals';
  return url;
}
const fns = new Map<string, number>();
const areas = new Map<string, number>();
for (const [id, us] of selfUs) {
  const n = byId.get(id)!;
  const { functionName, url, lineNumber } = n.callFrame;
  const key = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
  const a = area(url, functionName);
  areas.set(a, (areas.get(a) ?? 0) + us);
}
const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
console.log(`${(total / 1e6).toFixed(1)} s sampled`);
console.log('\nself time by area:');
for (const [k, v] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${pct(v)}  ${k}`);
console.log('\ntop functions by self time:');
for (const [k, v] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg ?? 25)))
  console.log(`${pct(v)}  ${k}`);
