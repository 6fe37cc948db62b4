import { MESSAGES, type TLang } from '@ra/shared/errors';

const byEnglish = new Map<string, (typeof MESSAGES)[keyof typeof MESSAGES]>(
  Object.values(MESSAGES).map((entry) => [entry.en, entry]),
);

/**
 * The server answers in English with the SPEC's wording (packages/shared/src/errors.ts); shown in the
 * user's language when the text is one of those messages, else as sent.
 */
export function translateServerMessage(message: string, lang: TLang): string {
  return byEnglish.get(message)?.[lang] ?? message;
}
