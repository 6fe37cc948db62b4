import Stripe from 'stripe';
import { PaymentsDeclined, type TPaymentsProvider } from './payments-provider.ts';

/**
 * Stripe as the payment processor (PAYMENTS_PROVIDER=stripe), through the official `stripe` package:
 *
 * - the SPEC 3 "customer id of a card payment provider" is a Stripe Customer, checked with
 *   GET /v1/customers/{id} (a missing or deleted one is refused);
 * - the bank account is verified with micro-deposits: a SetupIntent for `us_bank_account`
 *   (payment_method_options.us_bank_account.verification_method=microdeposits, confirmed with an offline
 *   mandate), then POST /v1/setup_intents/{id}/verify_microdeposits with the two amounts or the
 *   descriptor code the owner reads off the statement; Stripe's own attempt limit and 10-day expiry
 *   answer `payment_method_microdeposit_verification_attempts_exceeded` / `..._timeout`;
 * - a campaign is charged off-session with a PaymentIntent on the verified payment method, with an
 *   Idempotency-Key per campaign, so a retried or resumed Send Now never charges twice (the SDK resends the
 *   same key when it retries, e.g. after a 409 `idempotency_key_in_use`);
 * - refunds with an Idempotency-Key of the caller's.
 *
 * Docs followed: https://docs.stripe.com/payments/ach-direct-debit/set-up-payment (micro-deposits),
 * https://docs.stripe.com/api/setup_intents/verify_microdeposits, https://docs.stripe.com/api/idempotent_requests,
 * https://docs.stripe.com/api/refunds/create, https://docs.stripe.com/webhooks#verify-official-libraries.
 */
export interface TStripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** http(s)://host:port of a server speaking Stripe's API (tests); absent means api.stripe.com. */
  apiBase?: string;
}

/** Why Stripe said no, in the caller's terms. */
export class StripeProviderError extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable',
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'StripeProviderError';
  }
}

/** Stripe's default webhook tolerance (https://docs.stripe.com/webhooks#replay-attacks). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type TMicroDepositCheck = 'right' | 'wrong' | 'locked' | 'expired';

export function stripeClient(config: Pick<TStripeConfig, 'secretKey' | 'apiBase'>): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000 };
  if (config.apiBase) {
    const url = new URL(config.apiBase);
    options.host = url.hostname;
    options.port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    options.protocol = url.protocol === 'https:' ? 'https' : 'http';
  }
  return new Stripe(config.secretKey, options);
}

const isStripeError = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError;

/** A refusal about the account or card (4xx) versus Stripe not answering (5xx, network, rate limit). */
function translate(error: unknown): never {
  if (!isStripeError(error)) throw error;
  const unavailable =
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    (error.statusCode ?? 0) >= 500;
  throw new StripeProviderError(unavailable ? 'unavailable' : 'refused', error.message, error.code);
}

export class StripePayments {
  readonly provider = 'stripe' as const;
  readonly stripe: Stripe;

  constructor(private readonly config: TStripeConfig) {
    this.stripe = stripeClient(config);
  }

  /** The customer exists and is not deleted; else refused (an unchecked string is never stored). */
  async checkCustomer(customerId: string): Promise<void> {
    try {
      const customer = await this.stripe.customers.retrieve(customerId);
      if ('deleted' in customer && customer.deleted)
        throw new StripeProviderError('refused', `customer ${customerId} was deleted`, 'resource_missing');
    } catch (error) {
      if (error instanceof StripeProviderError) throw error;
      translate(error);
    }
  }

  /** Creates a customer (for an account linked without one). */
  async createCustomer(input: { name: string; nodeId: number }): Promise<string> {
    try {
      const customer = await this.stripe.customers.create(
        { name: input.name, metadata: { nodeId: String(input.nodeId) } },
        { idempotencyKey: `customer-node-${input.nodeId}-${input.name}` },
      );
      return customer.id;
    } catch (error) {
      translate(error);
    }
  }

