import { useMutation } from '@tanstack/react-query';
import type { TOkResponse, TUnlockRequest } from '@ra/shared/auth/auth.schemas';
import { post } from '../../../lib/request.ts';

/** Lock screen: the signed-in user's password unlocks it. A wrong password is a 400, shown by the caller. */
export function unlock(password: string): Promise<TOkResponse> {
  return post<TOkResponse>('/account/unlock', { password } satisfies TUnlockRequest, { silent: true });
}

export function useUnlock() {
  return useMutation({ mutationFn: unlock });
}
