import type { TLang } from '@ra/shared/errors';
import {
  GIFTCARDS_MESSAGES,
  giftcardsMessage,
  type TGiftcardsMessageKey,
} from '@ra/shared/giftcards/giftcards.messages';
import { currentLanguage } from '../../lib/i18n.ts';
import { errorText, isApiError } from '../../lib/request.ts';
import { translateServerMessage } from '../../lib/server-message.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PATTERNS = (Object.keys(GIFTCARDS_MESSAGES) as TGiftcardsMessageKey[]).map((key) => {
  const names: string[] = [];
  const source = escape(GIFTCARDS_MESSAGES[key].en).replace(/\\\{(\w+)\\\}/g, (_, name: string) => {
    names.push(name);
    return '(.+?)';
  });
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

/** A gift card message the server sent in English, in the user's language (with its values). */
export function translateGiftcardMessage(english: string, lang: TLang = currentLanguage()): string {
  for (const { key, names, pattern } of PATTERNS) {
    const m = pattern.exec(english);
    if (m) return giftcardsMessage(key, lang, Object.fromEntries(names.map((n, i) => [n, m[i + 1] ?? ''])));
  }
  return translateServerMessage(english, lang);
}

export function giftcardErrorText(error: unknown): string {
  if (isApiError(error)) {
    const field = error.errors ? Object.values(error.errors)[0] : undefined;
    return translateGiftcardMessage(field ?? error.message);
  }
  return errorText(error);
}
