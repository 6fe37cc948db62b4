/**
 * Header search over the titles of the pages the user may open (SPEC 2 "Layout", SPEC 3
 * supportPinyinSearch). In Chinese a page is also found by its pinyin, spelled in full ("xiaoshou")
 * or by initials ("xsbb"), so nobody has to switch input method to jump to a page.
 */

/** The part of pinyin-pro's `pinyin` used here; the module is imported lazily by the caller. */
export type TPinyinFn = (
  text: string,
  options: { toneType: 'none'; type: 'array'; pattern?: 'pinyin' | 'first' },
) => string[];

export interface TSearchEntry {
  path: string;
  /** Translated titles of the submenus above the page, then the page's own. */
  titles: string[];
}

export interface TIndexedEntry {
  path: string;
  /** What the option shows: "Sales Report > Item Sales". */
  label: string;
  haystack: string;
  pinyinFull: string;
  pinyinInitials: string;
}

export const SEARCH_SEPARATOR = ' > ';

const lettersAndDigits = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Consecutive equal titles collapse: a one-page group and its page share a name. */
function dedupe(titles: readonly string[]): string[] {
  return titles.filter((t, i) => t !== '' && t !== titles[i - 1]);
}

export function buildSearchIndex(entries: readonly TSearchEntry[], pinyin?: TPinyinFn): TIndexedEntry[] {
  return entries.map(({ path, titles }) => {
    const parts = dedupe(titles);
    const label = parts.join(SEARCH_SEPARATOR);
    const spell = (pattern: 'pinyin' | 'first') =>
      pinyin
        ? parts.map((p) => lettersAndDigits(pinyin(p, { toneType: 'none', type: 'array', pattern }).join(''))).join(' ')
        : '';
    return { path, label, haystack: label.toLowerCase(), pinyinFull: spell('pinyin'), pinyinInitials: spell('first') };
  });
}

/**
 * Entries whose title contains the query (any letter case), or, when the index carries pinyin,
 * whose pinyin or initials of one title contain it. Table order is kept; an empty query finds nothing.
 */
export function searchPages(index: readonly TIndexedEntry[], query: string): TIndexedEntry[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  const spelled = lettersAndDigits(q);
  return index.filter((e) => {
    if (e.haystack.includes(q)) return true;
    if (spelled === '') return false;
    return (
      e.pinyinFull.split(' ').some((p) => p.includes(spelled)) ||
      e.pinyinInitials.split(' ').some((p) => p.includes(spelled))
    );
  });
}
