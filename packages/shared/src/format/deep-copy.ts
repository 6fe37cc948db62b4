import { BilingualError } from './bilingual-error.ts';

/** SPEC 8: the deep-copy helper errors on invalid arguments, in both languages. */
export class DeepCloneArgumentError extends BilingualError {
  override name = 'DeepCloneArgumentError';

  constructor() {
    super({ en: 'error arguments', zh: '参数错误' });
  }
}

function cloneValue(value: unknown, seen: WeakMap<object, unknown>): unknown {
  // Functions are behaviour, not data: nested ones are shared, as a shallow copy would.
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return seen.get(value);

  if (value instanceof Date) return new Date(value.getTime());
  if (value instanceof RegExp) return new RegExp(value.source, value.flags);
  if (value instanceof Map) {
    const copy = new Map();
    seen.set(value, copy);
    for (const [key, entry] of value) copy.set(cloneValue(key, seen), cloneValue(entry, seen));
    return copy;
  }
  if (value instanceof Set) {
    const copy = new Set();
    seen.set(value, copy);
    for (const entry of value) copy.add(cloneValue(entry, seen));
    return copy;
  }

  const copy: Record<PropertyKey, unknown> = Array.isArray(value)
    ? new Array<unknown>(value.length)
    : Object.create(Object.getPrototypeOf(value) as object | null);
  // Registered before recursing so a cycle resolves to the copy instead of recursing forever.
  seen.set(value, copy);
  for (const key of Object.keys(value)) {
    copy[key] = cloneValue((value as Record<string, unknown>)[key], seen);
  }
  return copy;
}

/**
 * A deep copy of an object or array: nested objects, arrays, Dates, RegExps, Maps and Sets are
 * copied; primitives and functions inside are kept; cycles are preserved in the copy; prototypes
 * are kept. Anything that is not an object or array (undefined, null, a primitive, a function)
 * throws DeepCloneArgumentError, since there is nothing to copy and the caller has a bug.
 */
export function deepClone<T extends object>(source: T): T {
  if (typeof source !== 'object' || source === null) throw new DeepCloneArgumentError();
  return cloneValue(source, new WeakMap()) as T;
}
