import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TItem } from '@ra/shared/menu/menu.schemas';
import { post } from '../../../lib/request.ts';
import { MENU_API } from './endpoints.ts';
import { menuKeys } from './query-keys.ts';

/** POST: the item takes an earlier version's fields back (itself kept as a new version). */
export function restoreItemVersion({ id, version }: { id: number; version: number }): Promise<TItem> {
  return post<TItem>(MENU_API.itemRestore(id), { version });
}

export function useRestoreItemVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: restoreItemVersion,
    onSuccess: (item) => {
      client.setQueryData(menuKeys.item(item.id), item);
      return client.invalidateQueries({ queryKey: menuKeys.all });
    },
  });
}
