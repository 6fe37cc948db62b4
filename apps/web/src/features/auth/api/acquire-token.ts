import { useMutation } from '@tanstack/react-query';
import type { TAcquireTokenResponse } from '@ra/shared/auth/auth.schemas';
import { post } from '../../../lib/request.ts';

/**
 * SPEC 7 token exchange: POST /account/acquireToken with oldjwtToken when a token exists. The token
 * to exchange is also the Authorization header (raw), whatever the session holds at that moment.
 * The answer carries who the token is for (`userInfo`, as getUserInfo answers), since issue 21.
 */
export function acquireToken(oldToken?: string): Promise<TAcquireTokenResponse> {
  return post<TAcquireTokenResponse>('/account/acquireToken', oldToken ? { oldjwtToken: oldToken } : {}, {
    headers: oldToken ? { Authorization: oldToken } : {},
    silent: true,
  });
}

export function useAcquireToken() {
  return useMutation({ mutationFn: acquireToken });
}
