import { pinyin } from 'pinyin-pro';

const HAN = /\p{Script=Han}/u;
const HAN_RUN = /\p{Script=Han}+/gu;

/**
 * The pinyin the library search matches (issue 8 "pinyin (full or initials: gbjd finds 宫保鸡丁)"):
 * the Chinese characters of the name and the foreign name, lower case without tones, as full syllables
 * run together ("gongbaojiding") and as initials ("gbjd"). Names are joined by a space so a search never
 * matches across two of them. Empty when neither name holds Chinese.
 */
export function pinyinOf(...names: string[]): { full: string; initials: string } {
  const full: string[] = [];
  const initials: string[] = [];
  for (const name of names) {
    if (!HAN.test(name)) continue;
    const syllables = (name.match(HAN_RUN) ?? []).flatMap((run) => pinyin(run, { toneType: 'none', type: 'array' }));
    full.push(syllables.join('').toLowerCase());
    initials.push(
      syllables
        .map((s) => s[0] ?? '')
        .join('')
        .toLowerCase(),
    );
  }
  return { full: full.join(' '), initials: initials.join(' ') };
}

/** A search text as the pinyin columns hold it: lower case, spaces dropped ("Gong Bao" finds gongbao). */
export const pinyinSearchKey = (q: string) => q.toLowerCase().replace(/\s+/g, '');
