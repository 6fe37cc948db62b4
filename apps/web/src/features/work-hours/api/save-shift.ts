import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBreakInput, TClockRequest } from '@ra/shared/work-hours/work-hours.schemas';
import { post, put } from '../../../lib/request.ts';
import { shiftSaveCalls, type TShiftDraft, type TShiftBefore } from '../shift-edit.ts';
import { workHoursKeys } from './query-keys.ts';

const clockPath = (restId: number, xid: string, which: 'in' | 'out') =>
  `/api/restaurant/${restId}/user/${xid}/clock/${which}`;

export interface TSaveShiftInput {
  restId: number;
  xid: string;
  before: TShiftBefore | null;
  draft: TShiftDraft;
  reason: string;
  signatureUrl: string | null;
}

/**
 * Saves a shift through the SPEC 7 calls: PUT clock/in and PUT clock/out for an existing shift (in the
 * order that never leaves it inside out), POST clock/out with inTimeReportedAs for a new one.
 */
export async function saveShift(input: TSaveShiftInput): Promise<void> {
  for (const call of shiftSaveCalls(input.before, input.draft)) {
    const body: TClockRequest = {
      ...call.body,
      reason: input.reason,
      signatureUrl: input.signatureUrl,
    };
    const path = clockPath(input.restId, input.xid, call.which);
    await (call.method === 'PUT' ? put(path, body, { silent: true }) : post(path, body, { silent: true }));
  }
}

export function useSaveShift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveShift,
    onSuccess: () => client.invalidateQueries({ queryKey: workHoursKeys.all }),
  });
}

export type { TBreakInput };
