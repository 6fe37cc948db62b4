import { createHmac } from 'node:crypto';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import type { TBusinessApi } from '../business/business.module.ts';
import type { TModule, TModuleDeps } from '../module-deps.ts';
import { CampaignsRepository } from './campaigns.repository.ts';
import { CampaignsService } from './campaigns.service.ts';
import { SmsWebhooksService } from './sms-webhooks.service.ts';
import { customersRoutes } from './customers.routes.ts';
import { CustomersService, requireListRole } from './customers.service.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { TCustomerCount, TCustomerFilter } from '@ra/shared/customers/customers.schemas';
import { LocalPaymentCharger, type PaymentCharger } from './payment-charger.ts';
import { StripePaymentCharger } from './stripe-charger.ts';
import { StripePayments } from '../../adapters/payments/stripe-payments.ts';
import { LocalSmsSender, TwilioSmsSender, type SmsSender } from './sms-sender.ts';

/** What this module offers the others: provider status (admin panel) and the processor's word on a charge. */
export interface TCustomersApi {
  providerStatus(): Promise<{
    sms: { provider: 'twilio' | 'local'; ok: boolean; detail: string };
    payments: { provider: 'stripe' | 'local'; ok: boolean; detail: string };
  }>;
  /** A signed processor event about a campaign charge; true when a campaign's state changed. */
  paymentOutcome(paymentRef: string, outcome: 'succeeded' | 'failed'): Promise<boolean>;
  /**
   * The restaurant whose customer list the caller may read (owners, agents and admins, as the list's
   * own routes); 403 otherwise. Saved segments use the same rule.
   */
  listRestaurant(auth: AuthContext): number;
  /** How many of the restaurant's customers a filter matches now, up to 10,000 (the list's count). */
  countByFilter(restaurantId: number, filter: TCustomerFilter): Promise<TCustomerCount>;
  /** How a campaign to a saved segment reads the segment's name and filter (the segments module gives it). */
  provideSegments(lookup: TSegmentLookup): void;
}

/** A saved segment's name and filter by id within a restaurant, or null when the restaurant has no such segment. */
export type TSegmentLookup = (
  restaurantId: number,
  segmentId: number,
) => Promise<{ name: string; filter: TCustomerFilter } | null>;

export const RECOMPUTE_QUEUE = 'customers.recompute';
/** The debounce: orders arriving within this window share one rebuild of the restaurant's customers. */
const RECOMPUTE_DELAY_MS = 30_000;
/** The platform's sending number (the local adapter's; a deployment sets its own provider number). */
export const SMS_FROM_NUMBER = '+15550100000';

/**
 * The provider auth token the webhooks are signed with: Twilio's (TWILIO_AUTH_TOKEN) when configured,
 * else derived from the app secret for the local stand-in.
 */
export function smsAuthTokenFor(config: Pick<AppConfig, 'jwtSecret' | 'sms'>): string {
  if (config.sms?.provider === 'twilio') return config.sms.authToken;
  return createHmac('sha256', config.jwtSecret).update('sms-provider-auth-token').digest('hex').slice(0, 32);
}

/** The local adapters a module built on this database uses (tests make them fail or read what was sent). */
export const localAdapters = new WeakMap<Database, { sms: LocalSmsSender; payments: LocalPaymentCharger }>();

/**
 * The customer list and SMS campaigns (issue 12). Campaigns ask the business module whether the
 * restaurant's bank is verified. Nothing is offered to other modules.
 */
