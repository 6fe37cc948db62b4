import { MESSAGES, type TLang } from '@ra/shared/errors';
import { VALIDATION_MESSAGES } from '@ra/shared/validation/messages';

const byEnglish = new Map<string, { en: string; zh: string }>(
  [...Object.values(MESSAGES), ...Object.values(VALIDATION_MESSAGES)].map((entry) => [entry.en, entry]),
);

/**
 * The server answers in English with the SPEC's wording (packages/shared/src/errors.ts) and the shared
 * validation messages (packages/shared/src/validation/messages.ts); shown in the user's language when
 * the text is one of those, else as sent.
 */
export function translateServerMessage(message: string, lang: TLang): string {
  return byEnglish.get(message)?.[lang] ?? message;
}
