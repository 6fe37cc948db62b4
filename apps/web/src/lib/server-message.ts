import { MESSAGES, type TLang } from '@ra/shared/errors';
import type * as CatalogModule from '@ra/shared/messages/catalog';
import { i18n } from './i18n.ts';

type TCatalogModule = typeof CatalogModule;
export type TServerMessageParams = Readonly<Record<string, string | number>>;

/** The i18next namespace of the server's messages: `server:<catalog key>`. */
export const SERVER_NAMESPACE = 'server';

let catalog: TCatalogModule | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the shared message catalog (packages/shared/src/messages/catalog.ts, every domain's
 * messages) as its own chunk, so the sign-in page does not carry it: the signed-in pages load it with
 * their UI (app/router.tsx), and a failed request waits for it before it shows its error
 * (lib/request.ts). Resolves at once after the first time; a failed load is retried next time.
 */
export function loadServerMessages(): Promise<void> {
  loading ??= import('@ra/shared/messages/catalog').then(
    (module) => {
      catalog = module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The SPEC's common messages (sign-in failure, invalid email …), small and already in the entry
 * chunk: the sign-in page checks its fields with them before any catalog has loaded.
 */
const commonByEnglish = new Map<string, Readonly<Record<TLang, string>>>(
  Object.values(MESSAGES).map((text) => [text.en, text]),
);

/** '{count}' -> '{{count}}': the catalog's placeholders in i18next's interpolation. */
const toI18next = (text: string) => text.replace(/\{(\w+)\}/g, '{{$1}}');

/** The catalog's texts in `lang` as the i18next namespace `server`, added once per language. */
function ensureNamespace(module: TCatalogModule, lang: TLang): boolean {
  if (!i18n.isInitialized) return false;
  if (!i18n.hasResourceBundle(lang, SERVER_NAMESPACE)) {
    const texts = Object.fromEntries(
      Object.entries(module.MESSAGE_CATALOG).map(([key, text]) => [key, toI18next(text[lang])]),
    );
    i18n.addResourceBundle(lang, SERVER_NAMESPACE, texts);
  }
  return true;
}

/**
 * A server message in the user's language: by its catalog `key` and `params` when the error body
 * carries them, else by recognising the English `message` (texts built on the client from the same
 * shared tables, and older answers); the text as sent when neither names a catalog entry or the catalog
 * has not loaded (then only the SPEC's common messages are known). A parameter that is itself a catalog text (an import row's message) is translated too.
 */
export function translateServerMessage(
  message: string,
  lang: TLang,
  key?: string,
  params?: TServerMessageParams,
): string {
  if (!catalog) return commonByEnglish.get(message)?.[lang] ?? message;
  const ref =
    key !== undefined && Object.hasOwn(catalog.MESSAGE_CATALOG, key)
      ? { key, params }
      : catalog.findMessageKey(message);
  if (!ref) return message;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(ref.params ?? {}))
    values[name] = typeof value === 'string' ? translateServerMessage(value, lang) : value;
  if (ensureNamespace(catalog, lang))
    return i18n.t(`${SERVER_NAMESPACE}:${ref.key}`, {
      ...values,
      lng: lang,
      // the catalog's wording is the contract (SPEC): no tip-word replacement
      applyPostProcessor: false,
      interpolation: { escapeValue: false },
      defaultValue: message,
    });
  return catalog.formatMessage(ref.key, lang, values) ?? message;
}
