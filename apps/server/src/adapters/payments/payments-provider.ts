/**
 * The card processor as the server sees it (issue 23 "Card refunds go through the payments adapter").
 * `local-payments.ts` is the stand-in used by default; a Stripe implementation of the same interface
 * is used where the payments connector is configured. Keep this file small: both implement it.
 */
export interface TPaymentsProvider {
  /**
   * Gives back `amountCents` of the captured payment `paymentRef`. Idempotent by `idempotencyKey`: a
   * second call with the same key answers the first refund and moves no money. Declines (throws
   * PaymentsDeclined) when the payment has less left to refund than asked.
   */
  refund(input: {
    paymentRef: string;
    amountCents: number;
    idempotencyKey: string;
    /**
     * The processor's own id of the charge, as the POS sent it for the payment (a Stripe Terminal
     * payment's PaymentIntent `pi_…` or Charge `ch_…`); a processor that needs it declines without it.
     */
    chargeRef?: string | null;
  }): Promise<{ refundId: string }>;
}

/** The processor said no (over-refund, closed card, ...): nothing moved; `code` is the processor's reason. */
export class PaymentsDeclined extends Error {
  constructor(readonly code: string) {
    super(`payments provider declined: ${code}`);
    this.name = 'PaymentsDeclined';
  }
}
