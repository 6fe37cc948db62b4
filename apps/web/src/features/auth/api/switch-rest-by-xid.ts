import { useMutation } from '@tanstack/react-query';
import { post, type TRequestOptions } from '../../../lib/request.ts';

export interface TSwitchRestInput {
  /** The chosen restaurant node. */
  xid: string;
  /** The node the account signed in at. */
  root_xid?: string;
}

/** SPEC 7: POST /account/swtichRestByXid (the server's spelling). */
export function switchRestByXid(
  input: TSwitchRestInput,
  opts?: TRequestOptions,
): Promise<{ ok: boolean; restId: number }> {
  return post<{ ok: boolean; restId: number }>('/account/swtichRestByXid', input, opts);
}

export function useSwitchRestByXid() {
  return useMutation({ mutationFn: (input: TSwitchRestInput) => switchRestByXid(input) });
}
