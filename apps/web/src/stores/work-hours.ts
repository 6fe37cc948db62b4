import { create } from 'zustand';
import { registerPersistedSlice } from './persist.ts';

/**
 * SPEC 4: "Work-hour edits need a permission check, cached for the session." The work-hours page
 * fills this from GET /api/checkWorkHourPerm; logout clears it.
 */
interface TWorkHoursState {
  /** null until checked. */
  editPermission: boolean | null;
  setEditPermission: (allowed: boolean) => void;
  reset: () => void;
}

export const useWorkHours = create<TWorkHoursState>()((set) => ({
  editPermission: null,
  setEditPermission: (editPermission) => set({ editPermission }),
  reset: () => set({ editPermission: null }),
}));

registerPersistedSlice('workHours', {
  save: () => ({ editPermission: useWorkHours.getState().editPermission }),
  restore: (value) => {
    const v = (value as { editPermission?: unknown } | null)?.editPermission;
    if (typeof v === 'boolean') useWorkHours.setState({ editPermission: v });
  },
});
