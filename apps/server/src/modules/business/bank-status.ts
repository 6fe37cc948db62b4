import type { Database } from '../../db/client.ts';
import type { TBankAccountStatus } from '../../db/schema/business.ts';
import { BankRepository } from './bank.repository.ts';

/**
 * "Bank linked and verified" for a node (a restaurant's node or an agent's node): the one check later
 * features use before moving money (SMS campaigns: 'Please link bank information first'; agent
 * paychecks). Only a `verified` account counts; pending, awaiting, failed, expired or none is false.
 * `db` may be a transaction. Other modules ask through TBusinessApi (business.module.ts).
 */
export async function isBankVerified(db: Database, nodeId: number): Promise<boolean> {
  return (await bankStatusOf(db, nodeId)) === 'verified';
}

/** The node's bank account state, or null when none has been linked. */
export async function bankStatusOf(db: Database, nodeId: number): Promise<TBankAccountStatus | null> {
  return new BankRepository(db).statusOf(nodeId);
}
