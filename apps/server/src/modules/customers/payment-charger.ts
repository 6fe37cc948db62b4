import { randomBytes } from 'node:crypto';

/**
 * Charges a restaurant's verified bank account for a campaign (issue 12 "Send Now"). Idempotent by
 * `reference` (one charge per campaign even when Send Now is retried). The local default succeeds
 * unless told to fail.
 */
export interface PaymentCharger {
  charge(input: { nodeId: number; amountCents: number; reference: string }): Promise<{ chargeId: string }>;
}

export class PaymentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentError';
  }
}

export class LocalPaymentCharger implements PaymentCharger {
  readonly charges = new Map<string, { nodeId: number; amountCents: number; chargeId: string }>();
  fail = false;

  async charge(input: { nodeId: number; amountCents: number; reference: string }) {
    const existing = this.charges.get(input.reference);
    if (existing) return { chargeId: existing.chargeId };
    if (this.fail) throw new PaymentError('card declined');
    const chargeId = `ch_${randomBytes(8).toString('hex')}`;
    this.charges.set(input.reference, { ...input, chargeId });
    return { chargeId };
  }
}
