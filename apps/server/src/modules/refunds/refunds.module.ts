import type { TPaymentsProvider } from '../../adapters/payments/payments-provider.ts';
import type { TModule, TModuleDeps } from '../module-deps.ts';
import type { TTipsApi } from '../tips/tips.module.ts';
import { RefundsRepository } from './refunds.repository.ts';
import { refundsRoutes } from './refunds.routes.ts';
import { RefundsService } from './refunds.service.ts';

/** Refunds from the back office (issue 23); registered in app.ts. Other modules read nothing of it. */
export function refundsModule(
  deps: Pick<TModuleDeps, 'db' | 'clock' | 'orders'> & { payments: TPaymentsProvider; tips?: TTipsApi },
): TModule {
  return {
    routes: async (app) => {
      const service = new RefundsService(
        new RefundsRepository(deps.db),
        deps.clock,
        deps.payments,
        deps.orders,
        deps.tips,
      );
      await app.register(refundsRoutes(service));
    },
    api: undefined,
  };
}
