import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserInfo } from '@ra/shared/auth/auth.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';

/** SPEC 7: GET /api/getUserInfo -> xid (plus name, email, avatar, leaf flag and root node). */
export function getUserInfo(opts?: TRequestOptions): Promise<TUserInfo> {
  return get<TUserInfo>('/api/getUserInfo', opts);
}

export const userInfoQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'userInfo'], queryFn: ({ signal }) => getUserInfo({ signal }) });

export function useUserInfo() {
  return useQuery(userInfoQueryOptions());
}
