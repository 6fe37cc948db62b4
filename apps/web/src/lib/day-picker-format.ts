import type { TDisplayLanguage } from '@ra/shared/format/locale-format';

/**
 * What a day picker's field shows and accepts, as dayjs formats: the first is how a chosen day is
 * written, in the same words as `formatDay` (en-US "Mar 14, 2026", zh-CN "2026年3月14日"); the others
 * are only read, so a day typed as ISO (what the URL holds) or the US way still parses.
 */
export function dayPickerFormat(lang: TDisplayLanguage): string[] {
  return lang === 'zh' ? ['YYYY年M月D日', 'YYYY-MM-DD', 'YYYY/M/D'] : ['MMM D, YYYY', 'YYYY-MM-DD', 'M/D/YYYY'];
}
