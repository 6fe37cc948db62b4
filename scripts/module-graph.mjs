#!/usr/bin/env node
// The server's module graph, drawn from its imports: `npm run graph` writes docs/module-graph.md (a
// Mermaid picture GitHub renders) and prints the figures the architecture is held to: imports from one
// module into another's files, import cycles anywhere in the apps, and the largest service.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';

const root = resolve(process.argv[2] ?? '.');
const write = !process.argv.includes('--check');
const modulesDir = join(root, 'apps/server/src/modules');

/** Every TypeScript file under dir, tests included. */
function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}
const isTest = (file) => /\.test(-support)?\.tsx?$/.test(file);

/** `import … from`, `export … from`, a lazy `import()`, and a bare `import './x.ts'` (run for its effects). */
const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]/g;

/** The file a relative import names: as written, or with the extension or index file TypeScript would add. */
function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? base;
}

/** Relative imports of a file: the resolved target, and whether only types cross. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[3] ?? m[4] ?? m[5];
    found.push({ target: resolveImport(file, spec), typeOnly: Boolean(m[2]), dynamic: Boolean(m[4]) });
  }
  return found;
}

// The cycle check reads every file of the apps and packages, tests, scripts and build config included
// (it is the project's only one: ESLint's import-x/no-cycle did the same, at two thirds of lint's time);
// the other figures are about the product's code only.
const everyFile = ['apps', 'packages'].map((d) => join(root, d)).flatMap((d) => walk(d));
const graph = new Map(everyFile.map((f) => [f, importsOf(f)]));
const files = ['apps/server/src', 'apps/web/src', 'packages/shared/src']
  .map((d) => join(root, d) + '/')
  .flatMap((d) => everyFile.filter((f) => f.startsWith(d) && !isTest(f)));

// 1. imports from one server module into another's files
const moduleOf = (file) => {
  const rel = relative(modulesDir, file);
  return rel.startsWith('..') || !rel.includes('/') ? null : rel.split('/')[0];
};
const crossing = [];
const edges = new Map();
for (const file of files) {
  const imports = graph.get(file);
  const from = moduleOf(file);
  if (!from) continue;
  for (const { target, typeOnly } of imports) {
    const to = moduleOf(target);
    if (!to || to === from) continue;
    const publicFace = target.endsWith(`/${to}/${to}.module.ts`);
    crossing.push({ file: relative(root, file), target: relative(root, target), publicFace, typeOnly });
    const key = `${from}->${to}`;
    edges.set(key, (edges.get(key) ?? 0) + 1);
  }
}
const intoInternals = crossing.filter((c) => !c.publicFace);

// 2. import cycles (strongly connected groups of files), static imports only: a lazy import() runs
// after both files have loaded and cannot decide load order
let index = 0;
const stack = [];
const state = new Map();
const cycles = [];
function strong(v) {
  state.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const { target, dynamic } of graph.get(v) ?? []) {
    if (dynamic || !graph.has(target)) continue;
    if (!state.has(target)) {
      strong(target);
      state.get(v).low = Math.min(state.get(v).low, state.get(target).low);
    } else if (state.get(target).onStack) state.get(v).low = Math.min(state.get(v).low, state.get(target).index);
  }
  if (state.get(v).low === state.get(v).index) {
    const group = [];
    let w;
    do {
      w = stack.pop();
      state.get(w).onStack = false;
      group.push(relative(root, w));
    } while (w !== v);
    if (group.length > 1) cycles.push(group);
  }
}
for (const f of graph.keys()) if (!state.has(f)) strong(f);

// 3. the largest service
const services = files
  .filter((f) => f.startsWith(modulesDir) && f.endsWith('.service.ts'))
  .map((f) => ({ file: relative(root, f), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
  .sort((a, b) => b.lines - a.lines);

// 4. SQL outside repositories: a service that writes a query, or reads a table's columns itself
const SQL_IN_CODE =
  /\bsql`|^import (?!type)[^;]*from ['"](drizzle-orm|[./]*db\/schema\/[^'"]*)['"]|\b(db|tx)\.(execute|select|insert|update|delete|query)\b/m;
const servicesWithSql = services.filter((s) => SQL_IN_CODE.test(readFileSync(join(root, s.file), 'utf8')));

const figures = {
  crossModuleImports: crossing.length,
  intoAnotherModulesInternals: intoInternals.length,
  importCycles: cycles.length,
  largestService: services[0],
  servicesHoldingSql: servicesWithSql.length,
};
console.log(JSON.stringify(figures, null, 2));
for (const c of intoInternals) console.log(`  into internals: ${c.file} -> ${c.target}`);
for (const c of cycles) console.log(`  cycle: ${c.join(' -> ')}`);
for (const s of servicesWithSql) console.log(`  SQL in a service: ${s.file}`);
const broken = intoInternals.length + cycles.length + servicesWithSql.length;
if (process.argv.includes('--strict') && broken > 0) {
  console.error('The architecture does not hold: see the lines above (docs/architecture.md).');
  process.exit(1);
}

if (write) {
  const modules = readdirSync(modulesDir).filter((n) => statSync(join(modulesDir, n)).isDirectory());
  const lines = [...modules.map((m) => `  ${m.replace(/-/g, '_')}[${m}]`)];
  for (const [key, count] of [...edges].sort()) {
    const [from, to] = key.split('->');
    lines.push(`  ${from.replace(/-/g, '_')} -->|${count}| ${to.replace(/-/g, '_')}`);
  }
  writeFileSync(
    join(root, 'docs/module-graph.md'),
    `# Server module graph\n\nWritten by \`npm run graph\` from the imports under \`apps/server/src/modules\` (tests left out).\nAn arrow is one module using another's public interface (\`<domain>.module.ts\`, types only), with the\nnumber of importing files; app.ts hands each module the interfaces it needs.\n\n\`\`\`mermaid\nflowchart LR\n${lines.join('\n')}\n\`\`\`\n\n| Figure | Value |\n| --- | --- |\n| Imports from one module into another | ${figures.crossModuleImports} |\n| … into another module's internals | ${figures.intoAnotherModulesInternals} |\n| Import cycles (apps and shared) | ${figures.importCycles} |\n| Largest service | ${services[0]?.file} (${services[0]?.lines} lines) |\n| Services holding SQL | ${figures.servicesHoldingSql} |\n`,
  );
  // in the repository's format, so `prettier --check` in npm test agrees with a fresh drawing
  execFileSync('npx', ['prettier', '--write', '--log-level=warn', join(root, 'docs/module-graph.md')], {
    stdio: 'inherit',
  });
}
