import { useMutation } from '@tanstack/react-query';
import type { TSwitchRestRequest, TSwitchRestResponse } from '@ra/shared/auth/auth.schemas';
import { post, type TRequestOptions } from '../../../lib/request.ts';

/** SPEC 7: POST /account/swtichRestByXid (the server's spelling). */
export function switchRestByXid(input: TSwitchRestRequest, opts?: TRequestOptions): Promise<TSwitchRestResponse> {
  return post<TSwitchRestResponse>('/account/swtichRestByXid', input, opts);
}

export function useSwitchRestByXid() {
  return useMutation({ mutationFn: (input: TSwitchRestRequest) => switchRestByXid(input) });
}
