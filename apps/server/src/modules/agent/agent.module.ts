import type { TBusinessApi } from '../business/business.module.ts';
import type { TModule, TModuleDeps } from '../module-deps.ts';
import { AgentRepository } from './agent.repository.ts';
import { agentRoutes } from './agent.routes.ts';
import { AgentService } from './agent.service.ts';
import { ApplicationsRepository } from './applications.repository.ts';
import { ApplicationsService } from './applications.service.ts';
import { CommissionRulesService } from './commission-rules.service.ts';
import { EarningsRepository } from './earnings.repository.ts';
import { EarningsService } from './earnings.service.ts';
import { NotificationsRepository } from './notifications.repository.ts';
import { NotificationsService } from './notifications.service.ts';

/** The agent domain's routes and services (registered in app.ts). Offers nothing to other modules. */
export function agentModule(
  deps: Pick<TModuleDeps, 'db' | 'clock' | 'email' | 'config' | 'audit'> & {
    /** A paycheck is paid only into a linked, verified bank account (SPEC 4 "Bank account"), which business owns. */
    business: Pick<TBusinessApi, 'nodeBankVerified'>;
  },
): TModule {
  const { db, clock } = deps;
  const repo = new AgentRepository(db);
  const agent = new AgentService({
    repo,
    audit: deps.audit,
    clock,
    email: deps.email,
    publicUrl: deps.config.publicUrl,
  });
  return {
    routes: agentRoutes({
      agent,
      rules: new CommissionRulesService(repo, clock),
      earnings: new EarningsService({
        repo: new EarningsRepository(db),
        clock,
        bankCheck: (nodeId) => deps.business.nodeBankVerified(nodeId),
        nodeName: (nodeId) => agent.nodeName(nodeId),
      }),
      notifications: new NotificationsService(new NotificationsRepository(db), repo, clock),
      applications: new ApplicationsService(new ApplicationsRepository(db), clock, deps.email, (path, origin) =>
        agent.link(path, origin),
      ),
    }),
    api: undefined,
  };
}