  /**
   * Starts micro-deposit verification of a US bank account: a confirmed SetupIntent whose next action
   * is `verify_with_microdeposits` (arrival date, amounts or descriptor code).
   */
  async startBankVerification(input: {
    nodeId: number;
    customerId: string;
    holderName: string;
    accountType: 'checking' | 'savings';
    routingNumber: string;
    accountNumber: string;
    idempotencyKey: string;
  }): Promise<{ setupIntentId: string; arrivesAt: Date | null; microdepositType: 'amounts' | 'descriptor_code' }> {
    await this.checkCustomer(input.customerId);
    let intent: Stripe.SetupIntent;
    try {
      intent = await this.stripe.setupIntents.create(
        {
          customer: input.customerId,
          allowed_payment_method_types: ['us_bank_account'],
          payment_method_data: {
            type: 'us_bank_account',
            us_bank_account: {
              account_holder_type: 'company',
              account_type: input.accountType,
              routing_number: input.routingNumber,
              account_number: input.accountNumber,
            },
            billing_details: { name: input.holderName },
          },
          payment_method_options: { us_bank_account: { verification_method: 'microdeposits' } },
          mandate_data: { customer_acceptance: { type: 'offline' } },
          usage: 'off_session',
          confirm: true,
          metadata: { nodeId: String(input.nodeId) },
        },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (error) {
      translate(error);
    }
    const next = intent.next_action?.verify_with_microdeposits;
    if (intent.status !== 'requires_action' || !next)
      throw new StripeProviderError('refused', `setup intent ${intent.id} is ${intent.status}`);
    return {
      setupIntentId: intent.id,
      arrivesAt: next.arrival_date ? new Date(next.arrival_date * 1000) : null,
      microdepositType: next.microdeposit_type === 'descriptor_code' ? 'descriptor_code' : 'amounts',
    };
  }

  /** The owner's reading of the statement: two amounts in cents, or the 6-character descriptor code. */
  async verifyMicrodeposits(
    setupIntentId: string,
    reading: { amounts: [number, number] } | { descriptorCode: string },
  ): Promise<TMicroDepositCheck> {
    try {
      const intent = await this.stripe.setupIntents.verifyMicrodeposits(
        setupIntentId,
        'amounts' in reading ? { amounts: reading.amounts } : { descriptor_code: reading.descriptorCode },
      );
      return intent.status === 'succeeded' ? 'right' : 'wrong';
    } catch (error) {
      if (isStripeError(error)) {
        if (error.code === 'payment_method_microdeposit_verification_attempts_exceeded') return 'locked';
        if (error.code === 'payment_method_microdeposit_verification_timeout') return 'expired';
        if (
          error.code === 'payment_method_microdeposit_verification_amounts_mismatch' ||
          error.code === 'payment_method_microdeposit_verification_descriptor_code_mismatch' ||
          error.code === 'payment_method_microdeposit_verification_amounts_invalid'
        )
          return 'wrong';
      }
      translate(error);
    }
  }

  /**
   * Charges the verified account off-session. `reference` is the idempotency key: Stripe answers the
   * same PaymentIntent to every request with it (a retry, a resumed Send Now after a crash). ACH debits
   * answer `processing`; their outcome arrives by webhook (payment_intent.succeeded / payment_failed).
   */
  async charge(input: {
    customerId: string;
    setupIntentId: string;
    amountCents: number;
    reference: string;
    description: string;
  }): Promise<{ chargeId: string; status: string }> {
    try {
      const setup = await this.stripe.setupIntents.retrieve(input.setupIntentId);
      const paymentMethod = typeof setup.payment_method === 'string' ? setup.payment_method : setup.payment_method?.id;
      if (!paymentMethod) throw new StripeProviderError('refused', 'the bank account has no payment method');
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          customer: input.customerId,
          payment_method: paymentMethod,
          allowed_payment_method_types: ['us_bank_account'],
          off_session: true,
          confirm: true,
          description: input.description,
          metadata: { reference: input.reference },
        },
        { idempotencyKey: input.reference },
      );
      if (intent.status === 'canceled' || intent.status === 'requires_payment_method')
        throw new StripeProviderError('refused', intent.last_payment_error?.message ?? `payment ${intent.status}`);
      return { chargeId: intent.id, status: intent.status };
    } catch (error) {
      if (error instanceof StripeProviderError) throw error;
      translate(error);
    }
  }

