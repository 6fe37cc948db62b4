import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPointsAccount, TPointsAdjustRequest } from '@ra/shared/rewards/rewards.schemas';
import { get, post } from '../../../lib/request.ts';

const accountKey = (customerId: number) => ['rewards', 'account', customerId] as const;

/** GET /api/api/rewards/customers/:id: earned, spent, balance and the points ledger; 403 hides the section. */
export function usePointsAccount(customerId: number | null) {
  return useQuery({
    queryKey: accountKey(customerId ?? 0),
    queryFn: ({ signal }) => get<TPointsAccount>(`/api/rewards/customers/${customerId}`, { signal, silent: true }),
    enabled: customerId !== null,
    retry: false,
  });
}

/** POST /api/api/rewards/customers/:id/adjust: points given or taken back by hand, with a reason. */
export function useAdjustPoints(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPointsAdjustRequest) =>
      post<TPointsAccount>(`/api/rewards/customers/${customerId}/adjust`, body, { silent: true }),
    onSuccess: (account) => client.setQueryData(accountKey(customerId), account),
  });
}
