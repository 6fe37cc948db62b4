import type { TSmsAnalysis } from '@ra/shared/customers/sms';

/** Han characters, CJK punctuation and full-width forms: what a Chinese text is made of. */
const CHINESE = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;

export interface TUcs2Notice {
  /** The text holds Chinese, which is always sent as UCS-2: said once, not per character. */
  chinese: boolean;
  /**
   * The characters that alone turned an otherwise GSM-7 text into UCS-2 (curly quotes, emoji, a
   * non-breaking space): worth replacing, since UCS-2 fits 70 characters a part instead of 160. Empty
   * when the text is Chinese, where they cost nothing more.
   */
  unexpected: string[];
}

export function ucs2Notice(analysis: Pick<TSmsAnalysis, 'encoding' | 'forcedUcs2'>): TUcs2Notice {
  if (analysis.encoding !== 'UCS-2') return { chinese: false, unexpected: [] };
  const chinese = analysis.forcedUcs2.some((c) => CHINESE.test(c));
  return { chinese, unexpected: chinese ? [] : analysis.forcedUcs2 };
}

/** How a character shows on a chip: invisible ones (spaces, joiners) by their code point. */
export function charLabel(c: string): string {
  return /^[\p{L}\p{N}\p{P}\p{S}]/u.test(c) && !/^\p{Cf}/u.test(c)
    ? c
    : `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

export type TSubmitBlocker = 'linkBankFirst' | 'emptyMessage' | 'tooLong' | 'quoteFirst';

/**
 * Why Submit is disabled, first reason first, or null when it is not. The bank comes first: without a
 * linked, verified bank nothing can be submitted however the message reads (SPEC 5). `bankLinked`
 * undefined (still loading) blocks nothing; the server checks again anyway.
 */
export function submitBlocker(state: {
  bankLinked: boolean | undefined;
  bodyEn: string;
  tooLong: boolean;
  quoted: boolean;
}): TSubmitBlocker | null {
  if (state.bankLinked === false) return 'linkBankFirst';
  if (!state.bodyEn.trim()) return 'emptyMessage';
  if (state.tooLong) return 'tooLong';
  if (!state.quoted) return 'quoteFirst';
  return null;
}

/** Names as typed for "Add by name": one per line or separated by commas (English or Chinese), each once. */
export function parseNames(text: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const raw of text.split(/[\n,，、;；]/)) {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      names.push(name);
    }
  }
  return names;
}

/** The names the server said match no one (its 400 carries `names.<index>` for each). */
export function namesNotFound(names: string[], errors: Record<string, string> | undefined): string[] {
  return names.filter((_, i) => errors?.[`names.${i}`] !== undefined);
}
