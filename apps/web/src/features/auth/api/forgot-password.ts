import type { TForgotPasswordResponse } from '@ra/shared/auth/password-reset.schemas';
import { post } from '../../../lib/request.ts';

/** POST /account/forgotPassword: the same answer whether or not the email has an account. */
export function forgotPassword(email: string): Promise<TForgotPasswordResponse> {
  // the page shows the answer and any failure itself
  return post<TForgotPasswordResponse>('/account/forgotPassword', { email: email.trim() }, { silent: true });
}
