import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPhotoListQuery, TPhotoListResponse } from '@ra/shared/media/media.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { menuImageKeys } from './query-keys.ts';

/** GET customer photos by state, paged on the server (SPEC 2 /menuImage/list; editMenu). */
export function getPhotos(query: TPhotoListQuery, opts?: TRequestOptions): Promise<TPhotoListResponse> {
  return get<TPhotoListResponse>('/api/menuImage/list', { silent: true, ...opts, query: { ...query } });
}

export const photosQueryOptions = (query: TPhotoListQuery) =>
  queryOptions({
    queryKey: menuImageKeys.list(query),
    queryFn: ({ signal }) => getPhotos(query, { signal }),
  });

export function usePhotos(query: TPhotoListQuery) {
  return useQuery({ ...photosQueryOptions(query), placeholderData: keepPreviousData });
}

/** Where the browser loads a photo from (the session cookie authorises the image request). */
export const photoUrl = (id: number, format: 'webp' | 'jpeg' = 'webp') =>
  `/api/api/menuImage/${id}/file${format === 'jpeg' ? '?format=jpeg' : ''}`;
