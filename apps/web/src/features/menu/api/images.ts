import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TLibraryListResponse, TLibraryUploadResponse } from '@ra/shared/media/media.schemas';
import { API_BASE, ApiError, get, type TRequestOptions } from '../../../lib/request.ts';
import { useSession } from '../../../stores/session.ts';

/** GET the restaurant's image library (media module), newest first, to pick item images from. */
export function getImageLibrary(page: number, opts?: TRequestOptions): Promise<TLibraryListResponse> {
  return get<TLibraryListResponse>('/api/media/images', { silent: true, ...opts, query: { page, pageSize: 24 } });
}

export const imageLibraryQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['menu', 'images', page], queryFn: ({ signal }) => getImageLibrary(page, { signal }) });

export function useImageLibrary(page: number, enabled: boolean) {
  return useQuery({ ...imageLibraryQueryOptions(page), enabled, placeholderData: keepPreviousData });
}

/**
 * POST files to the image library (multipart; the server checks each by content, 10 MB each, resizes
 * so the shorter side is 550 px). Not JSON, so not through `request`.
 */
export async function uploadImages(files: File[]): Promise<TLibraryUploadResponse> {
  const body = new FormData();
  for (const file of files) body.append('file', file, file.name);
  const token = useSession.getState().token;
  const res = await fetch(`${API_BASE}/api/media/images`, {
    method: 'POST',
    body,
    headers: token ? { Authorization: token } : {},
    credentials: 'include',
  });
  const payload = (await res.json().catch(() => ({}))) as Partial<TLibraryUploadResponse> & { message?: string; errors?: Record<string, string> };
  if (!res.ok) {
    const detail = payload.errors ? Object.values(payload.errors)[0] : undefined;
    throw new ApiError(detail ?? payload.message ?? 'Error', res.status, undefined, payload.errors, payload);
  }
  return { images: payload.images ?? [] };
}
