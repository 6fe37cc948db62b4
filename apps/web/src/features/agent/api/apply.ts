import type { TApplicationMessageResponse, TApplyRequest } from '@ra/shared/agent/agent.schemas';
import { post } from '../../../lib/request.ts';

/** POST the public application form (no sign-in: the referral link's `ref` names the agent). */
export function submitApplication(body: TApplyRequest): Promise<TApplicationMessageResponse> {
  return post<TApplicationMessageResponse>('/api/agent-apply', body, { silent: true, noRelogin: true });
}
