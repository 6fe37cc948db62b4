import { MESSAGES } from '@ra/shared/errors';
import { API_BASE } from '../../lib/request.ts';
import { useSession } from '../../stores/session.ts';

export interface TUploadResult<T> {
  ok: boolean;
  status: number;
  /** The server's answer (JSON) on success. */
  body?: T;
  /** The server's message (English; translate with translateServerMessage) on failure. */
  message?: string;
}

/**
 * One multipart upload with progress (fetch cannot report upload progress; XMLHttpRequest can).
 * Sends the session token like every other call (SPEC 7).
 */
export function uploadWithProgress<T>(
  path: string,
  files: File[],
  onProgress: (percent: number) => void,
  fields: Record<string, string> = {},
): { promise: Promise<TUploadResult<T>>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<TUploadResult<T>>((resolve) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const file of files) form.append('file', file, file.name);
    xhr.open('POST', `${API_BASE}${path}`);
    const token = useSession.getState().token;
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      const ok = xhr.status >= 200 && xhr.status < 300;
      const message =
        body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
          ? body.message
          : MESSAGES.error.en;
      resolve(ok ? { ok, status: xhr.status, body: body as T } : { ok, status: xhr.status, message });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, message: MESSAGES.error.en });
    xhr.onabort = () => resolve({ ok: false, status: 0, message: MESSAGES.error.en });
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
