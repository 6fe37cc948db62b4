import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWorkHoursSettings } from '@ra/shared/work-hours/work-hours.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { workHoursKeys } from './query-keys.ts';

/** The pay period, overtime rules and work-hour config flags (GET /api/work-hours/settings). */
export function getWorkHoursSettings(opts?: TRequestOptions): Promise<TWorkHoursSettings> {
  return get<TWorkHoursSettings>('/api/work-hours/settings', { silent: true, ...opts });
}

export const workHoursSettingsQuery = () =>
  queryOptions({ queryKey: workHoursKeys.settings(), queryFn: ({ signal }) => getWorkHoursSettings({ signal }) });

export function useWorkHoursSettings() {
  return useQuery(workHoursSettingsQuery());
}
