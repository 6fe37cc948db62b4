import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAdminRestaurantList,
  TRestAdminConfig,
  TUpdateRestAdminConfigRequest,
} from '@ra/shared/business/business.schemas';
import { get, post } from '../../../lib/request.ts';
import { businessKeys } from './query-keys.ts';

/** GET /api/admin/restaurants?q&page (platform staff). */
export function useAdminRestaurants(q: string, page: number) {
  return useQuery({
    queryKey: businessKeys.admin(q, page),
    queryFn: ({ signal }) =>
      get<TAdminRestaurantList>('/api/admin/restaurants', { signal, silent: true, query: { q: q || undefined, page } }),
    placeholderData: keepPreviousData,
  });
}

/** updateRestAdminConfig for a restaurant named by id (the admin panel). */
export function useUpdateAdminConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TUpdateRestAdminConfigRequest & { id: number }) =>
      post<TRestAdminConfig>(`/api/admin/restaurants/${id}/config`, body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...businessKeys.all, 'admin'] }),
  });
}
