/**
 * Names of downloaded report and transaction files: the restaurant, what the file holds in the
 * language it was asked in, and the business days in ISO (so files sort by date in a folder):
 * 'Harbor Bistro - Item Sales - 2026-03-01_2026-03-31.xlsx', '金龙餐厅 - 销售汇总 - 2026-03-14.csv'.
 */

export type TExportFileFormat = 'csv' | 'xlsx';

/** Characters Windows, macOS or a mail client refuse or mangle in a file name. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;

const clean = (part: string) => part.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();

export function exportFileName(parts: {
  restaurant: string;
  title: string;
  from: string;
  to: string;
  format: TExportFileFormat;
}): string {
  const days = parts.from === parts.to ? parts.from : `${parts.from}_${parts.to}`;
  const name = [clean(parts.restaurant), clean(parts.title), days].filter(Boolean).join(' - ');
  // Leave room for the extension inside the 255-byte limit most file systems have.
  return `${name.slice(0, 180)}.${parts.format}`;
}

/**
 * The Content-Disposition of a download: an ASCII `filename` for old clients and the real name as
 * UTF-8 in `filename*` (RFC 6266 / RFC 8187), which browsers prefer.
 */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The file name a Content-Disposition header carries, preferring the UTF-8 one. */
export function fileNameOf(header: string | null | undefined): string | null {
  if (!header) return null;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8);
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? null;
}
