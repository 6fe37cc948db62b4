import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Money on every screen goes through the shared formatter (`formatCents` in
 * packages/shared/src/format/locale-format.ts): "$1,360.82" in both languages. A hand-made "$" plus
 * `toFixed(2)` drops the separators, and a second Intl currency formatter writes "US$" in Chinese.
 */
const SRC = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const AD_HOC_MONEY: Array<[string, RegExp]> = [
  ['a "$" glued to an interpolated amount', /`\$\$\{/],
  ['a "$" before toFixed(2)', /\$(?!\{)[^\n]{0,20}toFixed\(2\)/],
  ['an Intl currency formatter of its own', /currency:\s*'USD'|style:\s*'currency'/],
  ['the "US$" symbol', /US\$/],
  ['the unseparated formatMoneyCents of format/number', /formatMoneyCents/],
];

describe('one money format', () => {
  it('no screen formats money by hand', () => {
    const offenders = sourceFiles(SRC).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return AD_HOC_MONEY.filter(([, re]) => re.test(text)).map(([what]) => `${relative(SRC, file)}: ${what}`);
    });
    expect(offenders).toEqual([]);
  });
});
