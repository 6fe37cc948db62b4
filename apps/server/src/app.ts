import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { createEmailSender } from './adapters/email/create-email-sender.ts';
import type { EmailSender } from './adapters/email/email-sender.ts';
import { TokenService } from './lib/tokens.ts';
import { registerAccessControl } from './plugins/access-control.ts';
import { API_DOCS_PREFIX, registerApiDocs, registerApiDocsUi } from './plugins/api-docs.ts';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler.ts';
import { healthRoutes } from './plugins/health.ts';
import { registerJsonBodyParser } from './plugins/json-body.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { AccountRepository } from './modules/account/account.repository.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { AccountService } from './modules/account/account.service.ts';
import { AuditRepository } from './db/audit.repository.ts';
import { NodeRepository } from './modules/node/node.repository.ts';
import { nodeRoutes } from './modules/node/node.routes.ts';
import { NodeService } from './modules/node/node.service.ts';
import { RestaurantRepository } from './modules/restaurant/restaurant.repository.ts';
import { restaurantRoutes } from './modules/restaurant/restaurant.routes.ts';
import { RestaurantService } from './modules/restaurant/restaurant.service.ts';
import { EmployeeService } from './modules/team/employee.service.ts';
import { RoleService } from './modules/team/role.service.ts';
import { TeamRepository } from './modules/team/team.repository.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
import { OrdersRepository } from './modules/orders/orders.repository.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { OrdersService } from './modules/orders/orders.service.ts';
import { ReportsRepository } from './modules/reports/reports.repository.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { ReportsService } from './modules/reports/reports.service.ts';
import { TransactionsRepository } from './modules/transactions/transactions.repository.ts';
import { transactionsRoutes } from './modules/transactions/transactions.routes.ts';
import { DashboardRepository } from './modules/dashboard/dashboard.repository.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { DashboardService } from './modules/dashboard/dashboard.service.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { AnalyticsService } from './modules/analytics/analytics.service.ts';
import { mediaModule } from './modules/media/media.module.ts';
import { menuModule } from './modules/menu/menu.module.ts';
import { businessModule } from './modules/business/business.module.ts';
import { devicesModule } from './modules/devices/devices.module.ts';
import { deliveryModule } from './modules/delivery/delivery.module.ts';
import { couponsModule } from './modules/coupons/coupons.module.ts';
import { giftcardsModule } from './modules/giftcards/giftcards.module.ts';
import { giftcardSalesReader } from './modules/giftcards/giftcard-sales.ts';
import { workHoursModule } from './modules/work-hours/work-hours.module.ts';
import { agentModule } from './modules/agent/agent.module.ts';
import { customersModule } from './modules/customers/customers.module.ts';
import type { TModuleDeps } from './modules/module-deps.ts';
import { AUTH_CHANGED_CHANNEL, AuthCache } from './lib/auth-cache.ts';
import type { TListen } from './db/notifications.ts';
import { createJobQueue, type JobQueue } from './lib/jobs/job-queue.ts';
import { registerUploads } from './lib/uploads.ts';
import { ManualClock } from './lib/clock.ts';

export interface BuildAppOptions {
  db: Database;
  config: AppConfig;
  /** Replaces the adapter chosen from config (tests, or a provider wired elsewhere). */
  emailSender?: EmailSender;
  /** Fastify's logger option; defaults to JSON logs at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** Further route modules, registered after the built-in ones under the same rules. */
  modules?: FastifyPluginAsyncZod[];
  /**
   * The database's NOTIFY subscription (DatabaseHandle.listen). With it the server remembers callers
   * between requests (lib/auth-cache.ts); without it every request asks the database.
   */
  listen?: TListen;
}

export type App = FastifyInstance;

/** How often a server looks for due background jobs (a job sent for "now" starts at once). */
const JOB_POLL_INTERVAL_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Callers remembered between requests (lib/auth-cache.ts). */
    authCache: AuthCache;
    /** Background jobs (lib/jobs/job-queue.ts); tests call `app.jobs.drain()` after moving the clock. */
    jobs: JobQueue;
  }
}

