import { API_BASE, ApiError } from '../../../lib/request.ts';
import { useSession } from '../../../stores/session.ts';

/** GET a file (a PDF statement, a report export), then save it under the server's name. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = useSession.getState().token;
  const res = await fetch(`${API_BASE}${path}`, {
    headers: token ? { Authorization: token } : {},
    credentials: 'include',
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string; code?: number };
    throw new ApiError(body.message ?? 'Error', res.status, body.code);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const name = star ? decodeURIComponent(star) : fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
