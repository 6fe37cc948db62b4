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
 * locales/<lang>/<area>.json, as four modules per language (locales/<lang>/first.ts, frame.ts,
 * reports.ts and rest.ts, each gathering its files): each language is fetched on demand, in four chunks
 * (vite.config.ts), with one import each rather than one per file (issue 21: the entry carried a
 * loader for every file).
 */
const BUNDLES: Record<TLanguage, Record<'first' | TLaterSet, TBundle>> = {
  en: {
    first: () => import('../locales/en/first.ts'),
    frame: () => import('../locales/en/frame.ts'),
    reports: () => import('../locales/en/reports.ts'),
    rest: () => import('../locales/en/rest.ts'),
  },
  zh: {
    first: () => import('../locales/zh/first.ts'),
    frame: () => import('../locales/zh/frame.ts'),
    reports: () => import('../locales/zh/reports.ts'),
    rest: () => import('../locales/zh/rest.ts'),
  },
};

/**
 * Which namespaces to load: all, the first ones, the signed-in frame's or the others
 * (lib/first-namespaces.ts).
 */
export type TNamespaceSet = 'all' | 'first' | TLaterSet;

/** The sets loaded after i18next has started. */
type TLaterSet = 'frame' | 'reports' | 'rest';

const namespaceOf = (file: string) => file.replace(/^.*\/([^/]+)\.json$/, '$1');

export async function loadLanguageResources(
  lang: TLanguage,
  which: TNamespaceSet = 'all',
): Promise<Record<string, Record<string, string>>> {
  const sets = which === 'all' ? (['first', 'frame', 'reports', 'rest'] as const) : [which];
  const loaded = await Promise.all(sets.map((set) => BUNDLES[lang][set]()));
  return Object.fromEntries(
    loaded.flatMap(({ default: files }) => Object.entries(files).map(([file, texts]) => [namespaceOf(file), texts])),
  );
}

/** The sets i18next holds in full, and in which language (after initI18n 'all', or as loaded). */
let holds: { lang: TLanguage; sets: Set<TLaterSet> } | undefined;
const held = (set: TLaterSet) => i18next.isInitialized && holds?.lang === currentLanguage() && holds.sets.has(set);

const loading = new Map<TLaterSet, Promise<void>>();
/** Namespaces loaded before i18next started (the router loads a page while initI18n runs): initI18n adds them. */
let early: { lang: TLanguage; sets: TLaterSet[]; namespaces: Record<string, Record<string, string>> } | undefined;

/**
 * A set of namespaces initI18n left out (it loads only the first ones in the browser), added to the
 * current language: the router awaits this before a page with antd renders, possibly while initI18n
 * is still running (then initI18n adds them). Resolves at once once they are there; a failed load is
 * tried again next time.
 */
function loadLaterSet(set: TLaterSet): Promise<void> {
  if (held(set)) return Promise.resolve();
  let load = loading.get(set);
  if (!load) {
    load = (async () => {
      const lang = i18next.isInitialized ? currentLanguage() : detectLanguage();
      const namespaces = await loadLanguageResources(lang, set);
      if (!i18next.isInitialized) {
        early =
          early?.lang === lang
            ? { lang, sets: [...early.sets, set], namespaces: { ...early.namespaces, ...namespaces } }
            : { lang, sets: [set], namespaces };
      } else {
        for (const [ns, texts] of Object.entries(namespaces)) i18next.addResourceBundle(lang, ns, texts, true, false);
        if (lang === currentLanguage()) {
          holds = holds?.lang === lang ? holds : { lang, sets: new Set() };
          holds.sets.add(set);
        }
      }
    })().finally(() => {
      // done (the bundles are there, or in `early`) or failed (tried again next time)
      loading.delete(set);
    });
    loading.set(set, load);
  }
  return load;
}

/**
 * The signed-in frame's namespaces (lib/first-namespaces.ts FRAME_NAMESPACES): all the home page
 * needs, loaded with the frame; every other page loads the rest too (`loadAllNamespaces`).
 */
export function loadFrameNamespaces(): Promise<void> {
  return loadLaterSet('frame');
}

/**
 * The frame's namespaces and the sales summary's (lib/first-namespaces.ts REPORT_NAMESPACES): all the
 * summary needs; the report's other sections load every namespace.
 */
export function loadReportNamespaces(): Promise<void> {
  return Promise.all([loadLaterSet('frame'), loadLaterSet('reports')]).then(() => undefined);
}

/** Every namespace initI18n left out: the frame's, the summary's and all the others. */
export function loadAllNamespaces(): Promise<void> {
  return Promise.all([loadLaterSet('frame'), loadLaterSet('reports'), loadLaterSet('rest')]).then(() => undefined);
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
  // `early` is read and i18next started in one go (init with inline resources is initialised when it
  // returns): a set that arrives later finds i18next started and adds itself
  holds = {
    lang,
    sets: new Set<TLaterSet>(which === 'all' ? ['frame', 'reports', 'rest'] : early?.lang === lang ? early.sets : []),
  };
  early = undefined;
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
