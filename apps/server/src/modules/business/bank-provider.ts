import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bankProviderOutbox } from '../../db/schema/business.ts';

/** Why a provider said no: a bad account (the owner fixes the details) or an outage (try later). */
export class BankProviderError extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'BankProviderError';
  }
}

export interface TMicroDepositRequest {
  nodeId: number;
  holderName: string;
  routingNumber: string;
  accountNumber: string;
  accountType?: string;
  providerCustomerId: string;
}

/**
 * The payment provider's bank-verification API, as card providers offer it: send two small deposits
 * to an account, then check the amounts the owner read from their statement. A real adapter calls
 * the provider; `db` is the caller's transaction, which a real adapter ignores.
 */
export interface BankProvider {
  /** 'local' or 'stripe': the admin panel's provider status. */
  readonly name: 'local' | 'stripe';
  /** True for the local stand-in: its outbox is readable and its deposits can be landed at once. */
  readonly simulated: boolean;
  /**
   * `arriveAt`: when the provider says the deposits reach the account (else 1 to 3 business days);
   * `microdepositType`: what the owner will read off the statement (two amounts unless said otherwise).
   */
  sendMicroDeposits(
    db: Database,
    request: TMicroDepositRequest,
    at: Date,
  ): Promise<{ reference: string; arriveAt?: Date; microdepositType?: TMicrodepositType }>;
  /** The deposits reached the account (the provider's "posted" event). */
  markPosted(db: Database, reference: string, at: Date): Promise<void>;
  /**
   * The two amounts (cents, either order) against the deposits sent under `reference`: right, wrong,
   * or the provider's own verdict that no more tries are accepted (locked) or the window ended (expired).
   */
  checkAmounts(db: Database, reference: string, amounts: [number, number]): Promise<TDepositCheck>;
  /** The 6-character descriptor code (SM....) of a descriptor-code deposit, verdicts as for amounts. */
  checkDescriptorCode(db: Database, reference: string, code: string): Promise<TDepositCheck>;
  /** Live check for the admin panel. */
  check(): Promise<{ ok: boolean; detail: string }>;
}

export type TDepositCheck = 'right' | 'wrong' | 'locked' | 'expired';
export type TMicrodepositType = 'amounts' | 'descriptor_code';

/**
 * Account numbers the local provider treats like a real provider's test accounts: the first is
 * refused as closed, the second makes the provider time out (Stripe's test numbers for the same).
 */
export const SIMULATED_REFUSED_ACCOUNT = '000111111116';
export const SIMULATED_UNAVAILABLE_ACCOUNT = '000111111113';
/**
 * The local provider verifies this account number with one deposit and a descriptor code (SM + 4
 * letters or digits in its statement descriptor) instead of two amounts, as Stripe does for some banks.
 */
export const SIMULATED_DESCRIPTOR_CODE_ACCOUNT = '000222222227';

export interface LocalBankProviderOptions {
  /** Fail every call as this kind: a provider that is down, or that refuses everything. */
  failWith?: 'refused' | 'unavailable' | null;
  /** Deposit amounts in cents (1..99); random by default. */
  amounts?: () => [number, number];
  /** The descriptor code of a descriptor-code deposit (SM + 4); random by default. */
  descriptorCode?: () => string;
}

/**
 * The local default: deposits are rows of its outbox (table bank_provider_outbox) with two random
 * amounts from 1 to 99 cents, different from each other, as providers send them. The owner reads them
 * on the outbox panel, where a real owner would read their bank statement.
 */
export class LocalBankProvider implements BankProvider {
  readonly name = 'local' as const;
  readonly simulated = true;
  constructor(private readonly options: LocalBankProviderOptions = {}) {}

  async sendMicroDeposits(
    db: Database,
    request: TMicroDepositRequest,
    at: Date,
  ): Promise<{ reference: string; microdepositType: TMicrodepositType }> {
    const fail = this.options.failWith;
    if (fail === 'unavailable' || request.accountNumber === SIMULATED_UNAVAILABLE_ACCOUNT)
      throw new BankProviderError('unavailable', 'simulated provider timeout');
    if (fail === 'refused' || request.accountNumber === SIMULATED_REFUSED_ACCOUNT)
      throw new BankProviderError('refused', 'simulated provider: account closed');
    const reference = `md_${randomBytes(9).toString('base64url')}`;
    if (request.accountNumber === SIMULATED_DESCRIPTOR_CODE_ACCOUNT) {
      // One $0.01 deposit whose statement descriptor carries the code, as Stripe sends it.
      const descriptorCode = this.options.descriptorCode?.() ?? randomDescriptorCode();
      await db.insert(bankProviderOutbox).values({
        nodeId: request.nodeId,
        reference,
        accountLast4: request.accountNumber.slice(-4),
        amount1Cents: 1,
        amount2Cents: 0,
        descriptorCode,
        createdAt: at,
      });
      return { reference, microdepositType: 'descriptor_code' as const };
    }
    const [amount1Cents, amount2Cents] = this.options.amounts?.() ?? randomPair();
    await db.insert(bankProviderOutbox).values({
      nodeId: request.nodeId,
      reference,
      accountLast4: request.accountNumber.slice(-4),
      amount1Cents,
      amount2Cents,
      createdAt: at,
    });
    return { reference, microdepositType: 'amounts' as const };
  }

  async markPosted(db: Database, reference: string, at: Date): Promise<void> {
    await db
      .update(bankProviderOutbox)
      .set({ postedAt: at })
      .where(and(eq(bankProviderOutbox.reference, reference), isNull(bankProviderOutbox.postedAt)));
  }

  async checkAmounts(db: Database, reference: string, [a, b]: [number, number]): Promise<TDepositCheck> {
    const [row] = await db
      .select({ a1: bankProviderOutbox.amount1Cents, a2: bankProviderOutbox.amount2Cents })
      .from(bankProviderOutbox)
      .where(eq(bankProviderOutbox.reference, reference));
    if (!row) return 'wrong';
    return (row.a1 === a && row.a2 === b) || (row.a1 === b && row.a2 === a) ? 'right' : 'wrong';
  }

  async checkDescriptorCode(db: Database, reference: string, code: string): Promise<TDepositCheck> {
    const [row] = await db
      .select({ code: bankProviderOutbox.descriptorCode })
      .from(bankProviderOutbox)
      .where(eq(bankProviderOutbox.reference, reference));
    return row?.code && row.code === code.toUpperCase() ? 'right' : 'wrong';
  }

  async check() {
    return { ok: true, detail: 'local stand-in' };
  }
}

const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomDescriptorCode(): string {
  let code = 'SM';
  for (let i = 0; i < 4; i += 1) code += CODE_CHARS[randomInt(0, CODE_CHARS.length)];
  return code;
}

function randomPair(): [number, number] {
  const first = randomInt(1, 100);
  let second = randomInt(1, 100);
  while (second === first) second = randomInt(1, 100);
  return [first, second];
}
