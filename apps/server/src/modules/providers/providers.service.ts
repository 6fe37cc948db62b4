import type { TProviderStatus } from '@ra/shared/providers/providers.schemas';
import type { AppConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { ERROR_CODES } from '@ra/shared/errors';
import { StripePayments, StripeProviderError } from '../../adapters/payments/stripe-payments.ts';
import { secretsConfigFromEnv } from '../../lib/secrets.ts';

/** The webhook paths each provider is given (docs/operations.md lists the same). */
export const STRIPE_WEBHOOK_PATH = '/api/api/payments/stripe/webhook';
export const TWILIO_STATUS_PATH = '/api/api/customers/sms/status';
export const TWILIO_INBOUND_PATH = '/api/api/customers/sms/inbound';
/** The delivery module's webhook paths (delivery.routes.ts; providers.test.ts checks they are routes). */
export const UBER_EATS_WEBHOOK_PATH = '/api/api/delivery/webhooks/uber-eats';
export const DOORDASH_WEBHOOK_PATH = '/api/api/delivery/webhooks/doordash';
export const SIMULATOR_WEBHOOK_PATH = '/api/api/delivery/webhook/:platform';

type TCheck = { provider: string; ok: boolean; detail: string };

export interface TProvidersDeps {
  config: AppConfig;
  clock: Clock;
  customers: {
    providerStatus(): Promise<{ sms: TCheck; payments: TCheck }>;
    paymentOutcome(paymentRef: string, outcome: 'succeeded' | 'failed'): Promise<boolean>;
  };
  business: {
    bankProviderStatus(): Promise<TCheck>;
    bankProviderOutcome(providerRef: string, outcome: 'verified' | 'failed', reason: string | null): Promise<boolean>;
  };
}

/**
 * The outside providers as a whole (issue 20): the admin panel's status of every adapter with a live
 * check, and the Stripe webhook, whose events go to the module that owns the state they change.
 */
export class ProvidersService {
  private readonly stripe: StripePayments | null;

  constructor(private readonly deps: TProvidersDeps) {
    const payments = deps.config.payments;
    this.stripe = payments?.provider === 'stripe' ? new StripePayments(payments) : null;
  }

  async status(): Promise<TProviderStatus> {
    const [{ sms, payments }, bank] = await Promise.all([
      this.deps.customers.providerStatus(),
      this.deps.business.bankProviderStatus(),
    ]);
    const config = this.deps.config;
    const webhooks = [
      { provider: 'twilio', path: TWILIO_STATUS_PATH, events: 'StatusCallback (set per message)' },
      { provider: 'twilio', path: TWILIO_INBOUND_PATH, events: 'A MESSAGE COMES IN (the sending number)' },
      {
        provider: 'stripe',
        path: STRIPE_WEBHOOK_PATH,
        events:
          'setup_intent.succeeded, setup_intent.setup_failed, payment_intent.succeeded, payment_intent.payment_failed',
      },
      { provider: 'ubereats', path: UBER_EATS_WEBHOOK_PATH, events: 'orders.notification (Primary Webhook URL)' },
      { provider: 'doordash', path: DOORDASH_WEBHOOK_PATH, events: 'Orders webhook subscription' },
      { provider: 'simulator', path: SIMULATOR_WEBHOOK_PATH, events: 'The local delivery simulator (signed)' },
    ];
    const delivery = config.delivery ?? {};
    // As the delivery module seals with it (derived from the JWT secret when SECRETS_KEY is unset).
    const secrets = config.secrets ?? secretsConfigFromEnv({}, config.jwtSecret);
    return {
      sms,
      payments,
      bank,
      email: config.email.smtpUrl
        ? { provider: 'smtp', ok: true, detail: 'configured' }
        : { provider: 'local', ok: true, detail: 'local stand-in' },
      storage: config.storage?.s3
        ? { provider: 's3', ok: true, detail: 'configured' }
        : { provider: 'local', ok: true, detail: 'local stand-in' },
      ubereats: delivery.ubereats
        ? { provider: 'ubereats', ok: true, detail: 'configured' }
        : { provider: 'local', ok: true, detail: 'local simulator' },
      doordash: delivery.doordash
        ? { provider: 'doordash', ok: true, detail: 'configured' }
        : { provider: 'local', ok: true, detail: 'local simulator' },
      secrets: {
        provider: 'aes-256-gcm',
        ok: true,
        detail: `key ${secrets.current.id}${secrets.previous ? `, still reading ${secrets.previous.id}` : ''}`,
      },
      webhooks,
      checkedAt: this.deps.clock.now().toISOString(),
    };
  }

  /**
   * A Stripe webhook delivery: the signature is checked by the SDK against STRIPE_WEBHOOK_SECRET over
   * the raw body, within Stripe's 5-minute tolerance of our clock (a replayed old delivery is refused).
   * Known events are applied once (each change is conditional on the current state); others are
   * acknowledged and ignored.
   */
  async stripeWebhook(rawBody: string, signature: string | undefined): Promise<{ received: boolean }> {
    if (!this.stripe) throw new AppError(404, ERROR_CODES.notFound, 'Not found');
    let event;
    try {
      event = this.stripe.constructEvent(rawBody, signature, this.deps.clock.now());
    } catch (error) {
      // The SDK's verification error: its class name is in `type` (and `name` in some versions).
      const kind = error as { name?: string; type?: string };
      if (
        error instanceof StripeProviderError ||
        kind.type === 'StripeSignatureVerificationError' ||
        kind.name === 'StripeSignatureVerificationError'
      )
        throw new AppError(400, ERROR_CODES.badRequest, 'Bad signature', { cause: error });
      throw error;
    }
    const object = event.data.object as { id?: string; last_setup_error?: { code?: string } | null };
    const id = object.id ?? '';
    switch (event.type) {
      case 'setup_intent.succeeded':
        await this.deps.business.bankProviderOutcome(id, 'verified', null);
        break;
      case 'setup_intent.setup_failed':
        await this.deps.business.bankProviderOutcome(id, 'failed', object.last_setup_error?.code ?? 'setup_failed');
        break;
      case 'payment_intent.succeeded':
        await this.deps.customers.paymentOutcome(id, 'succeeded');
        break;
      case 'payment_intent.payment_failed':
        await this.deps.customers.paymentOutcome(id, 'failed');
        break;
      default:
        break;
    }
    return { received: true };
  }
}
