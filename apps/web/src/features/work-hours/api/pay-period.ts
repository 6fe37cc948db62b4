import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';
import { post } from '../../../lib/request.ts';
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

/** GET the payroll file of a closed period and save it under the server's name. */
export function downloadPayroll(start: string, format: 'csv' | 'xlsx'): Promise<void> {
  return downloadFile(`/api/work-hours/periods/export?start=${start}&format=${format}`, {
    fallbackName: `payroll-${start}.${format}`,
  });
}
