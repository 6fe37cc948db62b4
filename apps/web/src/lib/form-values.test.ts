import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FormInstance } from 'antd';
import { validFormValues } from './form-values.ts';

const form = (validateFields: () => Promise<unknown>) => ({ validateFields }) as unknown as FormInstance<unknown>;

describe('validFormValues', () => {
  it('gives the values when every rule passes', async () => {
    await expect(validFormValues(form(async () => ({ note: 'ok' })))).resolves.toEqual({ note: 'ok' });
  });

  it('gives null, not a rejection, when a rule fails (the form shows the messages)', async () => {
    const failure = { errorFields: [{ name: ['note'], errors: ['Please add a note for the applicant'] }] };
    await expect(validFormValues(form(() => Promise.reject(failure)))).resolves.toBeNull();
  });

  it('throws on anything else, so a broken validator is not hidden', async () => {
    await expect(validFormValues(form(() => Promise.reject(new Error('boom'))))).rejects.toThrow('boom');
  });
});

/**
 * No page may log an uncaught error: a whole-form `validateFields()` rejects when a rule fails, so
 * it is awaited through validFormValues (or given a catch) everywhere in the app.
 */
describe('whole-form validation in the app', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? files(join(dir, e.name))
        : /\.tsx?$/.test(e.name) && !/\.test\./.test(e.name)
          ? [join(dir, e.name)]
          : [],
    );

  it('never leaves a validateFields() rejection unhandled', () => {
    const src = join(import.meta.dirname, '..');
    const unguarded = files(src).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${file.slice(src.length + 1)}:${i + 1}` }))
        .filter(
          ({ line }) =>
            /\.validateFields\(\)/.test(line) && !/\.catch\(/.test(line) && !file.endsWith('form-values.ts'),
        )
        .map(({ at }) => at),
    );
    expect(unguarded).toEqual([]);
  });
});
