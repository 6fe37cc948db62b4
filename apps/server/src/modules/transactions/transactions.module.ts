import type { TModule, TModuleDeps } from '../module-deps.ts';
import type { TReportsApi } from '../reports/reports.module.ts';
import { TransactionsRepository } from './transactions.repository.ts';
import { transactionsRoutes } from './transactions.routes.ts';
import { TransactionsService } from './transactions.service.ts';

/**
 * The transactions page (SPEC 2 "/transactions/index"): payments and refunds, their file and the
 * order behind each. The last day with sales and a file's restaurant words come from the reports module.
 */
export function transactionsModule(deps: Pick<TModuleDeps, 'db'> & { reports: TReportsApi }): TModule {
  const service = new TransactionsService(new TransactionsRepository(deps.db), deps.reports);
  return { routes: transactionsRoutes(service), api: undefined };
}
