import { useMutation } from '@tanstack/react-query';
import type { TSigninResponse } from '@ra/shared/auth/auth.schemas';
import { post } from '../../../lib/request.ts';

export interface TSigninInput {
  email: string;
  password: string;
  /** Six digits, sent once the server asked for an email code. */
  emailVerificationCodeNumber?: string;
}

/** SPEC 7: POST /account/signin with cid -1; answers a token or a request for the emailed code. */
export function signin(input: TSigninInput): Promise<TSigninResponse> {
  return post<TSigninResponse>(
    '/account/signin',
    {
      email: input.email.trim(),
      password: input.password,
      cid: -1,
      emailVerificationCodeNumber: input.emailVerificationCodeNumber?.trim() ?? '',
    },
    // the login form shows the failure next to the fields
    { silent: true },
  );
}

export function isTokenResponse(r: TSigninResponse): r is Extract<TSigninResponse, { token: string }> {
  return 'token' in r && typeof r.token === 'string';
}

export function useSignin() {
  return useMutation({ mutationFn: signin });
}
