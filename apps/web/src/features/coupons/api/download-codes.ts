import { downloadFile } from '../../../lib/download.ts';

/** GET a batch's codes as CSV or XLSX and save it under the server's name. */
export function downloadCodes(batchId: number, format: 'csv' | 'xlsx'): Promise<void> {
  return downloadFile(`/api/coupon/codes/batches/${batchId}/export?format=${format}`, {
    fallbackName: `coupon-codes-${batchId}.${format}`,
  });
}
