import type { TBusinessPorts } from './business.ports.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/errors.ts';
import type { TModule, TModuleDeps } from '../module-deps.ts';
import { AccountNumberCipher } from './bank-crypto.ts';
import { LocalBankProvider, type BankProvider } from './bank-provider.ts';
import { BankRepository } from './bank.repository.ts';
import { BankService } from './bank.service.ts';
import { businessRoutes } from './business.routes.ts';
import { EffectiveHoursService } from './effective-hours.service.ts';
import { ServiceFeesRepository } from './service-fees.repository.ts';
import { ServiceFeesService } from './service-fees.service.ts';

/** What this module offers the others (app.ts hands it to the modules that need it). */
export interface TBusinessApi {
  /**
   * Whether the restaurant's bank account is linked and verified: the check before moving money (SMS
   * campaigns: 'Please link bank information first'). False for no account or any other state.
   */
  bankVerified(restaurantId: number): Promise<boolean>;
  /** The same for any node by its id (an agent's node: paychecks). */
  nodeBankVerified(nodeId: number): Promise<boolean>;
}

export type { TBusinessDeliveryConnection, TBusinessPorts } from './business.ports.ts';

/**
 * A bank service over the app's database: the one this module's routes use, and what another module
 * builds for its own nodes (an agent's paycheck account) with the same rules. `provider` defaults to
 * the local simulated one (bank-provider.ts).
 */
export function createBankService(
  deps: Pick<TModuleDeps, 'db' | 'clock' | 'config'> & { jobs?: TModuleDeps['jobs'] },
  provider: BankProvider = new LocalBankProvider(),
): BankService {
  return new BankService(
    new BankRepository(deps.db),
    new AuditRepository(deps.db),
    deps.clock,
    new AccountNumberCipher(deps.config.jwtSecret),
    provider,
    deps.jobs,
  );
}

/** Business info and hours, bank account, service fees, settings and the admin panel (issue 9). */
export function businessModule(
  deps: TModuleDeps & TBusinessPorts,
  options: { bankProvider?: BankProvider } = {},
): TModule<TBusinessApi> {
  const bank = createBankService(deps, options.bankProvider);
  const bankRepo = new BankRepository(deps.db);
  const restaurantNodeOf = async (auth: AuthContext) => {
    const restaurantId = requireRestaurantId(auth);
    const nodeId = await bankRepo.restaurantNode(restaurantId);
    if (nodeId === null) throw notFound();
    return { restaurantId, nodeId };
  };
  const nodeBankVerified = async (nodeId: number) => (await bankRepo.statusOf(nodeId)) === 'verified';
  const ports: TBusinessPorts = { menuItems: deps.menuItems, deliveryConnections: deps.deliveryConnections };
  return {
    api: {
      nodeBankVerified,
      async bankVerified(restaurantId) {
        const nodeId = await bankRepo.restaurantNode(restaurantId);
        return nodeId !== null && nodeBankVerified(nodeId);
      },
    },
    routes: async (app) => {
      await bank.registerWorkers();
      await app.register(
        businessRoutes({
          restaurants: deps.restaurants,
          bank,
          fees: new ServiceFeesService(new ServiceFeesRepository(deps.db), deps.clock),
          hours: new EffectiveHoursService(deps.restaurants, deps.clock, ports),
          clock: deps.clock,
          restaurantNodeOf,
        }),
      );
    },
  };
}
