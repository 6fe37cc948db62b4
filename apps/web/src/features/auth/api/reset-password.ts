import type { TResetPasswordRequest, TResetPasswordResponse } from '@ra/shared/auth/password-reset.schemas';
import { post } from '../../../lib/request.ts';

/** POST /account/resetPassword with the emailed token; every session of the account ends. */
export function resetPassword(input: TResetPasswordRequest): Promise<TResetPasswordResponse> {
  return post<TResetPasswordResponse>('/account/resetPassword', input, { silent: true, noRelogin: true });
}
