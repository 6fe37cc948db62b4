import { createHash } from 'node:crypto';
import type { StripePayments } from '../../adapters/payments/stripe-payments.ts';
import { StripeProviderError } from '../../adapters/payments/stripe-payments.ts';
import {
  BankProviderError,
  type BankProvider,
  type TDepositCheck,
  type TMicroDepositRequest,
} from './bank-provider.ts';

/**
 * Bank verification through Stripe (PAYMENTS_PROVIDER=stripe): the SPEC 3 provider customer id must be
 * a live Stripe customer, deposits are a SetupIntent for `us_bank_account` with micro-deposits, and the
 * owner's amounts (or the descriptor code, when Stripe says `microdeposit_type: descriptor_code`) go to
 * verify_microdeposits. Stripe sends the deposits and says when they arrive
 * (`arrival_date`), so nothing is kept locally and `markPosted` has nothing to do.
 */
export class StripeBankProvider implements BankProvider {
  readonly name = 'stripe' as const;
  readonly simulated = false;

  constructor(private readonly stripe: StripePayments) {}

  async sendMicroDeposits(_db: unknown, request: TMicroDepositRequest, at: Date) {
    try {
      const started = await this.stripe.startBankVerification({
        nodeId: request.nodeId,
        customerId: request.providerCustomerId,
        holderName: request.holderName,
        accountType: request.accountType === 'savings' ? 'savings' : 'checking',
        routingNumber: request.routingNumber,
        accountNumber: request.accountNumber,
        // One SetupIntent per link attempt, even when the SDK retries the request.
        idempotencyKey: `bank-link-${request.nodeId}-${at.getTime()}-${createHash('sha256')
          .update(`${request.routingNumber}:${request.accountNumber}`)
          .digest('hex')
          .slice(0, 12)}`,
      });
      return {
        reference: started.setupIntentId,
        microdepositType: started.microdepositType,
        ...(started.arrivesAt ? { arriveAt: started.arrivesAt } : {}),
      };
    } catch (error) {
      if (error instanceof StripeProviderError) throw new BankProviderError(error.kind, error.message);
      throw error;
    }
  }

  async markPosted(): Promise<void> {
    // Stripe lands the deposits itself; the account moves on at the arrival date it gave.
  }

  async checkAmounts(_db: unknown, reference: string, amounts: [number, number]): Promise<TDepositCheck> {
    try {
      return await this.stripe.verifyMicrodeposits(reference, { amounts });
    } catch (error) {
      if (error instanceof StripeProviderError) throw new BankProviderError(error.kind, error.message);
      throw error;
    }
  }

  async checkDescriptorCode(_db: unknown, reference: string, code: string): Promise<TDepositCheck> {
    try {
      return await this.stripe.verifyMicrodeposits(reference, { descriptorCode: code.toUpperCase() });
    } catch (error) {
      if (error instanceof StripeProviderError) throw new BankProviderError(error.kind, error.message);
      throw error;
    }
  }

  check() {
    return this.stripe.check();
  }
}
