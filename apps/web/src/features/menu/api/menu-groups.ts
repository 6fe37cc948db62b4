import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMenuGroup, TMenuGroupInput, TMenuGroupListResponse } from '@ra/shared/menu/menu.schemas';
import { del, get, post, put, type TRequestOptions } from '../../../lib/request.ts';
import { MENU_API } from './endpoints.ts';
import { menuKeys } from './query-keys.ts';

/** GET the menu groups (each holds categories in its own order), in display order. */
export function getMenuGroups(opts?: TRequestOptions): Promise<TMenuGroupListResponse> {
  return get<TMenuGroupListResponse>(MENU_API.menuGroups, { silent: true, ...opts });
}

export const menuGroupsQueryOptions = () =>
  queryOptions({ queryKey: menuKeys.menuGroups(), queryFn: ({ signal }) => getMenuGroups({ signal }) });

export function useMenuGroups() {
  return useQuery(menuGroupsQueryOptions());
}

export function saveMenuGroup({ id, body }: { id?: number; body: TMenuGroupInput }): Promise<TMenuGroup> {
  return id
    ? put<TMenuGroup>(MENU_API.menuGroup(id), body, { silent: true })
    : post<TMenuGroup>(MENU_API.menuGroups, body, { silent: true });
}

export function deleteMenuGroup({ id, force }: { id: number; force: boolean }): Promise<unknown> {
  return del(`${MENU_API.menuGroup(id)}${force ? '?force=true' : ''}`, { silent: true });
}

export function reorderMenuGroups(ids: number[]): Promise<unknown> {
  return post(MENU_API.menuGroupsReorder, { ids });
}

export function useSaveMenuGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveMenuGroup,
    onSuccess: () => client.invalidateQueries({ queryKey: menuKeys.menuGroups() }),
  });
}

export function useDeleteMenuGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteMenuGroup,
    onSuccess: () => client.invalidateQueries({ queryKey: menuKeys.menuGroups() }),
  });
}

export function useReorderMenuGroups() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderMenuGroups,
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: menuKeys.menuGroups() });
      const before = client.getQueryData<TMenuGroupListResponse>(menuKeys.menuGroups());
      if (before) {
        const byId = new Map(before.groups.map((g) => [g.id, g]));
        client.setQueryData<TMenuGroupListResponse>(menuKeys.menuGroups(), {
          groups: ids.map((id) => byId.get(id)).filter((g): g is TMenuGroup => Boolean(g)),
        });
      }
      return { before };
    },
    onError: (_e, _ids, context) => {
      if (context?.before) client.setQueryData(menuKeys.menuGroups(), context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: menuKeys.menuGroups() }),
  });
}
