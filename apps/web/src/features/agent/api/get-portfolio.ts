import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPortfolioQuery, TPortfolioResponse } from '@ra/shared/agent/agent.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';

/** GET the restaurants of the agent's tree, searched and paged on the server. */
export function getPortfolio(query: TPortfolioQuery, opts?: TRequestOptions): Promise<TPortfolioResponse> {
  return get<TPortfolioResponse>('/api/agent/portfolio', { silent: true, ...opts, query: { ...query } });
}

export const portfolioQueryOptions = (query: TPortfolioQuery) =>
  queryOptions({ queryKey: agentKeys.portfolio(query), queryFn: ({ signal }) => getPortfolio(query, { signal }) });

export function usePortfolio(query: TPortfolioQuery) {
  return useQuery({ ...portfolioQueryOptions(query), placeholderData: keepPreviousData });
}
