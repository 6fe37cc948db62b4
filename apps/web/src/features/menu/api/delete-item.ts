import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '../../../lib/request.ts';
import { MENU_API } from './endpoints.ts';
import { menuKeys } from './query-keys.ts';

/** DELETE an item; without `force` a used item answers 409 with where it is used (see usage.ts). */
export function deleteItem({ id, force }: { id: number; force: boolean }): Promise<unknown> {
  return del(`${MENU_API.item(id)}${force ? '?force=true' : ''}`, { silent: true });
}

export function useDeleteItem() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteItem, onSuccess: () => client.invalidateQueries({ queryKey: menuKeys.all }) });
}
