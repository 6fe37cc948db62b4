import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TServiceFeeInput, TServiceFeeList, TServiceFeeSaved } from '@ra/shared/business/business.schemas';
import { del, get, post, put } from '../../../lib/request.ts';
import { businessKeys } from './query-keys.ts';

/** GET /api/business/service-fees?page&pageSize, paginated on the server. */
export function useServiceFees(page: number, pageSize: number) {
  return useQuery({
    queryKey: businessKeys.fees(page, pageSize),
    queryFn: ({ signal }) =>
      get<TServiceFeeList>('/api/business/service-fees', { signal, silent: true, query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

function useFeeMutation<TIn, TOut>(fn: (input: TIn) => Promise<TOut>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: [...businessKeys.all, 'fees'] }),
  });
}

export const useSaveServiceFee = () =>
  useFeeMutation(({ id, ...input }: TServiceFeeInput & { id: number | null }) =>
    id === null
      ? post<TServiceFeeSaved>('/api/business/service-fees', input, { silent: true })
      : put<TServiceFeeSaved>(`/api/business/service-fees/${id}`, input, { silent: true }),
  );

export const useDeleteServiceFee = () =>
  useFeeMutation((id: number) => del<{ ok: true }>(`/api/business/service-fees/${id}`, { silent: true }));
