import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TWagesResponse,
  TWorkHoursSettings,
  TWorkHoursSettingsUpdate,
} from '@ra/shared/work-hours/work-hours.schemas';
import { get, put, type TRequestOptions } from '../../../lib/request.ts';
import { workHoursKeys } from './query-keys.ts';

/** Hourly wages per role and per employee (GET /api/work-hours/wages; editWorkHour). */
export function getWages(opts?: TRequestOptions): Promise<TWagesResponse> {
  return get<TWagesResponse>('/api/work-hours/wages', { silent: true, ...opts });
}

export const wagesQuery = () =>
  queryOptions({ queryKey: workHoursKeys.wages(), queryFn: ({ signal }) => getWages({ signal }) });

export function useWages(enabled: boolean) {
  return useQuery({ ...wagesQuery(), enabled });
}

/** Set (or with null remove) the hourly wage of a role or an employee; audited on the server. */
export function setWage(input: { userId?: number; roleId?: number; hourlyCents: number | null }) {
  return put<TWagesResponse>('/api/work-hours/wages', input, { silent: true });
}

export function useSetWage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setWage,
    // Wages change the sheet's gross pay and labour cost too.
    onSuccess: () => client.invalidateQueries({ queryKey: workHoursKeys.all }),
  });
}

/** Set the pay period, the day that starts one, and the overtime rule set. */
export function updateWorkHoursSettings(input: TWorkHoursSettingsUpdate) {
  return put<TWorkHoursSettings>('/api/work-hours/settings', input, { silent: true });
}

export function useUpdateWorkHoursSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateWorkHoursSettings,
    onSuccess: () => client.invalidateQueries({ queryKey: workHoursKeys.all }),
  });
}
