import { useEffect } from 'react';
import type { TCheckPermResponse } from '@ra/shared/work-hours/work-hours.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { useWorkHours } from '../../../stores/work-hours.ts';

/** SPEC 7 GET /api/checkWorkHourPerm. */
export function checkWorkHourPerm(opts?: TRequestOptions): Promise<TCheckPermResponse> {
  return get<TCheckPermResponse>('/api/checkWorkHourPerm', { silent: true, ...opts });
}

let inFlight: Promise<boolean> | null = null;

/**
 * SPEC 4: "Work-hour edits need a permission check, cached for the session." Asked once; the answer is
 * kept in the work-hours store (saved with the session, cleared at logout), so later visits and edits
 * reuse it. A failed check counts as no permission until the next session.
 */
export async function ensureWorkHourPerm(): Promise<boolean> {
  const cached = useWorkHours.getState().editPermission;
  if (cached !== null) return cached;
  inFlight ??= checkWorkHourPerm()
    .then((r) => r.editWorkHour)
    .catch(() => false)
    .then((allowed) => {
      useWorkHours.getState().setEditPermission(allowed);
      inFlight = null;
      return allowed;
    });
  return inFlight;
}

/** The cached answer (null while the first check runs). */
export function useWorkHourPerm(): boolean | null {
  const allowed = useWorkHours((s) => s.editPermission);
  useEffect(() => {
    if (allowed === null) void ensureWorkHourPerm();
  }, [allowed]);
  return allowed;
}
