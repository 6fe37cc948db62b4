import type { TBusinessPorts } from './business.ports.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/errors.ts';
import type { TModule, TModuleDeps } from '../module-deps.ts';
import { AccountNumberCipher } from './bank-crypto.ts';
import { LocalBankProvider, type BankProvider } from './bank-provider.ts';
import { StripeBankProvider } from './stripe-bank-provider.ts';
import { StripePayments } from '../../adapters/payments/stripe-payments.ts';
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
  /** A verified account's provider customer and setup reference (to charge it), or null. */
  paymentAccount(nodeId: number): Promise<{ customerId: string; providerRef: string | null } | null>;
  /** The payment provider's signed word on a bank verification (webhook); true when an account moved. */
  bankProviderOutcome(providerRef: string, outcome: 'verified' | 'failed', reason: string | null): Promise<boolean>;
  /** Which bank-verification provider answers, and a live check of it (admin panel). */
  bankProviderStatus(): Promise<{ provider: 'local' | 'stripe'; ok: boolean; detail: string }>;
}

/** The bank-verification provider the configuration asks for (PAYMENTS_PROVIDER=stripe), else local. */
export function bankProviderFor(config: TModuleDeps['config']): BankProvider {
  const payments = config.payments;
  if (payments?.provider === 'stripe') return new StripeBankProvider(new StripePayments(payments));
  return new LocalBankProvider();
}

export type { TBusinessDeliveryConnection, TBusinessPorts } from './business.ports.ts';

/**
 * A bank service over the app's database: the one this module's routes use, and what another module
 * builds for its own nodes (an agent's paycheck account) with the same rules. `provider` defaults to
 * the local simulated one (bank-provider.ts).
 */
export function createBankService(
  deps: Pick<TModuleDeps, 'db' | 'clock' | 'config'> & { jobs?: TModuleDeps['jobs'] },
  provider: BankProvider = bankProviderFor(deps.config),
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
  const bankProvider = options.bankProvider ?? bankProviderFor(deps.config);
  const bank = createBankService(deps, bankProvider);
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
      paymentAccount: (nodeId) => bank.paymentAccount(nodeId),
      bankProviderOutcome: (ref, outcome, reason) => bank.providerOutcome(ref, outcome, reason),
      async bankProviderStatus() {
        return { provider: bankProvider.name, ...(await bankProvider.check()) };
      },
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