export function customersModule(
  deps: TModuleDeps & { business: Pick<TBusinessApi, 'bankVerified' | 'paymentAccount'> },
  options: { sms?: SmsSender; payments?: PaymentCharger } = {},
): TModule<TCustomersApi> {
  const customers = new CustomersService(deps.db, deps.clock);
  // Saved segments (their own module) say here how a campaign reads one; until then none exists.
  let segmentLookup: TSegmentLookup = () => Promise.resolve(null);
  let local = localAdapters.get(deps.db);
  if (!local) {
    local = {
      sms: new LocalSmsSender(deps.db, deps.clock, deps.config.holdPoints),
      payments: new LocalPaymentCharger(deps.db, deps.clock),
    };
    localAdapters.set(deps.db, local);
  }
  const publicUrl = deps.config.publicUrl?.replace(/\/$/, '');
  const smsConfig = deps.config.sms;
  const sms =
    options.sms ??
    (smsConfig?.provider === 'twilio'
      ? new TwilioSmsSender({
          accountSid: smsConfig.accountSid,
          authToken: smsConfig.authToken,
          apiBase: smsConfig.apiBase,
          ...(smsConfig.messagingServiceSid ? { messagingServiceSid: smsConfig.messagingServiceSid } : {}),
        })
      : local.sms);
  const paymentsConfig = deps.config.payments;
  const payments =
    options.payments ??
    (paymentsConfig?.provider === 'stripe'
      ? new StripePaymentCharger(new StripePayments(paymentsConfig), (nodeId) => deps.business.paymentAccount(nodeId))
      : local.payments);
  const fromNumber = (smsConfig?.provider === 'twilio' && smsConfig.from) || SMS_FROM_NUMBER;
  const campaignsRepo = new CampaignsRepository(deps.db);
  const smsWebhooks = new SmsWebhooksService({ repo: campaignsRepo, clock: deps.clock });
  const campaigns = new CampaignsService({
    repo: campaignsRepo,
    clock: deps.clock,
    jobs: deps.jobs,
    customers,
    bankVerified: (restaurantId) => deps.business.bankVerified(restaurantId),
    segmentFilter: (restaurantId, segmentId) => segmentLookup(restaurantId, segmentId),
    sms,
    payments,
    fromNumber,
    statusCallbackUrl: `${publicUrl ?? 'http://localhost'}/api/api/customers/sms/status`,
    ...(deps.config.holdPoints ? { holdPoints: deps.config.holdPoints } : {}),
  });
  const queueRecompute = (restaurantId: number) =>
    deps.jobs.send(
      RECOMPUTE_QUEUE,
      { restaurantId },
      {
        startAfter: new Date(deps.clock.now().getTime() + RECOMPUTE_DELAY_MS),
        singletonKey: `customers-${restaurantId}`,
      },
    );
  // A POS pushes orders one after another: while this app knows a rebuild is already waiting for a
  // restaurant, a further push needs no new job (the waiting one reads every order when it runs).
  const waitingUntil = new Map<number, number>();
  deps.orders.onIngested(async (restaurantId) => {
    const now = deps.clock.now().getTime();
    if ((waitingUntil.get(restaurantId) ?? 0) > now) return;
    waitingUntil.set(restaurantId, now + RECOMPUTE_DELAY_MS);
    await queueRecompute(restaurantId);
  });

  const routes: TModule['routes'] = async (app) => {
    await deps.jobs.work<{ restaurantId: number }>(RECOMPUTE_QUEUE, (job) =>
      customers.recompute(job.data.restaurantId),
    );
    await campaigns.registerWorkers();
    await app.register(
      customersRoutes({
        customers,
        campaigns,
        smsWebhooks,
        smsAuthToken: smsAuthTokenFor(deps.config),
        ...(publicUrl ? { publicUrl } : {}),
        onSettingsSaved: queueRecompute,
        audit: (tx, e) =>
          new AuditRepository(tx as Database).record({
            restaurantId: e.restaurantId,
            actorUserId: e.userId,
            action: 'customers.settings.update',
            targetType: 'customer_settings',
            targetId: String(e.restaurantId),
            details: { pointsPerDollar: { before: e.before, after: e.after } },
            at: deps.clock.now(),
          }),
      }),
    );
  };
  return {
    routes,
    api: {
      async providerStatus() {
        const [smsCheck, paymentsCheck] = await Promise.all([sms.check(), payments.check()]);
        return {
          sms: { provider: sms.provider, ...smsCheck },
          payments: { provider: payments.provider, ...paymentsCheck },
        };
      },
      paymentOutcome: (paymentRef: string, outcome: 'succeeded' | 'failed') =>
        campaigns.paymentOutcome(paymentRef, outcome),
      listRestaurant: (auth) => requireListRole(auth),
      countByFilter: (restaurantId, filter) => customers.countFor(restaurantId, filter),
      provideSegments(lookup) {
        segmentLookup = lookup;
      },
    },
  };
}
