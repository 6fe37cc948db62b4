import { MESSAGE_CATALOG } from '@ra/shared/messages/catalog';

/**
 * Why `key` (from an error body) is not a message the browser can show in both languages, or
 * undefined when it is: a string naming a catalog entry whose English and Chinese texts are not empty.
 */
export function catalogKeyProblem(key: unknown): string | undefined {
  if (typeof key !== 'string' || key === '') return 'no key';
  if (!Object.hasOwn(MESSAGE_CATALOG, key)) return `${key} is not in the message catalog`;
  const entry = MESSAGE_CATALOG[key]!;
  if (!entry.en.trim()) return `${key} has no English text`;
  if (!entry.zh.trim()) return `${key} has no Chinese text`;
  return undefined;
}
