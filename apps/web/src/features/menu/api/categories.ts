import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCategory, TCategoryInput, TCategoryListResponse } from '@ra/shared/menu/menu.schemas';
import { del, get, post, put, type TRequestOptions } from '../../../lib/request.ts';
import { MENU_API } from './endpoints.ts';
import { menuKeys } from './query-keys.ts';

/** GET every category in menu order, with the restaurant's default tax rate. */
export function getCategories(opts?: TRequestOptions): Promise<TCategoryListResponse> {
  return get<TCategoryListResponse>(MENU_API.categories, { silent: true, ...opts });
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: menuKeys.categories(), queryFn: ({ signal }) => getCategories({ signal }) });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

export function saveCategory({ id, body }: { id?: number; body: TCategoryInput }): Promise<TCategory> {
  return id
    ? put<TCategory>(MENU_API.category(id), body, { silent: true })
    : post<TCategory>(MENU_API.categories, body, { silent: true });
}

export function deleteCategory({ id, force }: { id: number; force: boolean }): Promise<unknown> {
  return del(`${MENU_API.category(id)}${force ? '?force=true' : ''}`, { silent: true });
}

export function reorderCategories(ids: number[]): Promise<unknown> {
  return post(MENU_API.categoriesReorder, { ids });
}

export function useSaveCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCategory,
    onSuccess: () => client.invalidateQueries({ queryKey: menuKeys.all }),
  });
}

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => client.invalidateQueries({ queryKey: menuKeys.all }),
  });
}

export function useReorderCategories() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderCategories,
    // the list shows the new order at once; a refusal puts the server's order back
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: menuKeys.categories() });
      const before = client.getQueryData<TCategoryListResponse>(menuKeys.categories());
      if (before) {
        const byId = new Map(before.categories.map((c) => [c.id, c]));
        client.setQueryData<TCategoryListResponse>(menuKeys.categories(), {
          ...before,
          categories: ids.map((id) => byId.get(id)).filter((c): c is TCategory => Boolean(c)),
        });
      }
      return { before };
    },
    onError: (_e, _ids, context) => {
      if (context?.before) client.setQueryData(menuKeys.categories(), context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: menuKeys.all }),
  });
}
