import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TModifierGroup, TModifierGroupInput, TModifierGroupListResponse } from '@ra/shared/menu/menu.schemas';
import { del, get, post, put, type TRequestOptions } from '../../../lib/request.ts';
import { MENU_API } from './endpoints.ts';
import { menuKeys } from './query-keys.ts';

/** GET every modifier group with its modifiers, in display order. */
export function getModifierGroups(opts?: TRequestOptions): Promise<TModifierGroupListResponse> {
  return get<TModifierGroupListResponse>(MENU_API.modifierGroups, { silent: true, ...opts });
}

export const modifierGroupsQueryOptions = () =>
  queryOptions({ queryKey: menuKeys.modifierGroups(), queryFn: ({ signal }) => getModifierGroups({ signal }) });

export function useModifierGroups() {
  return useQuery(modifierGroupsQueryOptions());
}

/** The server refuses nesting deeper than 3 levels or a loop with a message naming the path. */
export function saveModifierGroup({ id, body }: { id?: number; body: TModifierGroupInput }): Promise<TModifierGroup> {
  return id
    ? put<TModifierGroup>(MENU_API.modifierGroup(id), body, { silent: true })
    : post<TModifierGroup>(MENU_API.modifierGroups, body, { silent: true });
}

export function deleteModifierGroup({ id, force }: { id: number; force: boolean }): Promise<unknown> {
  return del(`${MENU_API.modifierGroup(id)}${force ? '?force=true' : ''}`, { silent: true });
}

export function reorderModifierGroups(ids: number[]): Promise<unknown> {
  return post(MENU_API.modifierGroupsReorder, { ids });
}

export function useSaveModifierGroup() {
  const client = useQueryClient();
  // items show their groups: the whole menu cache goes
  return useMutation({
    mutationFn: saveModifierGroup,
    onSuccess: () => client.invalidateQueries({ queryKey: menuKeys.all }),
  });
}

export function useDeleteModifierGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteModifierGroup,
    onSuccess: () => client.invalidateQueries({ queryKey: menuKeys.all }),
  });
}

export function useReorderModifierGroups() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderModifierGroups,
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: menuKeys.modifierGroups() });
      const before = client.getQueryData<TModifierGroupListResponse>(menuKeys.modifierGroups());
      if (before) {
        const byId = new Map(before.groups.map((g) => [g.id, g]));
        client.setQueryData<TModifierGroupListResponse>(menuKeys.modifierGroups(), {
          groups: ids.map((id) => byId.get(id)).filter((g): g is TModifierGroup => Boolean(g)),
        });
      }
      return { before };
    },
    onError: (_e, _ids, context) => {
      if (context?.before) client.setQueryData(menuKeys.modifierGroups(), context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: menuKeys.modifierGroups() }),
  });
}
