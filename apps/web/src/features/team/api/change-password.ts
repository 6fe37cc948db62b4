import { useMutation } from '@tanstack/react-query';
import type { TChangePasswordRequest, TChangePasswordResponse } from '@ra/shared/team/team.schemas';
import { post } from '../../../lib/request.ts';

/** POST /api/account/changePassword (SPEC 2 /ChangePassword): the account's other sessions end. */
export function changePassword(input: TChangePasswordRequest): Promise<TChangePasswordResponse> {
  return post<TChangePasswordResponse>('/account/changePassword', input, { silent: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
