import { randomInt } from 'node:crypto';
import {
  MAX_VERIFY_ATTEMPTS,
  VERIFY_WINDOW_DAYS,
  type TBankAccountView,
  type TBankOutbox,
  type TLinkBankRequest,
} from '@ra/shared/business/business.schemas';
import { businessMessage } from '@ra/shared/business/business.messages';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { AuditRepository } from '../../db/audit.repository.ts';
import type { AccountNumberCipher } from './bank-crypto.ts';
import { BankProviderError, type BankProvider } from './bank-provider.ts';
import type { BankRepository, TBankAccountRow } from './bank.repository.ts';

type TRow = TBankAccountRow;

/** Error codes of this domain's refusals (4xx00 + a small number, like the shared codes). */
const conflict = (key: Parameters<typeof businessMessage>[0]) => new AppError(409, 40901, businessMessage(key));

export const BANK_DEPOSITS_JOB = 'business.bank.deposits-posted';
export const BANK_EXPIRY_JOB = 'business.bank.expire';

const DAY_MS = 86_400_000;

/** `at` plus n business days (Monday to Friday), at the same time of day. */
export function addBusinessDays(at: Date, n: number): Date {
  const d = new Date(at.getTime());
  let left = n;
  while (left > 0) {
    d.setTime(d.getTime() + DAY_MS);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left -= 1;
  }
  return d;
}

export interface TBankActor {
  userId: number | null;
  /** The restaurant the audit row belongs to; null for an agent node's account. */
  restaurantId: number | null;
  ip?: string;
}

/** What the owner read off the statement: two amounts in cents, or the deposit's descriptor code. */
export type TDepositReading = { amounts: [number, number] } | { descriptorCode: string };

export type TVerifyOutcome = { outcome: 'verified' | 'wrong' | 'failed'; message: string; account: TBankAccountView };

/**
 * Bank accounts by node and their micro-deposit verification (SPEC 3 "Bank account", SPEC 4):
 *
 *   link -> pending_deposit --(deposits post, 1 to 3 business days)--> awaiting_verification
 *   awaiting_verification --(right amounts)--> verified
 *   awaiting_verification --(3rd wrong try)--> failed
 *   pending_deposit | awaiting_verification --(10 days after sending)--> expired
 *   any --(reset)--> no account (link again)
 *
 * Time-driven steps run on the job queue, and are also applied whenever the account is read, so a
 * queue that is late (or a server that was down) never shows a stale state.
 */
export class BankService {
  constructor(
    private readonly repo: BankRepository,
    /** The audit log outside a transaction (inside one, the repository's transaction hands its own). */
    private readonly audit: AuditRepository,
    private readonly clock: Clock,
    private readonly cipher: AccountNumberCipher,
    private readonly provider: BankProvider,
    private readonly jobs: JobQueue | undefined,
    /** Business days until deposits post; random 1 to 3 as providers promise. */
    private readonly depositDays: () => number = () => randomInt(1, 4),
  ) {}

  /** Registers the queue workers (called once when the module is built). */
  async registerWorkers(): Promise<void> {
    if (!this.jobs) return;
    await this.jobs.work<{ nodeId: number }>(BANK_DEPOSITS_JOB, async (job) => {
      await this.advance(job.data.nodeId);
    });
    await this.jobs.work<{ nodeId: number }>(BANK_EXPIRY_JOB, async (job) => {
      await this.advance(job.data.nodeId);
    });
  }

  async view(nodeId: number): Promise<TBankAccountView | null> {
    const row = await this.advance(nodeId);
    return row ? toView(row) : null;
  }

  async link(nodeId: number, input: TLinkBankRequest, actor: TBankActor): Promise<TBankAccountView> {
    const now = this.clock.now();
    let arriveAt = addBusinessDays(now, this.depositDays());
    const expiresAt = new Date(now.getTime() + VERIFY_WINDOW_DAYS * DAY_MS);
    let row: TRow;
    try {
      row = await this.repo.transaction(async (repo, audit, tx) => {
        const existing = await repo.lockIdByNode(nodeId);
        if (existing !== undefined) throw conflict('business.bankAlreadyLinked');
        const sent = await this.provider.sendMicroDeposits(tx, { nodeId, ...input }, now);
        const reference = sent.reference;
        if (sent.arriveAt) arriveAt = sent.arriveAt;
        const microdepositType = sent.microdepositType ?? 'amounts';
        const inserted = await repo.insert({
          nodeId,
          holderName: input.holderName,
          accountType: input.accountType,
          routingNumber: input.routingNumber,
          accountNumberEnc: this.cipher.encrypt(input.accountNumber),
          accountLast4: input.accountNumber.slice(-4),
          providerCustomerId: input.providerCustomerId,
          status: 'pending_deposit',
          providerRef: reference,
          microdepositType,
          depositsSentAt: now,
          depositsArriveAt: arriveAt,
          expiresAt,
          createdAt: now,
          updatedAt: now,
        });
        await audit.record({
          ...this.auditBase(actor, nodeId),
          action: 'business.bank.link',
          details: { after: auditView(inserted) },
        });
        return inserted;
      });
    } catch (error) {
      if (error instanceof BankProviderError)
        throw new AppError(
          error.kind === 'refused' ? 400 : 503,
          error.kind === 'refused' ? 40000 : 50300,
          businessMessage(error.kind === 'refused' ? 'business.providerRefused' : 'business.providerUnavailable'),
          { cause: error },
        );
      throw error;
    }
    // After the commit (job-queue.ts: never send from inside a transaction).
    if (this.jobs) {
      const jobId = await this.jobs.send(BANK_DEPOSITS_JOB, { nodeId }, { startAfter: arriveAt });
      await this.jobs.send(BANK_EXPIRY_JOB, { nodeId }, { startAfter: expiresAt });
      if (jobId) await this.repo.update(row.id, { depositJobId: jobId });
    }
    return toView(row);
  }

