import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { localPaymentCharges } from '../../db/schema/local-providers.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * Charges a restaurant's verified bank account for a campaign (issue 12 "Send Now"). Idempotent by
 * `reference` (one charge per campaign even when Send Now is retried). The local default succeeds
 * unless told to fail.
 */
export interface PaymentCharger {
  /** 'local' or 'stripe': the admin panel's provider status. */
  readonly provider: 'local' | 'stripe';
  /** Live check for the admin panel. */
  check(): Promise<{ ok: boolean; detail: string }>;
  charge(input: { nodeId: number; amountCents: number; reference: string }): Promise<{ chargeId: string }>;
}

/**
 * Not charged. `declined` is the processor's final answer under that idempotency key (a decline it
 * keeps and replays to the same key), so the next attempt must use a new key; otherwise (unreachable,
 * 5xx, no account) the outcome of the key is unknown or unused and the next attempt reuses it.
 */
export class PaymentError extends Error {
  constructor(
    message: string,
    readonly declined = false,
  ) {
    super(message);
    this.name = 'PaymentError';
  }
}

/**
 * The local default: succeeds unless told to fail, once per reference. Its charges are kept in
 * `local_payment_charges` (as a processor keeps idempotency keys), so a Send Now retried after a
 * server was killed between the charge and our own write finds the charge instead of making another.
 */
export class LocalPaymentCharger implements PaymentCharger {
  readonly provider = 'local' as const;
  fail = false;

  async check() {
    return { ok: true, detail: 'local stand-in' };
  }

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async charge(input: { nodeId: number; amountCents: number; reference: string }) {
    const existing = await this.find(input.reference);
    if (existing) return { chargeId: existing.chargeId };
    if (this.fail) throw new PaymentError('card declined', true);
    await this.db
      .insert(localPaymentCharges)
      .values({ ...input, chargeId: `ch_${randomBytes(8).toString('hex')}`, createdAt: this.clock.now() })
      .onConflictDoNothing();
    // Two calls at once with one reference: both answer the charge that was kept.
    return { chargeId: (await this.find(input.reference))!.chargeId };
  }

  private async find(reference: string) {
    const [row] = await this.db
      .select({ chargeId: localPaymentCharges.chargeId })
      .from(localPaymentCharges)
      .where(eq(localPaymentCharges.reference, reference));
    return row;
  }
}
