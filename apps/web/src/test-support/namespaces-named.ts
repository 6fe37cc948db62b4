import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The web app's source folder. */
export const WEB_SRC = join(import.meta.dirname, '..');

/** Every translation namespace (a file of locales/en). */
export const NAMESPACES = readdirSync(join(WEB_SRC, 'locales/en'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));

/**
 * The namespaces a source file names: useTranslation('ns' | ['a', 'b']), and 'ns:key' in any quotes.
 * What app/frame-translations.test.tsx and app/report-translations.test.tsx check a page's sources with.
 */
export function namespacesNamed(code: string): string[] {
  const named = new Set<string>();
  for (const [, args] of code.matchAll(/useTranslation\(([^)]*)\)/g))
    for (const [, ns] of args!.matchAll(/['"]([a-z-]+)['"]/g)) named.add(ns!);
  for (const [, ns] of code.matchAll(/['"`]([a-z-]+):[\w.$]/g)) if (NAMESPACES.includes(ns!)) named.add(ns!);
  return [...named];
}
