import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * scripts/module-graph.mjs --check --strict is the project's only import-cycle check (npm test's
 * "architecture"): it must find a cycle however its imports are written, in product code and tests
 * alike, and leave a lazy import() alone. Each case builds a small tree with the repository's layout.
 */

const SCRIPT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../scripts/module-graph.mjs');

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'ra-graph-'));
  const base = {
    'apps/server/src/modules/menu/menu.service.ts': 'export const menu = 1;\n',
    'apps/web/src/main.tsx': 'export {};\n',
    'packages/shared/src/index.ts': 'export {};\n',
  };
  for (const [path, text] of Object.entries({ ...base, ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function check(dir: string): { code: number; output: string } {
  try {
    const output = execFileSync(process.execPath, [SCRIPT, dir, '--check', '--strict'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { code: 0, output };
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string };
    return { code: err.status, output: err.stdout + err.stderr };
  }
}

describe('the architecture check: import cycles', () => {
  it('passes a tree without a cycle', () => {
    const r = check(
      tree({
        'apps/web/src/a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
        'apps/web/src/b.ts': 'export const b = 1;\n',
      }),
    );
    expect(r.code).toBe(0);
    expect(r.output).toContain('"importCycles": 0');
  });

  it('finds a cycle of named imports, across folders and through a type-only import', () => {
    const r = check(
      tree({
        'apps/web/src/lib/a.ts': "import { b } from '../features/b.ts';\nexport const a = b;\n",
        'apps/web/src/features/b.ts': "import type { TC } from './c.tsx';\nexport const b: TC = 1;\n",
        'apps/web/src/features/c.tsx': "import { a } from '../lib/a.ts';\nexport type TC = typeof a;\n",
      }),
    );
    expect(r.code).toBe(1);
    expect(r.output).toContain('"importCycles": 1');
    expect(r.output).toMatch(/cycle: .*apps\/web\/src\/(lib\/a|features\/b|features\/c)/);
  });

  it('finds one through an import without an extension, an index file, a re-export and a bare import', () => {
    const r = check(
      tree({
        'packages/shared/src/x.ts': "import './y.ts';\nexport const x = 1;\n",
        'packages/shared/src/y.ts': "export { z } from './z';\n",
        'packages/shared/src/z/index.ts': "import { x } from '../x.ts';\nexport const z = x;\n",
      }),
    );
    expect(r.code).toBe(1);
    expect(r.output).toContain('"importCycles": 1');
  });

  it('finds one among tests and the files they share', () => {
    const r = check(
      tree({
        'apps/server/test/helper.ts': "import { seen } from './orders.test.ts';\nexport const helper = seen;\n",
        'apps/server/test/orders.test.ts': "import { helper } from './helper.ts';\nexport const seen = helper;\n",
      }),
    );
    expect(r.code).toBe(1);
    expect(r.output).toContain('apps/server/test/helper.ts');
  });

  it('leaves a lazy import() alone: it runs after both files have loaded and cannot decide their order', () => {
    const r = check(
      tree({
        'apps/web/src/routes.ts': "export const routes = [() => import('./home.tsx')];\n",
        'apps/web/src/home.tsx': "import { routes } from './routes.ts';\nexport const links = routes.length;\n",
      }),
    );
    expect(r.code).toBe(0);
  });
});
