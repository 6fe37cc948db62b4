import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLibraryListResponse } from '@ra/shared/media/media.schemas';
import { del, get } from '../../../lib/request.ts';
import { IMAGE_LIBRARY_PAGE_SIZE } from '../image-library.ts';
import { menuKeys } from './query-keys.ts';

/** The item form's library picker keeps its own cache (components/upload): refreshed with ours. */
const PICKER_KEY = ['media-library'] as const;

/** A page of the restaurant's image library, newest first, each image with the items that show it. */
export function useImageLibrary(page: number) {
  return useQuery({
    queryKey: menuKeys.imagePage(page),
    queryFn: ({ signal }) =>
      get<TLibraryListResponse>('/api/media/images', {
        silent: true,
        signal,
        query: { page, pageSize: IMAGE_LIBRARY_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

/** After an upload or a delete: the library pages, the picker and (a forced delete edits items) the menu. */
export function useRefreshImages() {
  const client = useQueryClient();
  return (itemsChanged = false) =>
    Promise.all([
      client.invalidateQueries({ queryKey: itemsChanged ? menuKeys.all : menuKeys.images() }),
      client.invalidateQueries({ queryKey: PICKER_KEY }),
    ]);
}

/** DELETE a library image; without `force` one in use answers 409 naming the items (errors.usedBy). */
export function useDeleteImage() {
  const refresh = useRefreshImages();
  return useMutation({
    mutationFn: ({ id, force }: { id: number; force: boolean }) =>
      del(`/api/media/images/${id}${force ? '?force=true' : ''}`, { silent: true }),
    onSuccess: (_result, { force }) => refresh(force),
  });
}
