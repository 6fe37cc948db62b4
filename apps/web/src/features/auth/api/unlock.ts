import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';

/** Lock screen: the signed-in user's password unlocks it. A wrong password is a 400, shown by the caller. */
export function unlock(password: string): Promise<{ ok: boolean }> {
  return post<{ ok: boolean }>('/account/unlock', { password }, { silent: true });
}

export function useUnlock() {
  return useMutation({ mutationFn: unlock });
}
