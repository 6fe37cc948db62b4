import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSoldOutRequest, TSoldOutResponse } from '@ra/shared/menu/menu.schemas';
import { post } from '../../../lib/request.ts';
import { MENU_API } from './endpoints.ts';
import { menuKeys } from './query-keys.ts';

/** 86 / sold out (issue 8): on with an optional "until" (end of the business day by default), or back on sale. */
export function setSoldOut(body: TSoldOutRequest): Promise<TSoldOutResponse> {
  return post<TSoldOutResponse>(MENU_API.soldOut, body);
}

export function useSetSoldOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setSoldOut,
    onSuccess: () => client.invalidateQueries({ queryKey: menuKeys.items() }),
  });
}