  /**
   * The owner's reading of the statement: the two amounts, or the descriptor code when the provider
   * verifies the account that way (the account's `microdepositType`; the other reading is refused).
   */
  async verify(nodeId: number, reading: TDepositReading, actor: TBankActor): Promise<TVerifyOutcome> {
    try {
      return await this.verifyOnce(nodeId, reading, actor);
    } catch (error) {
      if (error instanceof BankProviderError)
        throw new AppError(503, 50300, businessMessage('business.providerUnavailable'), { cause: error });
      throw error;
    }
  }

  private async verifyOnce(nodeId: number, reading: TDepositReading, actor: TBankActor): Promise<TVerifyOutcome> {
    await this.advance(nodeId);
    const result = await this.repo.transaction(async (repo, audit, tx) => {
      const row = await repo.lockByNode(nodeId);
      if (!row) throw conflict('business.bankNotLinked');
      if (row.status === 'failed') throw conflict('business.bankVerifyFailed');
      if (row.status === 'expired') throw conflict('business.bankExpired');
      if (row.status !== 'awaiting_verification') throw conflict('business.bankNotAwaiting');
      const byCode = 'descriptorCode' in reading;
      if (byCode !== (row.microdepositType === 'descriptor_code'))
        throw conflict(byCode ? 'business.bankVerifiesByAmounts' : 'business.bankVerifiesByCode');
      const now = this.clock.now();
      const check =
        'descriptorCode' in reading
          ? await this.provider.checkDescriptorCode(tx, row.providerRef ?? '', reading.descriptorCode)
          : await this.provider.checkAmounts(tx, row.providerRef ?? '', reading.amounts);
      const right = check === 'right';
      const attempts = right ? row.attempts : row.attempts + 1;
      // The provider's own limit and window count too (Stripe: attempts_exceeded, verification_timeout).
      const status = right
        ? 'verified'
        : check === 'expired'
          ? 'expired'
          : check === 'locked' || attempts >= MAX_VERIFY_ATTEMPTS
            ? 'failed'
            : 'awaiting_verification';
      const updated = await repo.update(row.id, {
        status,
        attempts,
        updatedAt: now,
        ...(right ? { verifiedAt: now } : {}),
        ...(status === 'failed' ? { failureReason: 'too_many_attempts' } : {}),
        ...(status === 'expired' ? { failureReason: 'expired' } : {}),
      });
      await audit.record({
        ...this.auditBase(actor, nodeId),
        action: 'business.bank.verify',
        details: { before: auditView(row), after: auditView(updated!), right },
      });
      return updated!;
    });
    if (result.status === 'expired') throw conflict('business.bankExpired');
    const outcome = result.status === 'verified' ? 'verified' : result.status === 'failed' ? 'failed' : 'wrong';
    const message =
      outcome === 'verified'
        ? 'Bank account verified'
        : businessMessage(
            outcome === 'failed'
              ? 'business.bankVerifyFailed'
              : 'descriptorCode' in reading
                ? 'business.descriptorCodeWrong'
                : 'business.depositsWrong',
          );
    return { outcome, message, account: toView(result) };
  }

  /** Charging needs: the verified account's provider customer and setup reference, or null. */
  paymentAccount(nodeId: number) {
    return this.repo.paymentAccount(nodeId);
  }

  /**
   * The provider's word on a verification (a signed webhook: Stripe's setup_intent.succeeded when the
   * owner verified on Stripe's own page, setup_intent.setup_failed when the deposits bounced). Only an
   * account still waiting moves; answers whether one did.
   */
  async providerOutcome(providerRef: string, outcome: 'verified' | 'failed', reason: string | null): Promise<boolean> {
    const nodeId = await this.repo.nodeOfProviderRef(providerRef);
    if (nodeId === null) return false;
    return this.repo.transaction(async (repo, audit) => {
      const row = await repo.lockByNode(nodeId);
      if (!row || row.providerRef !== providerRef) return false;
      if (row.status !== 'pending_deposit' && row.status !== 'awaiting_verification') return false;
      const now = this.clock.now();
      const updated = await repo.update(row.id, {
        status: outcome,
        updatedAt: now,
        ...(outcome === 'verified'
          ? { verifiedAt: now }
          : { failureReason: (reason ?? 'provider_failed').slice(0, 60) }),
      });
      await audit.record({
        ...this.auditBase({ userId: null, restaurantId: null }, nodeId),
        action: 'business.bank.providerEvent',
        details: { before: auditView(row), after: auditView(updated!) },
      });
      return true;
    });
  }

