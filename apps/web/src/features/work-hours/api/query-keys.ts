/** TanStack Query keys of the work-hours screens; every change invalidates `all`. */
export const workHoursKeys = {
  all: ['work-hours'] as const,
  settings: () => [...workHoursKeys.all, 'settings'] as const,
  sheet: (restId: number, from: number, to: number) => [...workHoursKeys.all, 'sheet', restId, from, to] as const,
  perm: () => [...workHoursKeys.all, 'perm'] as const,
  wages: () => [...workHoursKeys.all, 'wages'] as const,
};
