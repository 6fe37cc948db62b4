import { describe, expect, it } from 'vitest';
import './zod-without-eval.ts';
import { config, z } from 'zod';

describe('zod without eval', () => {
  it('turns zod 4 jitless before any schema is made, without importing zod', () => {
    expect(config().jitless).toBe(true);
    // and parsing still works interpreted
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
