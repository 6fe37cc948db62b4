import { fileNameOf } from '@ra/shared/reports/export-file';
import { requestFile, type TRequestOptions } from './request.ts';

export interface TDownloadOptions extends TRequestOptions {
  /** The name to save under when the answer has no Content-Disposition file name. */
  fallbackName: string;
}

/** Saves a file the browser built or fetched, the way a download link does. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // the click has handed the blob to the download manager; keep the URL a moment for slow browsers
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GET a file (an export, a PDF, a notification's attachment) through the one HTTP client (timeout,
 * token, re-login dialog on 50012/50014, errors as ApiError) and save it under the server's name
 * (Content-Disposition, `filename*=UTF-8''…` first), else `fallbackName`. The path may carry its query.
 * Every caller shows a failure itself (with its own fallback text), so this shows no error toast
 * unless asked (`silent: false`); the re-login dialog still opens.
 */
export async function downloadFile(path: string, { fallbackName, ...opts }: TDownloadOptions): Promise<void> {
  const { blob, headers } = await requestFile(path, { silent: true, ...opts });
  saveFile(blob, fileNameOf(headers.get('content-disposition')) ?? fallbackName);
}
