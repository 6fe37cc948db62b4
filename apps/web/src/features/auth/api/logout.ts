import { useMutation } from '@tanstack/react-query';
import type { TOkResponse } from '@ra/shared/auth/auth.schemas';
import { get } from '../../../lib/request.ts';

/** SPEC 7: GET /account/logout. The local session is cleared whatever it answers (session-actions.ts). */
export function logoutRequest(): Promise<TOkResponse> {
  return get<TOkResponse>('/account/logout', { silent: true, noRelogin: true });
}

export function useLogoutRequest() {
  return useMutation({ mutationFn: logoutRequest });
}
