export const businessKeys = {
  all: ['business'] as const,
  profile: () => [...businessKeys.all, 'profile'] as const,
  effectiveHours: () => [...businessKeys.all, 'effective-hours'] as const,
  bank: () => [...businessKeys.all, 'bank'] as const,
  outbox: () => [...businessKeys.all, 'bank', 'outbox'] as const,
  fees: (page: number, pageSize: number) => [...businessKeys.all, 'fees', page, pageSize] as const,
  admin: (q: string, page: number) => [...businessKeys.all, 'admin', q, page] as const,
};