  /** Refunds part or all of a charge; the same `idempotencyKey` never refunds twice. */
  async refund(input: {
    paymentRef: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ refundRef: string; status: string }> {
    try {
      const refund = await this.stripe.refunds.create(
        {
          ...(input.paymentRef.startsWith('ch_') ? { charge: input.paymentRef } : { payment_intent: input.paymentRef }),
          amount: input.amountCents,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { refundRef: refund.id, status: refund.status ?? 'pending' };
    } catch (error) {
      translate(error);
    }
  }

  /**
   * A webhook delivery verified with the SDK (Stripe-Signature: t=…,v1=…, HMAC-SHA256 of `t.payload`)
   * and within the 300-second tolerance of `now`, the server's injected clock (not the wall clock): a
   * replay of an old delivery, or one stamped in the future, fails. The SDK's own tolerance takes the
   * time of receipt in milliseconds (`receivedAt`); the timestamp is also checked here in both
   * directions, since the SDK only refuses old ones. Throws when bad.
   */
  constructEvent(rawBody: string, signature: string | undefined, now: Date): Stripe.Event {
    if (!signature) throw new StripeProviderError('refused', 'missing Stripe-Signature');
    const event = this.stripe.webhooks.constructEvent(
      rawBody,
      signature,
      this.config.webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      now.getTime(),
    );
    const stamp = /(?:^|,)\s*t=(\d+)(?:,|$)/.exec(signature);
    if (!stamp || Math.abs(Math.floor(now.getTime() / 1000) - Number(stamp[1])) > WEBHOOK_TOLERANCE_SECONDS)
      throw new StripeProviderError('refused', 'Stripe-Signature timestamp outside the tolerance');
    return event;
  }

  /** Live check for the admin panel: GET /v1/balance answers with these keys. */
  async check(): Promise<{ ok: boolean; detail: string }> {
    try {
      await this.stripe.balance.retrieve();
      return { ok: true, detail: 'answered' };
    } catch (error) {
      const status = isStripeError(error) ? error.statusCode : undefined;
      return { ok: false, detail: status ? `answered ${status}` : `unreachable: ${(error as Error).message}` };
    }
  }
}

/**
 * Back-office card refunds through Stripe (PAYMENTS_PROVIDER=stripe; issue 23 "Card refunds go through
 * the payments adapter ... Stripe's refund API"): POST /v1/refunds for the payment's PaymentIntent or
 * Charge (the id the POS sent as the payment's id, as Stripe Terminal gives it), with the office
 * refund's own Idempotency-Key, so a retry after an outage or a crash answers the first refund and
 * never refunds twice. Stripe's refusals (unknown charge, more than is left, a refund that failed)
 * are declines (nothing moved); no answer at all (network, 5xx, rate limit) is rethrown, which leaves
 * the refund reserved for a retry under the same key.
 */
export class StripeCardRefunds implements TPaymentsProvider {
  constructor(private readonly stripe: StripePayments) {}

  async refund(input: {
    paymentRef: string;
    amountCents: number;
    idempotencyKey: string;
    chargeRef?: string | null;
  }): Promise<{ refundId: string }> {
    const charge = input.chargeRef ?? '';
    if (!/^(pi|ch)_\w+$/.test(charge)) throw new PaymentsDeclined('no_such_charge');
    let answer: { refundRef: string; status: string };
    try {
      answer = await this.stripe.refund({
        paymentRef: charge,
        amountCents: input.amountCents,
        idempotencyKey: input.idempotencyKey,
      });
    } catch (error) {
      if (error instanceof StripeProviderError && error.kind === 'refused') {
        throw new PaymentsDeclined(error.code ?? 'refused');
      }
      throw error;
    }
    if (answer.status === 'failed' || answer.status === 'canceled')
      throw new PaymentsDeclined(`refund_${answer.status}`);
    return { refundId: answer.refundRef };
  }
}