/**
 * Builds the whole API: plugins, access control, modules, docs and the web app, in an order that
 * matters (the route guard before any route, the docs generator before the routes it documents).
 * Resolves once the app is ready, so a route without an access declaration fails here, at start-up.
 */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Sign-in and settings bodies are small; nothing in this API needs more.
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  });
  try {
    await assemble(app, options);
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

async function assemble(app: FastifyInstance, options: BuildAppOptions): Promise<void> {
  const { db, config } = options;
  // Every service that asks for "now" gets this one (lib/clock.ts); tests and CLOCK_NOW pin it.
  const clock = config.clock;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  // Multipart uploads (lib/uploads.ts): files are read only by routes that ask, each with its own limits.
  await registerUploads(app);
  await registerSecurityHeaders(app);

  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });
  await registerApiDocs(app);

  const tokens = new TokenService(config.jwtSecret, clock);
  const email = options.emailSender ?? createEmailSender(config.email, db, app.log, clock);
  const audit = new AuditRepository(db);
  const nodes = new NodeService(new NodeRepository(db));
  const accounts = new AccountService({
    repo: new AccountRepository(db),
    nodes,
    tokens,
    email,
    tokenTtlSeconds: config.tokenTtlSeconds,
    codeSecret: config.jwtSecret,
    audit,
    now: () => clock.now(),
    publicUrl: config.publicUrl,
  });
  const orders = new OrdersService(new OrdersRepository(db), clock);
  // Reports file every figure under a business day, so a new zone or end-of-day hour re-files them.
  const restaurants = new RestaurantService(
    new RestaurantRepository(db),
    audit,
    (id, tx) => orders.rebuildRollups(id, tx),
    clock,
  );

  const authCache = new AuthCache(
    async (token) => ({ auth: await accounts.authenticate(token), expiresAtMs: tokens.read(token).exp * 1000 }),
    clock,
  );
  app.decorate('authCache', authCache);
  restaurants.rememberRowsWhile(() => authCache.isListening);
  authCache.onInvalidate(() => restaurants.forgetRows());
  if (options.listen) {
    const subscription = await options.listen(
      AUTH_CHANGED_CHANNEL,
      () => authCache.invalidate(),
      (up) => authCache.setListening(up),
    );
    authCache.setSync(subscription.sync);
    app.addHook('onClose', async () => subscription.stop());
  }
  registerAccessControl(app, {
    authenticate: (token, how) => authCache.authenticate(token, how),
    afterWrite: () => authCache.invalidate(),
    publicPrefixes: [API_DOCS_PREFIX],
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  await typed.register(healthRoutes(db));
  await typed.register(accountRoutes(accounts));
  await typed.register(nodeRoutes(nodes));
  await typed.register(restaurantRoutes(restaurants));
  const team = new TeamRepository(db, clock);
  await typed.register(teamRoutes(new RoleService(team, audit), new EmployeeService(team, audit)));
  await typed.register(ordersRoutes(orders));
  const reportsRepo = new ReportsRepository(db);
  await typed.register(reportsRoutes(new ReportsService(reportsRepo, clock, giftcardSalesReader(db)), reportsRepo));
  await typed.register(transactionsRoutes(new TransactionsRepository(db)));
  const dashboardRepo = new DashboardRepository(db);
  await typed.register(dashboardRoutes(new DashboardService(dashboardRepo, clock)));
  await typed.register(analyticsRoutes(new AnalyticsService(reportsRepo, dashboardRepo, clock)));
  // The domains built on the foundation above; each module builds its own services from these.
  // Jobs run in the background on a real or running clock; under a ManualClock (tests) only in drain().
  const jobs = createJobQueue({
    db,
    clock,
    log: app.log,
    pollIntervalMs: clock instanceof ManualClock ? null : JOB_POLL_INTERVAL_MS,
    ...(config.jobLeaseSeconds ? { leaseSeconds: config.jobLeaseSeconds } : {}),
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  const deps: TModuleDeps = { db, config, clock, audit, email, nodes, restaurants, orders, jobs };
  await typed.register(mediaModule(deps));
  await typed.register(menuModule(deps));
  await typed.register(businessModule(deps));
  await typed.register(devicesModule(deps));
  await typed.register(deliveryModule(deps));
  await typed.register(couponsModule(deps));
  await typed.register(giftcardsModule(deps));
  await typed.register(workHoursModule(deps).routes);
  await typed.register(agentModule(deps));
  await typed.register(customersModule(deps));
  for (const module of options.modules ?? []) await typed.register(module);

  await registerApiDocsUi(app);
  await registerWebApp(app, config.webDistDir);
}
