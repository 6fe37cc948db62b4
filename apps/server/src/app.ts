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
import { accountModule } from './modules/account/account.module.ts';
import { AuditRepository } from './db/audit.repository.ts';
import { nodeModule } from './modules/node/node.module.ts';
import { restaurantModule } from './modules/restaurant/restaurant.module.ts';
import { teamModule } from './modules/team/team.module.ts';
import { ordersModule } from './modules/orders/orders.module.ts';
import { reportsModule } from './modules/reports/reports.module.ts';
import { transactionsModule } from './modules/transactions/transactions.module.ts';
import { dashboardModule } from './modules/dashboard/dashboard.module.ts';
import { analyticsModule } from './modules/analytics/analytics.module.ts';
import { mediaModule, type TImageUser } from './modules/media/media.module.ts';
import { menuModule } from './modules/menu/menu.module.ts';
import { businessModule } from './modules/business/business.module.ts';
import { devicesModule } from './modules/devices/devices.module.ts';
import { deliveryModule } from './modules/delivery/delivery.module.ts';
import { couponsModule } from './modules/coupons/coupons.module.ts';
import { rewardsModule } from './modules/rewards/rewards.module.ts';
import { giftcardsModule } from './modules/giftcards/giftcards.module.ts';
import { refundsModule } from './modules/refunds/refunds.module.ts';
import { LocalPayments } from './adapters/payments/local-payments.ts';
import { StripeCardRefunds, StripePayments } from './adapters/payments/stripe-payments.ts';
import type { TPaymentsProvider } from './adapters/payments/payments-provider.ts';
import { workHoursModule } from './modules/work-hours/work-hours.module.ts';
import { tipsModule } from './modules/tips/tips.module.ts';
import { agentModule } from './modules/agent/agent.module.ts';
import { insightModule } from './modules/insight/insight.module.ts';
import { customersModule } from './modules/customers/customers.module.ts';
import { segmentsModule } from './modules/segments/segments.module.ts';
import { providersModule } from './modules/providers/providers.module.ts';
import { liveModule } from './modules/live/live.module.ts';
import { reportMailModule } from './modules/report-mail/report-mail.module.ts';
import type { TModuleDeps } from './modules/module-deps.ts';
import { AUTH_CHANGED_CHANNEL, AuthCache } from './lib/auth-cache.ts';
import type { TListen } from './db/notifications.ts';
import { createJobQueue, type JobQueue } from './lib/jobs/job-queue.ts';
import { registerUploads } from './lib/uploads.ts';
import { ManualClock } from './lib/clock.ts';
import type { ReplicaReads } from './db/replica-reads.ts';
import { registerReplicaReads } from './plugins/replica-reads.ts';

