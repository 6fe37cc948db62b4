import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TTransactionsQuery, TTransactionsResponse } from '@ra/shared/transactions/transactions.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';

/** The list's filters as the page holds them (shared ZTransactionsQuery, after its defaults); amounts in cents. */
export type TTransactionsFilter = TTransactionsQuery;

/** GET payments and refunds, filtered, sorted and paged on the server (SPEC 2 /transactions; viewTransactions). */
export function getTransactions(filter: TTransactionsFilter, opts?: TRequestOptions): Promise<TTransactionsResponse> {
  return get<TTransactionsResponse>('/api/transactions', { silent: true, ...opts, query: { ...filter } });
}

export const transactionsQueryOptions = (filter: TTransactionsFilter) =>
  queryOptions({
    queryKey: ['transactions', 'list', filter],
    queryFn: ({ signal }) => getTransactions(filter, { signal }),
  });

export function useTransactions(filter: TTransactionsFilter) {
  return useQuery({ ...transactionsQueryOptions(filter), placeholderData: keepPreviousData });
}
