import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type TRequestOptions } from '../../../lib/request.ts';

export interface TRestConfigValue {
  name: string;
  value: string | null;
}

/** One named restaurant setting, e.g. 'timezone' (SPEC 7 restaurant selection sequence). */
export function getRestConfig(name: string, opts?: TRequestOptions): Promise<TRestConfigValue> {
  return post<TRestConfigValue>('/api/getRestConfig', { name }, opts);
}

export const restConfigQueryOptions = (name: string) =>
  queryOptions({ queryKey: ['auth', 'restConfig', name], queryFn: ({ signal }) => getRestConfig(name, { signal }) });

export function useRestConfig(name: string) {
  return useQuery(restConfigQueryOptions(name));
}

/** SPEC 4: a restaurant whose time zone is unset or 'Unknown' must choose one before using the app. */
export function isTimeZoneUnset(value: string | null | undefined): boolean {
  return !value || value.trim() === '' || value === 'Unknown';
}
