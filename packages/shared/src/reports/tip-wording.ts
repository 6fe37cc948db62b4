import type { TLang } from '../errors.ts';

/**
 * SPEC 1 tip wording: the restaurant's configured word for "tip(s)" and one for the Chinese 小费,
 * substituted across visible text. One rule for the screen (the web's i18n post-processor) and the
 * files the server writes (report and transaction exports), so a downloaded file says what the
 * screen said.
 */
export interface TTipWording {
  /** Replaces 'tip' (and, pluralised, 'tips') in English text, keeping the original's capitalisation. */
  tipWord?: string | null;
  /** Plural of tipWord when simple English rules get it wrong. */
  tipsWord?: string | null;
  /** Replaces '小费' in Chinese text. */
  tipWordZh?: string | null;
}

/**
 * SPEC 1: "The default Chinese replacement is a service-charge word": 服务费, when the restaurant
 * chose none. The restaurant's own service fees (SPEC 3 "Service fee item") are therefore named
 * SERVICE_FEE_WORD_ZH in Chinese, on screen and in exports, so the two never read as one thing
 * (docs/decisions.md "Tip wording").
 */
export const DEFAULT_TIP_WORD_ZH = '服务费';

/** The Chinese name of the restaurant's service fees (surcharges): never the tip word. */
export const SERVICE_FEE_WORD_ZH = '附加费';

function pluralize(word: string): string {
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(word)) return `${word}es`;
  return `${word}s`;
}

function inCaseOf(source: string, word: string): string {
  if (source.length > 1 && source === source.toUpperCase()) return word.toUpperCase();
  if (source[0] === source[0]?.toUpperCase()) return word.charAt(0).toUpperCase() + word.slice(1);
  return word.toLowerCase();
}

/**
 * 'Tip' -> 'Gratuity', 'tips' -> 'gratuities' when the restaurant set a word; '小费' -> the
 * restaurant's Chinese word, else 服务费. Chinese text is written with 小费 for tips and
 * 附加费 for service fees, and never with 服务费 itself. Whole words only: 'tooltip' and 'tipping' stay. Each language's word
 * applies to its own text only.
 */
export function applyTipWording(text: string, lang: TLang, wording: TTipWording): string {
  if (lang === 'zh') {
    const zh = wording.tipWordZh?.trim() || DEFAULT_TIP_WORD_ZH;
    return zh !== '小费' && text.includes('小费') ? text.replaceAll('小费', zh) : text;
  }
  const single = wording.tipWord?.trim();
  if (!single) return text;
  const plural = wording.tipsWord?.trim() || pluralize(single);
  return text.replace(/\b(tip)(s?)\b/gi, (match: string, _tip: string, s: string) =>
    inCaseOf(match, s ? plural : single),
  );
}
