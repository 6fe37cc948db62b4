import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRest } from './get-rest-call.ts';

export { getRest, NO_RESTAURANT_SELECTED_CODE } from './get-rest-call.ts';

export const restInfoQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'restInfo'], queryFn: ({ signal }) => getRest({ signal }) });

export function useRestInfo() {
  return useQuery(restInfoQueryOptions());
}
