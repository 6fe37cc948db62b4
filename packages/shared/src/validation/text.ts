import { z } from 'zod';
import { INPUT_MESSAGES } from './input.messages.ts';

/**
 * Characters no request text may carry: NUL, which PostgreSQL cannot store in text or jsonb, and a
 * UTF-16 surrogate without its partner, which is not a character at all. Browsers never send either
 * from a keyboard, but JSON.parse accepts "\u0000" and "\ud800" escapes, and a lone surrogate turns
 * into U+FFFD on the way to the database while jsonb refuses it outright, so one half of a write could
 * succeed and the other fail.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this pattern looks for.
const UNSTORABLE_CHARACTER = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `value` can be stored and searched as it is (see UNSTORABLE_CHARACTER). */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE_CHARACTER.test(value);
}

export const INVALID_CHARACTERS_MESSAGE = INPUT_MESSAGES['validation.invalidCharacters'].en;

/**
 * The one string type of every request schema (bodies, queries and path parameters): a zod string
 * that refuses unstorable characters with a bilingual message before any other rule runs, so the
 * answer is a 400 naming the field rather than a database error. Chain `.trim()`, `.min()`, `.max()`
 * and `.regex()` on it as on `z.string()`; `params` are z.string's (e.g. `{ error: 'Please enter…' }`
 * for a missing or non-text value).
 */
export function zText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, { message: INVALID_CHARACTERS_MESSAGE, abort: true });
}

/** Any text without further rules. */
export const ZText = zText();
