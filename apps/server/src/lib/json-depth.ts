import { ERROR_CODES, MESSAGES } from '@ra/shared/errors';
import { AppError } from './errors.ts';

/**
 * How deep a request's JSON may nest objects and arrays. The deepest body any route takes is a
 * handful of levels (a menu item's modifier groups and their modifiers); 64 leaves room for any
 * client's wrapping while refusing the 100,000-level bodies whose later handling (a recursive
 * toString, a schema walk, a log serializer) would overflow the stack.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The deepest nesting of objects and arrays in `text`, scanned without parsing (strings skipped,
 * escapes honoured), stopping as soon as it passes `limit`. Linear in the length, no recursion.
 */
export function jsonDepthExceeds(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i += 1;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth -= 1;
  }
  return false;
}

/** The 400 for a body nested deeper than MAX_JSON_DEPTH. */
export const jsonTooDeep = () => new AppError(400, ERROR_CODES.badRequest, MESSAGES.jsonTooDeep.en);
