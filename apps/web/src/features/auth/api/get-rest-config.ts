import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRestConfigRequest, TRestConfigValue, TRestSettingName } from '@ra/shared/auth/auth.schemas';
import { post, type TRequestOptions } from '../../../lib/request.ts';

/** One named restaurant setting, e.g. 'timezone' (SPEC 7 restaurant selection sequence). */
export function getRestConfig(name: TRestSettingName, opts?: TRequestOptions): Promise<TRestConfigValue> {
  return post<TRestConfigValue>('/api/getRestConfig', { name } satisfies TRestConfigRequest, opts);
}

export const restConfigQueryOptions = (name: TRestSettingName) =>
  queryOptions({ queryKey: ['auth', 'restConfig', name], queryFn: ({ signal }) => getRestConfig(name, { signal }) });

export function useRestConfig(name: TRestSettingName) {
  return useQuery(restConfigQueryOptions(name));
}

/** SPEC 4: a restaurant whose time zone is unset or 'Unknown' must choose one before using the app. */
export function isTimeZoneUnset(value: string | null | undefined): boolean {
  return !value || value.trim() === '' || value === 'Unknown';
}
