import type { TModule, TModuleDeps } from '../module-deps.ts';
import { EmployeeService } from './employee.service.ts';
import { RoleService } from './role.service.ts';
import { TeamRepository } from './team.repository.ts';
import { teamRoutes } from './team.routes.ts';

/** A restaurant's roles and employees (SPEC 2 /teamManagement; registered in app.ts). Offers nothing to others. */
export function teamModule(deps: Pick<TModuleDeps, 'db' | 'clock' | 'audit'>): TModule {
  const repo = new TeamRepository(deps.db, deps.clock);
  return {
    routes: teamRoutes(new RoleService(repo, deps.audit), new EmployeeService(repo, deps.audit)),
    api: undefined,
  };
}
