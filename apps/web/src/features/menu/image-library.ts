import { formatCount, type TDisplayLanguage } from '@ra/shared/format/locale-format';

/** The image library screen (a tab of the menu editor): its page size and what its URL holds. */
export const IMAGE_LIBRARY_PAGE_SIZE = 24;

/** ?page=3 -> 3; absent, not a whole number or out of range -> 1 (a shared link never breaks the page). */
export function parseImagePage(search: URLSearchParams): number {
  const raw = search.get('page');
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= 100_000 ? page : 1;
}

/** The page's search string: page 1 is the plain address. */
export function imagePageSearch(page: number): string {
  return page > 1 ? `?page=${page}` : '';
}

/** 930 -> "930 B", 48_210 -> "47 KB", 1_572_864 -> "1.5 MB" (binary units, as file managers show sizes). */
export function formatImageBytes(bytes: number, lang: TDisplayLanguage): string {
  if (bytes < 1024) return `${formatCount(Math.max(0, Math.round(bytes)), lang)} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${formatCount(Math.round(kb), lang)} KB`;
  const mb = kb / 1024;
  const shown = mb < 10 ? Math.round(mb * 10) / 10 : Math.round(mb);
  return `${shown.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US')} MB`;
}

/**
 * The page to show after deleting the last image of a page: the one before it (never below 1), so
 * deleting the only image on page 3 does not leave an empty page behind.
 */
export function pageAfterDelete(page: number, total: number, pageSize: number): number {
  const pages = Math.max(1, Math.ceil(Math.max(0, total - 1) / pageSize));
  return Math.min(page, pages);
}
