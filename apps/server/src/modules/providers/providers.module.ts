import type { TBusinessApi } from '../business/business.module.ts';
import type { TCustomersApi } from '../customers/customers.module.ts';
import type { TModule, TModuleDeps } from '../module-deps.ts';
import { providersRoutes } from './providers.routes.ts';
import { ProvidersService } from './providers.service.ts';

/**
 * The outside providers (issue 20): the admin panel's provider status and the Stripe webhook. The
 * adapters themselves belong to the modules that use them (customers: SMS and charges; business: bank
 * verification); this module asks them through their apis.
 */
export function providersModule(
  deps: TModuleDeps & {
    customers: Pick<TCustomersApi, 'providerStatus' | 'paymentOutcome'>;
    business: Pick<TBusinessApi, 'bankProviderStatus' | 'bankProviderOutcome'>;
  },
): TModule {
  const service = new ProvidersService({
    config: deps.config,
    clock: deps.clock,
    customers: deps.customers,
    business: deps.business,
  });
  return { routes: providersRoutes(service), api: undefined };
}
