import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TRestProfile, TUpdateRestInput } from '@ra/shared/business/business.schemas';
import { get, post } from '../../../lib/request.ts';
import { businessKeys } from './query-keys.ts';

/** GET /api/restaurant/profile: address, phone, weekly hours and special days. */
export function useRestProfile() {
  return useQuery({
    queryKey: businessKeys.profile(),
    queryFn: ({ signal }) => get<TRestProfile>('/api/restaurant/profile', { signal, silent: true }),
    staleTime: 0,
  });
}

/** The form's body: the state is checked by the server's list, the form only offers that list. */
export type TUpdateRestBody = Omit<TUpdateRestInput, 'state'> & { state: string };

/** SPEC 7: POST /api/updaterest; the effective-hours view changes with it. */
export function useUpdateRest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateRestBody) => post<TRestProfile>('/api/updaterest', input, { silent: true }),
    onSuccess: (profile) => {
      client.setQueryData(businessKeys.profile(), profile);
      void client.invalidateQueries({ queryKey: businessKeys.effectiveHours() });
    },
  });
}
