import type { TEmployeeListQuery } from '@ra/shared/team/team.schemas';

/** One place for the team cache keys, so every mutation invalidates exactly the lists it changes. */
export const teamKeys = {
  all: ['team'] as const,
  roles: () => ['team', 'roles'] as const,
  roleHistory: (id: number) => ['team', 'roles', id, 'history'] as const,
  employees: () => ['team', 'employees'] as const,
  employeeList: (query: Partial<TEmployeeListQuery>) => ['team', 'employees', 'list', query] as const,
  employee: (id: number) => ['team', 'employees', id] as const,
};
