import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCustomerPhoto, TLibraryImage } from '@ra/shared/media/media.schemas';
import { post } from '../../../lib/request.ts';
import { menuImageKeys } from './query-keys.ts';

/** POST: an approved photo becomes a library image, so the menu can use it as an item image. */
export function photoToLibrary(id: number): Promise<{ image: TLibraryImage; photo: TCustomerPhoto }> {
  return post(`/api/menuImage/${id}/toLibrary`, undefined, { silent: true });
}

export function usePhotoToLibrary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: photoToLibrary,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: menuImageKeys.all });
      void client.invalidateQueries({ queryKey: ['media-library'] });
    },
  });
}
