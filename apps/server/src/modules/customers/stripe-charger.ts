import type { StripePayments } from '../../adapters/payments/stripe-payments.ts';
import { StripeProviderError } from '../../adapters/payments/stripe-payments.ts';
import { PaymentError, type PaymentCharger } from './payment-charger.ts';

/**
 * Campaign charges through Stripe (PAYMENTS_PROVIDER=stripe): an off-session PaymentIntent on the
 * restaurant's verified bank account, the campaign's reference as the Idempotency-Key, so a retried or
 * resumed Send Now answers the same PaymentIntent instead of charging again.
 */
export class StripePaymentCharger implements PaymentCharger {
  readonly provider = 'stripe' as const;

  constructor(
    private readonly stripe: StripePayments,
    /** The node's verified account at Stripe (the business module's api). */
    private readonly accountOf: (nodeId: number) => Promise<{ customerId: string; providerRef: string | null } | null>,
  ) {}

  async charge(input: { nodeId: number; amountCents: number; reference: string }) {
    const account = await this.accountOf(input.nodeId);
    if (!account?.providerRef) throw new PaymentError('no verified bank account at the provider');
    try {
      const { chargeId } = await this.stripe.charge({
        customerId: account.customerId,
        setupIntentId: account.providerRef,
        amountCents: input.amountCents,
        reference: input.reference,
        description: `SMS campaign ${input.reference}`,
      });
      return { chargeId };
    } catch (error) {
      // Declined, or Stripe unreachable: either way the campaign is not charged and does not move. A
      // decline is kept by Stripe under the key (replayed to it), so the campaign's next attempt uses the next.
      if (error instanceof StripeProviderError) throw new PaymentError(error.message, error.kind === 'refused');
      throw error;
    }
  }

  check() {
    return this.stripe.check();
  }
}
