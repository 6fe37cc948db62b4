import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TModuleDeps } from '../module-deps.ts';
import { localSignatureStore } from './signature-store.ts';
import { WorkHoursRepository } from './work-hours.repository.ts';
import { workHoursRoutes } from './work-hours.routes.ts';
import { WorkHoursService } from './work-hours.service.ts';

/** The work-hours domain (issue 11): timesheet, clock in and out, signatures, pay periods, payroll. */
export function workHoursModule(deps: TModuleDeps): FastifyPluginAsyncZod {
  const service = new WorkHoursService(
    new WorkHoursRepository(deps.db),
    // The shared storage adapter is not in place yet; signatures go to the data directory meanwhile.
    localSignatureStore(deps.config.dataDir),
    deps.clock,
  );
  return workHoursRoutes(service);
}
