import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TGiftcardDetail,
  TImportGiftcardRequest,
  TIssueGiftcardRequest,
} from '@ra/shared/giftcards/giftcards.schemas';
import { post } from '../../../lib/request.ts';
import { giftcardKeys } from './query-keys.ts';

/** POST /api/api/giftcard: a physical card or an e-gift (emailed). */
export function issueGiftcard(
  request: TIssueGiftcardRequest,
): Promise<TGiftcardDetail & { emailSent: boolean | null }> {
  return post('/api/giftcard', request, { silent: true });
}

export function useIssueGiftcard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: issueGiftcard,
    onSuccess: () => client.invalidateQueries({ queryKey: giftcardKeys.all }),
  });
}

/** POST /api/api/giftcard/import: a card sold elsewhere, under its own number. */
export function importGiftcard(request: TImportGiftcardRequest): Promise<TGiftcardDetail> {
  return post('/api/giftcard/import', request, { silent: true });
}

export function useImportGiftcard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importGiftcard,
    onSuccess: () => client.invalidateQueries({ queryKey: giftcardKeys.all }),
  });
}
