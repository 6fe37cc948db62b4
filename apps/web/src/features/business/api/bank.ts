import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TBankAccountView,
  TBankOutbox,
  TBankState,
  TLinkBankRequest,
  TVerifyBankCodeInput,
  TVerifyBankInput,
} from '@ra/shared/business/business.schemas';
import { get, post } from '../../../lib/request.ts';
import { businessKeys } from './query-keys.ts';

export type TVerifyResult = { outcome: 'verified' | 'wrong' | 'failed'; message: string; account: TBankAccountView };

/** GET /api/business/bank: the account (last 4 only) and where its verification stands. */
export function useBank() {
  return useQuery({
    queryKey: businessKeys.bank(),
    queryFn: ({ signal }) => get<TBankState>('/api/business/bank', { signal, silent: true }),
    staleTime: 0,
  });
}

/** GET /api/business/bank/outbox: the simulated provider's deposits (amounts once posted). */
export function useBankOutbox(enabled: boolean) {
  return useQuery({
    queryKey: businessKeys.outbox(),
    queryFn: ({ signal }) => get<TBankOutbox>('/api/business/bank/outbox', { signal, silent: true }),
    enabled,
    staleTime: 0,
  });
}

function useBankMutation<TIn, TOut>(fn: (input: TIn) => Promise<TOut>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: businessKeys.bank() }),
  });
}

export const useLinkBank = () =>
  useBankMutation((input: TLinkBankRequest) => post<TBankState>('/api/business/bank', input, { silent: true }));
export const useVerifyBank = () =>
  useBankMutation((input: TVerifyBankInput) =>
    post<TVerifyResult>('/api/business/bank/verify', input, { silent: true }),
  );
export const useVerifyBankCode = () =>
  useBankMutation((input: TVerifyBankCodeInput) =>
    post<TVerifyResult>('/api/business/bank/verify-code', input, { silent: true }),
  );
export const useResetBank = () =>
  useBankMutation(() => post<{ ok: true }>('/api/business/bank/reset', undefined, { silent: true }));
export const usePostDepositsNow = () =>
  useBankMutation(() =>
    post<{ account: TBankAccountView }>('/api/business/bank/outbox/post', undefined, { silent: true }),
  );
