import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { restaurants } from '../../db/schema/restaurants.ts';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/errors.ts';
import type { TModuleDeps } from '../module-deps.ts';
import { AccountNumberCipher } from './bank-crypto.ts';
import { LocalBankProvider, type BankProvider } from './bank-provider.ts';
import { BankService } from './bank.service.ts';
import { businessRoutes } from './business.routes.ts';
import { EffectiveHoursService } from './effective-hours.service.ts';
import { ServiceFeesService } from './service-fees.service.ts';

/**
 * A bank service over the app's database: the one this module's routes use, and what another module
 * builds for its own nodes (an agent's paycheck account) with the same rules. `provider` defaults to
 * the local simulated one (bank-provider.ts).
 */
export function createBankService(
  deps: Pick<TModuleDeps, 'db' | 'clock' | 'config'> & { jobs?: TModuleDeps['jobs'] },
  provider: BankProvider = new LocalBankProvider(),
): BankService {
  return new BankService(deps.db, deps.clock, new AccountNumberCipher(deps.config.jwtSecret), provider, deps.jobs);
}

/** Business info and hours, bank account, service fees, settings and the admin panel (issue 9). */
export function businessModule(
  deps: TModuleDeps,
  options: { bankProvider?: BankProvider } = {},
): FastifyPluginAsyncZod {
  const bank = createBankService(deps, options.bankProvider);
  const restaurantNodeOf = async (auth: AuthContext) => {
    const restaurantId = requireRestaurantId(auth);
    const [row] = await deps.db
      .select({ nodeId: restaurants.nodeId })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    if (!row) throw notFound();
    return { restaurantId, nodeId: row.nodeId };
  };
  return async (app) => {
    await bank.registerWorkers();
    await app.register(
      businessRoutes({
        restaurants: deps.restaurants,
        bank,
        fees: new ServiceFeesService(deps.db, deps.clock),
        hours: new EffectiveHoursService(deps.restaurants, deps.clock, deps.db),
        clock: deps.clock,
        restaurantNodeOf,
      }),
    );
  };
}
