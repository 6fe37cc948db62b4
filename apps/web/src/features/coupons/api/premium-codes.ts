import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCodeBatch, TCodeLookup, TGenerateCodesRequest } from '@ra/shared/coupons/coupons.schemas';
import { get, post } from '../../../lib/request.ts';
import { couponKeys } from './query-keys.ts';

/** GET /api/api/coupon/codes/batches (platform staff): polled while a batch runs, for its progress bar. */
export function getBatches(signal?: AbortSignal): Promise<{ items: TCodeBatch[] }> {
  return get<{ items: TCodeBatch[] }>('/api/coupon/codes/batches', { silent: true, signal });
}

export function useBatches() {
  return useQuery({
    queryKey: couponKeys.batches(),
    queryFn: ({ signal }) => getBatches(signal),
    refetchInterval: (query) =>
      query.state.data?.items.some((b) => b.status === 'queued' || b.status === 'running') ? 700 : false,
  });
}

/** POST /api/api/coupon/codes/generate: queues a batch; its progress shows in the batch list. */
export function generateCodes(request: TGenerateCodesRequest): Promise<TCodeBatch> {
  return post<TCodeBatch>('/api/coupon/codes/generate', request, { silent: true });
}

export function useGenerateCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generateCodes,
    onSuccess: () => client.invalidateQueries({ queryKey: couponKeys.batches() }),
  });
}

/** POST /api/api/coupon/codes/batches/:id/cancel. */
export function cancelBatch(id: number): Promise<TCodeBatch> {
  return post<TCodeBatch>(`/api/coupon/codes/batches/${id}/cancel`);
}

export function useCancelBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelBatch,
    onSuccess: () => client.invalidateQueries({ queryKey: couponKeys.batches() }),
  });
}

/** GET /api/api/coupon/codes/lookup?code=: the code's coupon and redemptions. */
export function lookupCode(code: string): Promise<TCodeLookup> {
  return get<TCodeLookup>('/api/coupon/codes/lookup', { silent: true, query: { code } });
}

export function useLookupCode() {
  return useMutation({ mutationFn: lookupCode });
}
