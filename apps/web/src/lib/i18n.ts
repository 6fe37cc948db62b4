import i18next, { type PostProcessorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyTipWording, DEFAULT_TIP_WORD_ZH, type TTipWording } from '@ra/shared/reports/tip-wording';
import { LANGUAGE_KEY, type TLanguage } from '../stores/app.ts';

/**
 * i18n (SPEC 1, ARCHITECTURE "Web"): one JSON file per area under locales/<lang>/<area>.json, each a
 * namespace with flat dotted keys: t('route:salesReport.salesSummary'). Only the current language is
 * loaded, before the first render; a language change saves the choice and reloads the view (SPEC 1),
 * so the other language is never downloaded.
 */

export const SUPPORTED_LANGUAGES: readonly TLanguage[] = ['en', 'zh'];

function isLanguage(value: unknown): value is TLanguage {
  return value === 'en' || value === 'zh';
}

/**
 * SPEC 1: the saved choice, else the first browser language that contains a supported code
 * ('zh-CN', 'zh-Hant-TW' -> zh; 'en-GB' -> en), else English.
 */
export function chooseLanguage(saved: string | null | undefined, navigatorLanguages: readonly string[]): TLanguage {
  if (isLanguage(saved)) return saved;
  for (const raw of navigatorLanguages) {
    const lang = raw.toLowerCase();
    const found = SUPPORTED_LANGUAGES.find((code) => lang.includes(code));
    if (found) return found;
  }
  return 'en';
}

/** Restaurant config words that replace 'tip' in visible text (SPEC 1); the rule is shared with the exports. */
export type { TTipWording };
export { applyTipWording, DEFAULT_TIP_WORD_ZH };

let tipWording: TTipWording = {};

/** Called when restaurant info arrives; every translation from then on uses these words. */
export function setTipWording(wording: TTipWording): void {
  tipWording = { ...wording };
}

const tipWordingProcessor: PostProcessorModule = {
  type: 'postProcessor',
  name: 'tipWording',
  process: (value: string) => applyTipWording(value, currentLanguage(), tipWording),
};

type TNamespaceFiles = Record<string, Record<string, string>>;
type TBundle = () => Promise<{ default: TNamespaceFiles }>;

/**
 * locales/<lang>/<area>.json, as two modules per language (locales/<lang>/first.ts and rest.ts, each
 * gathering its files): each language is fetched on demand, in two chunks (vite.config.ts), with one
 * import each rather than one per file (issue 21: the entry carried a loader for every file).
 */
const BUNDLES: Record<TLanguage, { first: TBundle; rest: TBundle }> = {
  en: { first: () => import('../locales/en/first.ts'), rest: () => import('../locales/en/rest.ts') },
  zh: { first: () => import('../locales/zh/first.ts'), rest: () => import('../locales/zh/rest.ts') },
};

/** Which namespaces to load: all, the first ones (lib/first-namespaces.ts) or the others. */
export type TNamespaceSet = 'all' | 'first' | 'rest';

const namespaceOf = (file: string) => file.replace(/^.*\/([^/]+)\.json$/, '$1');

export async function loadLanguageResources(
  lang: TLanguage,
  which: TNamespaceSet = 'all',
): Promise<Record<string, Record<string, string>>> {
  const sets = which === 'all' ? (['first', 'rest'] as const) : [which];
  const loaded = await Promise.all(sets.map((set) => BUNDLES[lang][set]()));
  return Object.fromEntries(
    loaded.flatMap(({ default: files }) => Object.entries(files).map(([file, texts]) => [namespaceOf(file), texts])),
  );
}

/** The language whose every namespace i18next holds (after initI18n 'all' or loadAllNamespaces). */
let completeLanguage: TLanguage | undefined;

let restLoading: Promise<void> | undefined;
/** Namespaces loaded before i18next started (the router loads a page while initI18n runs): initI18n adds them. */
let early: { lang: TLanguage; namespaces: Record<string, Record<string, string>> } | undefined;

/**
 * The namespaces initI18n left out (it loads only the first ones in the browser), added to the
 * current language: the router awaits this before any page with antd renders, possibly while
 * initI18n is still running (then initI18n adds them). Resolves at once once they are there; a failed
 * load is tried again next time.
 */
export function loadAllNamespaces(): Promise<void> {
  if (i18next.isInitialized && completeLanguage === currentLanguage()) return Promise.resolve();
  restLoading ??= (async () => {
    const lang = i18next.isInitialized ? currentLanguage() : detectLanguage();
    const namespaces = await loadLanguageResources(lang, 'rest');
    if (!i18next.isInitialized) early = { lang, namespaces };
    else {
      for (const [ns, texts] of Object.entries(namespaces)) i18next.addResourceBundle(lang, ns, texts, true, false);
      if (lang === currentLanguage()) completeLanguage = lang;
    }
  })().finally(() => {
    // done (the bundles are there, or in `early`) or failed (tried again next time)
    restLoading = undefined;
  });
  return restLoading;
}

export function detectLanguage(): TLanguage {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    // storage disabled: fall through to the browser language
  }
  const langs =
    typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return chooseLanguage(saved, langs);
}

export const i18n = i18next;

/**
 * Starts i18next in `lang` with all namespaces (tests), or only the first ones (the browser, main.tsx:
 * the rest come with the first page that needs them, `loadAllNamespaces`).
 */
export async function initI18n(lang: TLanguage = detectLanguage(), which: 'all' | 'first' = 'all'): Promise<void> {
  const namespaces = {
    ...(await loadLanguageResources(lang, which)),
    ...(early?.lang === lang ? early.namespaces : {}),
  };
  completeLanguage = which === 'all' || early?.lang === lang ? lang : undefined;
  await i18next
    .use(tipWordingProcessor)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: false,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      resources: { [lang]: namespaces },
      ns: Object.keys(namespaces),
      defaultNS: 'common',
      // flat dotted keys: 'salesReport.salesSummary' is one key, not a path
      keySeparator: false,
      interpolation: { escapeValue: false },
      postProcess: ['tipWording'],
      returnNull: false,
    });
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

export function currentLanguage(): TLanguage {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}

/** SPEC 1: the choice is remembered and the view reloads in the new language. */
export function setLanguage(lang: TLanguage): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // storage disabled: the reload falls back to the browser language
  }
  window.location.reload();
}
