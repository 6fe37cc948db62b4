import { fileNameOf } from '@ra/shared/reports/export-file';
import { API_BASE, ApiError } from '../../../lib/request.ts';
import { useSession } from '../../../stores/session.ts';

/** GET a batch's codes as CSV or XLSX (a file, not JSON, so not through `request`) and save it. */
export async function downloadCodes(batchId: number, format: 'csv' | 'xlsx'): Promise<void> {
  const token = useSession.getState().token;
  const res = await fetch(`${API_BASE}/api/coupon/codes/batches/${batchId}/export?format=${format}`, {
    headers: token ? { Authorization: token } : {},
    credentials: 'include',
  });
  if (!res.ok) {
    let message = 'Error';
    try {
      const body = (await res.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // not JSON: keep the generic message (SPEC 8)
    }
    throw new ApiError(message, res.status);
  }
  const name = fileNameOf(res.headers.get('content-disposition')) ?? `coupon-codes-${batchId}.${format}`;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
