import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBulkEditApplyResponse, TBulkEditPreviewResponse, TBulkEditRequest } from '@ra/shared/menu/menu.schemas';
import { post } from '../../../lib/request.ts';
import { MENU_API } from './endpoints.ts';
import { menuKeys } from './query-keys.ts';

/** What a bulk edit would do to each selected item, nothing written (issue 8 "The change is previewed first"). */
export function previewBulkEdit(body: TBulkEditRequest): Promise<TBulkEditPreviewResponse> {
  return post<TBulkEditPreviewResponse>(MENU_API.bulkPreview, body, { silent: true });
}

/** The same change, written in one transaction (all items or none). */
export function applyBulkEdit(body: TBulkEditRequest): Promise<TBulkEditApplyResponse> {
  return post<TBulkEditApplyResponse>(MENU_API.bulkApply, body, { silent: true });
}

export function usePreviewBulkEdit() {
  return useMutation({ mutationFn: previewBulkEdit });
}

export function useApplyBulkEdit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: applyBulkEdit,
    onSuccess: () => client.invalidateQueries({ queryKey: menuKeys.all }),
  });
}
