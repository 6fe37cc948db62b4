import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import { bankAccounts, bankProviderOutbox, type TBankAccountStatus } from '../../db/schema/business.ts';
import { restaurants } from '../../db/schema/restaurants.ts';

export type TBankAccountRow = typeof bankAccounts.$inferSelect;
export type TBankAccountInsert = typeof bankAccounts.$inferInsert;
export type TBankAccountChange = Partial<Omit<TBankAccountInsert, 'id' | 'nodeId'>>;
export type TBankOutboxRow = typeof bankProviderOutbox.$inferSelect;

/** The only place with bank-account SQL: accounts are keyed by node (a restaurant's or an agent's). */
export class BankRepository {
  constructor(private readonly db: Database) {}

  /**
   * Runs `work` in one transaction with this repository and the audit log bound to it; `tx` is for the
   * bank provider adapter, which writes its outbox in the same transaction.
   */
  transaction<T>(work: (repo: BankRepository, audit: AuditRepository, tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new BankRepository(tx), new AuditRepository(tx), tx));
  }

  /** The node of a restaurant, or null when there is no such restaurant. */
  async restaurantNode(restaurantId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ nodeId: restaurants.nodeId })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    return row?.nodeId ?? null;
  }

  /** The node's account state, or null when none has been linked. */
  async statusOf(nodeId: number): Promise<TBankAccountStatus | null> {
    const [row] = await this.db
      .select({ status: bankAccounts.status })
      .from(bankAccounts)
      .where(eq(bankAccounts.nodeId, nodeId))
      .limit(1);
    return row?.status ?? null;
  }

  /** What charging the node's verified account needs at the provider (customer, setup reference). */
  async paymentAccount(nodeId: number): Promise<{ customerId: string; providerRef: string | null } | null> {
    const [row] = await this.db
      .select({ customerId: bankAccounts.providerCustomerId, providerRef: bankAccounts.providerRef })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.nodeId, nodeId), eq(bankAccounts.status, 'verified')))
      .limit(1);
    return row ?? null;
  }

  /** The node whose account the provider knows by `providerRef` (a webhook names it so). */
  async nodeOfProviderRef(providerRef: string): Promise<number | null> {
    const [row] = await this.db
      .select({ nodeId: bankAccounts.nodeId })
      .from(bankAccounts)
      .where(eq(bankAccounts.providerRef, providerRef))
      .limit(1);
    return row?.nodeId ?? null;
  }

  /** The node's account, held until the transaction ends. */
  async lockByNode(nodeId: number): Promise<TBankAccountRow | undefined> {
    const [row] = await this.db.select().from(bankAccounts).where(eq(bankAccounts.nodeId, nodeId)).for('update');
    return row;
  }

  /** Whether the node has an account, holding it until the transaction ends. */
  async lockIdByNode(nodeId: number): Promise<number | undefined> {
    const [row] = await this.db
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(eq(bankAccounts.nodeId, nodeId))
      .for('update');
    return row?.id;
  }

  async insert(values: TBankAccountInsert): Promise<TBankAccountRow> {
    const [row] = await this.db.insert(bankAccounts).values(values).returning();
    return row!;
  }

  async update(id: number, change: TBankAccountChange): Promise<TBankAccountRow | undefined> {
    const [row] = await this.db.update(bankAccounts).set(change).where(eq(bankAccounts.id, id)).returning();
    return row;
  }

  async deleteByNode(nodeId: number): Promise<TBankAccountRow | undefined> {
    const [row] = await this.db.delete(bankAccounts).where(eq(bankAccounts.nodeId, nodeId)).returning();
    return row;
  }

  /** A pending account's deposits arrive at `at`; false when the node has no account waiting for them. */
  async moveArrival(nodeId: number, at: Date): Promise<boolean> {
    const [row] = await this.db
      .update(bankAccounts)
      .set({ depositsArriveAt: at })
      .where(and(eq(bankAccounts.nodeId, nodeId), eq(bankAccounts.status, 'pending_deposit')))
      .returning({ id: bankAccounts.id });
    return row !== undefined;
  }

  /** The simulated provider's deposits to the node, newest first. */
  outbox(nodeId: number, limit: number): Promise<TBankOutboxRow[]> {
    return this.db
      .select()
      .from(bankProviderOutbox)
      .where(eq(bankProviderOutbox.nodeId, nodeId))
      .orderBy(desc(bankProviderOutbox.createdAt), desc(bankProviderOutbox.id))
      .limit(limit);
  }
}