  /** Removes the account (any state) so a new one can be linked; the provider's outbox keeps its rows. */
  async reset(nodeId: number, actor: TBankActor): Promise<void> {
    const removed = await this.repo.transaction(async (repo, audit) => {
      const row = await repo.deleteByNode(nodeId);
      if (!row) throw notFound();
      await audit.record({
        ...this.auditBase(actor, nodeId),
        action: 'business.bank.reset',
        details: { before: auditView(row) },
      });
      return row;
    });
    if (this.jobs && removed.depositJobId) await this.jobs.cancel(BANK_DEPOSITS_JOB, removed.depositJobId);
  }

  /** The provider outbox for this node (simulated provider only): what was "sent" to the bank. */
  async outbox(nodeId: number): Promise<TBankOutbox> {
    if (!this.provider.simulated) return { simulated: false, items: [] };
    await this.advance(nodeId);
    const rows = await this.repo.outbox(nodeId, 20);
    return {
      simulated: true,
      items: rows.map((r) => ({
        reference: r.reference,
        accountLast4: r.accountLast4,
        // Unposted deposits have not reached the statement yet: their amounts are not shown.
        amount1Cents: r.postedAt ? r.amount1Cents : 0,
        amount2Cents: r.postedAt ? r.amount2Cents : 0,
        descriptorCode: r.postedAt ? r.descriptorCode : null,
        postedAt: r.postedAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  /** Simulated provider: the pending deposits post now instead of in 1 to 3 business days. */
  async postNow(nodeId: number, actor: TBankActor): Promise<TBankAccountView> {
    if (!this.provider.simulated) throw notFound();
    const now = this.clock.now();
    if (!(await this.repo.moveArrival(nodeId, now))) throw conflict('business.bankNotAwaiting');
    await this.audit.record({
      ...this.auditBase(actor, nodeId),
      action: 'business.bank.simulatePosted',
    });
    const view = await this.view(nodeId);
    return view!;
  }

  /**
   * Applies the time-driven steps due by now (deposits posted, verification expired) and answers the
   * row. Idempotent: the queue's jobs and every read call it.
   */
  async advance(nodeId: number): Promise<TRow | null> {
    const now = this.clock.now();
    return this.repo.transaction(async (repo, audit, tx) => {
      const row = await repo.lockByNode(nodeId);
      if (!row) return null;
      let next: TRow | undefined = row;
      if (
        (row.status === 'pending_deposit' || row.status === 'awaiting_verification') &&
        row.expiresAt &&
        row.expiresAt <= now
      ) {
        next = await repo.update(row.id, { status: 'expired', failureReason: 'expired', updatedAt: now });
        await audit.record({
          restaurantId: null,
          actorUserId: null,
          action: 'business.bank.expired',
          targetType: 'node',
          targetId: String(nodeId),
          at: now,
        });
      } else if (row.status === 'pending_deposit' && row.depositsArriveAt && row.depositsArriveAt <= now) {
        await this.provider.markPosted(tx, row.providerRef ?? '', now);
        next = await repo.update(row.id, { status: 'awaiting_verification', updatedAt: now });
      }
      return next ?? null;
    });
  }

  private auditBase(actor: TBankActor, nodeId: number) {
    return {
      restaurantId: actor.restaurantId,
      actorUserId: actor.userId,
      targetType: 'node',
      targetId: String(nodeId),
      ip: actor.ip,
      at: this.clock.now(),
    };
  }
}

function toView(row: TRow): TBankAccountView {
  return {
    holderName: row.holderName,
    accountType: row.accountType as TBankAccountView['accountType'],
    routingNumber: row.routingNumber,
    accountLast4: row.accountLast4,
    providerCustomerId: row.providerCustomerId,
    status: row.status,
    attemptsLeft: Math.max(0, MAX_VERIFY_ATTEMPTS - row.attempts),
    depositsSentAt: row.depositsSentAt?.toISOString() ?? null,
    depositsArriveBy: row.depositsArriveAt?.toISOString() ?? null,
    microdepositType: row.microdepositType,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    failureReason: row.failureReason,
  };
}

/** What the audit trail keeps: never the account number, not even encrypted. */
function auditView(row: TRow) {
  const { accountNumberEnc: _enc, ...rest } = row;
  return { ...rest, accountNumber: `****${row.accountLast4}` };
}
