import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/operations.md names every environment variable the server reads and every webhook path it
 * tells providers to call (issue 20 "docs/operations.md lists every variable and every webhook path").
 */
const root = resolve(import.meta.dirname, '../../..');
const src = join(root, 'apps/server/src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('docs/operations.md', () => {
  const doc = readFileSync(join(root, 'docs/operations.md'), 'utf8');

  it('names every variable the server reads', () => {
    const read = new Set<string>();
    for (const file of files(src)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(
        /\benv\.([A-Z][A-Z0-9_]+)|\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]|required\(env, '([A-Z0-9_]+)'/g,
      ))
        read.add((m[1] ?? m[2] ?? m[3])!);
    }
    expect(read.size).toBeGreaterThan(40);
    expect([...read].filter((name) => !doc.includes(`\`${name}\``)).sort()).toEqual([]);
  });

  it('names every webhook path the providers are given', () => {
    const service = readFileSync(join(src, 'modules/providers/providers.service.ts'), 'utf8');
    const paths = [...service.matchAll(/_PATH = '([^']+)'/g)].map((m) => m[1]!);
    expect(paths.length).toBeGreaterThanOrEqual(6);
    expect(paths.filter((path) => !doc.includes(`\`${path}\``))).toEqual([]);
  });
});
