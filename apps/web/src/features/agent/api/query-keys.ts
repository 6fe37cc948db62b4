/** One key root per agent-area list, so a mutation invalidates exactly the lists it changes. */
export const agentKeys = {
  all: ['agent'] as const,
  me: () => ['agent', 'me'] as const,
  tree: (xid: string) => ['agent', 'tree', xid] as const,
  portfolio: (q: object) => ['agent', 'portfolio', q] as const,
  dashboard: () => ['agent', 'dashboard'] as const,
  applications: (q: object) => ['agent', 'applications', q] as const,
  notifications: (q: object) => ['agent', 'notifications', q] as const,
  notificationReads: (id: number) => ['agent', 'notification', id] as const,
  paychecks: () => ['agent', 'paychecks'] as const,
  earnings: (periodStart: string) => ['agent', 'earnings', periodStart] as const,
  team: () => ['agent', 'team'] as const,
  commissionRules: () => ['agent', 'commissionRules'] as const,
  inbox: () => ['notifications', 'inbox'] as const,
};
