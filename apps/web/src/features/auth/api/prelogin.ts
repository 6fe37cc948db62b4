import { useMutation } from '@tanstack/react-query';
import type { TPreloginResponse } from '@ra/shared/auth/auth.schemas';
import { get } from '../../../lib/request.ts';

/** SPEC 7: GET /account/prelogin with the trimmed email (SPEC 5). */
export function prelogin(email: string): Promise<TPreloginResponse> {
  return get<TPreloginResponse>('/account/prelogin', { query: { data: email.trim() }, silent: true });
}

export function usePrelogin() {
  return useMutation({ mutationFn: prelogin });
}
