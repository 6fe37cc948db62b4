import type { z } from 'zod';
import { toDisplayLanguage } from '@ra/shared/format/locale-format';
import { translateMenuMessage } from '@ra/shared/menu/menu.messages';
import { currentLanguage } from '../../lib/i18n.ts';
import { errorText, isApiError } from '../../lib/request.ts';
import { translateServerMessage } from '../../lib/server-message.ts';

/** A server or schema message (English) in the user's language, placeholders included ("…: Wings › Sauce"). */
export function translateMenu(text: string): string {
  const lang = toDisplayLanguage(currentLanguage());
  const menu = translateMenuMessage(text, lang);
  return menu !== text ? menu : translateServerMessage(text, lang);
}

/** The words for any failure of a menu call. */
export function menuErrorText(error: unknown): string {
  if (isApiError(error)) return translateMenu(error.message);
  return errorText(error);
}

/** Field errors of a 400 answer, translated, keyed by the field's dotted path ("options.0.name"). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.status !== 400 || !error.errors) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([field, message]) => [field, translateMenu(message)]));
}

/** The first problem a schema finds in a value, in English (translate for display), or undefined. */
export function firstIssue(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Every problem of a whole-object schema by dotted path, first one per path, in English. */
export function issuesByPath(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
