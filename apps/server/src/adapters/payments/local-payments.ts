import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { num, rowsOf, str } from '../../db/sql-util.ts';
import type { Clock } from '../../lib/clock.ts';
import { PaymentsDeclined, type TPaymentsProvider } from './payments-provider.ts';

/**
 * The local stand-in for a card processor. Its "charges" are the card payments the POS reported
 * (`paymentRef` = `payment:<payments.id>`); its refunds are kept in `local_payment_refunds` by
 * idempotency key, as a processor keeps them whatever happens to our server, so a refund retried after
 * a crash finds the first one. It declines a refund beyond what is left of the charge, and
 * `failNext` makes the next call fail (tests of a processor outage).
 */
export class LocalPayments implements TPaymentsProvider {
  private failures: Array<Error> = [];

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** The next call throws this (a decline, or any error for an outage). */
  failNext(error: Error = new PaymentsDeclined('processing_error')): void {
    this.failures.push(error);
  }

  async refund(input: { paymentRef: string; amountCents: number; idempotencyKey: string }) {
    const failure = this.failures.shift();
    if (failure) throw failure;
    return this.db.transaction(async (tx) => {
      // One charge's refunds are decided one at a time, as a processor does.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('local-payments'), hashtext(${input.paymentRef}))`);
      const [done] = await rowsOf(
        tx,
        sql`select refund_id from local_payment_refunds where idempotency_key = ${input.idempotencyKey}`,
      );
      if (done) return { refundId: str(done.refund_id) };
      const match = /^payment:(\d+)$/.exec(input.paymentRef);
      if (!match) throw new PaymentsDeclined('no_such_charge');
      const [charge] = await rowsOf(tx, sql`select amount_cents from payments where id = ${Number(match[1])}`);
      if (!charge) throw new PaymentsDeclined('no_such_charge');
      const [refunded] = await rowsOf(
        tx,
        sql`select coalesce(sum(amount_cents), 0)::int8 as n from local_payment_refunds where payment_ref = ${input.paymentRef}`,
      );
      if (input.amountCents <= 0 || num(refunded?.n) + input.amountCents > num(charge.amount_cents)) {
        throw new PaymentsDeclined('amount_too_large');
      }
      const refundId = `re_${randomBytes(8).toString('hex')}`;
      await tx.execute(sql`insert into local_payment_refunds (idempotency_key, refund_id, payment_ref, amount_cents, created_at)
        values (${input.idempotencyKey}, ${refundId}, ${input.paymentRef}, ${input.amountCents}, ${this.clock.now().toISOString()}::timestamptz)`);
      return { refundId };
    });
  }
}
