import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TModuleDeps } from '../module-deps.ts';
import { agentRoutes } from './agent.routes.ts';
import { AgentService } from './agent.service.ts';
import { ApplicationsService } from './applications.service.ts';
import { defaultBankCheck, type TBankCheck } from './bank-check.ts';
import { CommissionRulesService } from './commission-rules.service.ts';
import { EarningsService } from './earnings.service.ts';
import { NotificationsService } from './notifications.service.ts';

/** The agent domain's routes and services (registered in app.ts). */
export function agentModule(deps: TModuleDeps, options: { bankCheck?: TBankCheck } = {}): FastifyPluginAsyncZod {
  const agent = new AgentService({
    db: deps.db,
    clock: deps.clock,
    email: deps.email,
    publicUrl: deps.config.publicUrl,
  });
  return agentRoutes({
    agent,
    rules: new CommissionRulesService(deps.db, deps.clock, agent.repo),
    earnings: new EarningsService({ db: deps.db, clock: deps.clock, bankCheck: options.bankCheck ?? defaultBankCheck }),
    notifications: new NotificationsService(deps.db, deps.clock, agent.repo),
    applications: new ApplicationsService(deps.db, deps.clock, deps.email, (path, origin) => agent.link(path, origin)),
  });
}
