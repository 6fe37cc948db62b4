import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TItem, TItemInput } from '@ra/shared/menu/menu.schemas';
import { post, put } from '../../../lib/request.ts';
import { MENU_API } from './endpoints.ts';
import { menuKeys } from './query-keys.ts';

export type TSaveItemInput = { id?: number; body: TItemInput };

/** POST creates an item; PUT replaces one (every save keeps a version on the server). */
export function saveItem({ id, body }: TSaveItemInput): Promise<TItem> {
  // the form shows the failure under its field or above the form
  return id
    ? put<TItem>(MENU_API.item(id), body, { silent: true })
    : post<TItem>(MENU_API.items, body, { silent: true });
}

export function useSaveItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveItem,
    onSuccess: (saved) => {
      client.setQueryData(menuKeys.item(saved.id), saved);
      // the library, the versions and the category counts all change with an item
      return client.invalidateQueries({ queryKey: menuKeys.all });
    },
  });
}
