import { useQuery } from '@tanstack/react-query';
import type { TEffectiveHours } from '@ra/shared/business/business.schemas';
import { get } from '../../../lib/request.ts';
import { businessKeys } from './query-keys.ts';

/** GET /api/business/effective-hours: the next 14 days per channel. */
export function useEffectiveHours() {
  return useQuery({
    queryKey: businessKeys.effectiveHours(),
    queryFn: ({ signal }) => get<TEffectiveHours>('/api/business/effective-hours', { signal, silent: true }),
    staleTime: 0,
  });
}
