import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileNameOf } from '@ra/shared/reports/export-file';
import { API_BASE, ApiError, post } from '../../../lib/request.ts';
import { useSession } from '../../../stores/session.ts';
import { workHoursKeys } from './query-keys.ts';

/** Close (lock) an ended pay period, optionally signed. */
export function closePeriod(input: { start: string; signatureUrl: string | null }) {
  return post<{ ok: true }>('/api/work-hours/periods/close', input, { silent: true });
}

/** Reopen a closed pay period, with a reason. */
export function reopenPeriod(input: { start: string; reason: string }) {
  return post<{ ok: true }>('/api/work-hours/periods/reopen', input, { silent: true });
}

export function useClosePeriod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: closePeriod,
    onSuccess: () => client.invalidateQueries({ queryKey: workHoursKeys.all }),
  });
}

export function useReopenPeriod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reopenPeriod,
    onSuccess: () => client.invalidateQueries({ queryKey: workHoursKeys.all }),
  });
}

/** GET the payroll file of a closed period (not JSON, so not through `request`) and save it under the server's name. */
export async function downloadPayroll(start: string, format: 'csv' | 'xlsx'): Promise<void> {
  const token = useSession.getState().token;
  const res = await fetch(`${API_BASE}/api/work-hours/periods/export?start=${start}&format=${format}`, {
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
  const name = fileNameOf(res.headers.get('content-disposition')) ?? `payroll-${start}.${format}`;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