export interface BuildAppOptions {
  db: Database;
  config: AppConfig;
  /** Replaces the adapter chosen from config (tests, or a provider wired elsewhere). */
  emailSender?: EmailSender;
  /** Replaces the local payments stand-in (tests that make the processor fail, or a configured one). */
  payments?: TPaymentsProvider;
  /** Fastify's logger option; defaults to JSON logs at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** Further route modules, registered after the built-in ones under the same rules. */
  modules?: FastifyPluginAsyncZod[];
  /**
   * The database's NOTIFY subscription (DatabaseHandle.listen). With it the server remembers callers
   * between requests (lib/auth-cache.ts); without it every request asks the database.
   */
  listen?: TListen;
  /** Further users of library images besides the menu's (tests of the image library). */
  imageUsers?: TImageUser[];
  /** A streaming replica for report reads (DatabaseHandle.replica); without it every read is the primary's. */
  replica?: ReplicaReads;
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
  // Before the access check: the rest of each listed report read runs in its replica read scope.
  if (options.replica) registerReplicaReads(app, options.replica);
  // The modules serving those reads get a query builder that may send them to the replica.
  const readDb = options.replica?.db ?? db;
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });
  await registerApiDocs(app);

  const tokens = new TokenService(config.jwtSecret, clock);
  const email = options.emailSender ?? createEmailSender(config.email, db, app.log, clock);
  const audit = new AuditRepository(db);
  const node = nodeModule({ db });
  const nodes = node.api;
  const account = accountModule({ db, config, clock, audit, email, tokens, nodes });
  const accounts = account.api;
  const orders = ordersModule({ db, clock });
  // Reports file every figure under a business day, so a new zone or end-of-day hour re-files them.
  const restaurant = restaurantModule({
    db,
    audit,
    clock,
    onClockChange: (id, tx) => orders.api.rebuildRollups(id, tx),
  });
  const restaurants = restaurant.api;

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
  await typed.register(account.routes);
  await typed.register(node.routes);
  await typed.register(restaurant.routes);
  await typed.register(teamModule({ db, clock, audit }).routes);
  await typed.register(orders.routes);
  // The sales figures count gift cards sold, which the gift cards module reads for them.
  const giftcards = giftcardsModule({ db, clock, email });
  const reports = reportsModule({ db: readDb, clock, giftcardSales: giftcards.api.sales });
  await typed.register(reports.routes);
  await typed.register(transactionsModule({ db: readDb, reports: reports.api }).routes);
  const dashboard = dashboardModule({ db: readDb, clock });
  await typed.register(dashboard.routes);
  await typed.register(analyticsModule({ clock, reports: reports.api, dashboard: dashboard.api }).routes);
  // Live today: each server LISTENs for order/refund writes and tells its open dashboards (SSE).
  const live = liveModule({ db, listen: options.listen, log: app.log });
  await typed.register(live.routes);
  app.addHook('preClose', async () => live.api.close());
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
  const deps: TModuleDeps = { db, config, clock, audit, email, nodes, restaurants, orders: orders.api, jobs };
  const media = mediaModule(deps);
  await typed.register(media.routes);
  const menu = menuModule({ ...deps, media: media.api });
  for (const user of options.imageUsers ?? []) media.api.addImageUser(user);
  await typed.register(menu.routes);
  const delivery = deliveryModule({ ...deps, menu: menu.api });
  // Business reads the menu's dish hours and the delivery connections through its ports.
  const business = businessModule({
    ...deps,
    menuItems: (restaurantId) => menu.api.items(restaurantId),
    deliveryConnections: (restaurantId) => delivery.api.connections(restaurantId),
  });
  await typed.register(business.routes);
  await typed.register(devicesModule(deps).routes);
  await typed.register(delivery.routes);
  const coupons = couponsModule({ ...deps, menu: menu.api, media: media.api });
  await typed.register(coupons.routes);
  await typed.register(giftcards.routes);
  await typed.register(rewardsModule(deps).routes);
  const payments =
    options.payments ??
    (config.payments?.provider === 'stripe'
      ? new StripeCardRefunds(new StripePayments(config.payments))
      : new LocalPayments(db, clock));
  const workHours = workHoursModule(deps);
  await typed.register(workHours.routes);
  const tips = tipsModule({ ...deps, workHours: workHours.api });
  await typed.register(tips.routes);
  await typed.register(refundsModule({ ...deps, payments, tips: tips.api }).routes);
  await typed.register(
    insightModule({ ...deps, db: readDb, workHours: workHours.api, reports: reports.api, menu: menu.api }).routes,
  );
  await typed.register(agentModule({ ...deps, business: business.api }).routes);
  const customers = customersModule({ ...deps, business: business.api });
  await typed.register(customers.routes);
  await typed.register(segmentsModule({ ...deps, customers: customers.api }).routes);
  await typed.register(providersModule({ ...deps, customers: customers.api, business: business.api }).routes);
  await typed.register(
    reportMailModule({ ...deps, reports: reports.api, sweepOnStart: !(clock instanceof ManualClock) }).routes,
  );
  for (const module of options.modules ?? []) await typed.register(module);

  await registerApiDocsUi(app);
  await registerWebApp(app, config.webDistDir);
}
