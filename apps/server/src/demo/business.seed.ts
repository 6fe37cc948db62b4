import { sql } from 'drizzle-orm';
import type { TDomainSeedContext } from './seed-context.ts';
import type { Database } from '../db/client.ts';
import { num, rowsOf } from '../db/sql-util.ts';
import { createBankService } from '../modules/business/business.module.ts';
import { LocalBankProvider } from '../modules/business/bank-provider.ts';
import type { TModuleDeps } from '../modules/module-deps.ts';

/** The business domain's demo data, added once with the demo accounts (demo/domain-seeds.ts). None yet. */
export async function seedBusinessDemo(_ctx: TDomainSeedContext): Promise<void> {}

/**
 * The owner's restaurant has a linked, verified bank account, so SMS campaigns can be sent on a first
 * start (issue 25); the other restaurants keep none, so the rule ('Please link bank information first')
 * can be seen at Golden Dragon. Linked the way an owner does it, through the bank service and the local
 * provider: link, the two deposits post, the amounts read off the provider's outbox are entered.
 * `accountKey` is the key the server encrypts account numbers with (config.jwtSecret).
 */
export async function seedDemoBankAccount(db: Database, now: Date, accountKey: string): Promise<void> {
  const [owner] = await rowsOf(
    db,
    sql`select u.id, u.restaurant_id, r.node_id from users u join restaurants r on r.id = u.restaurant_id
        where u.email = 'owner@demo.test'`,
  );
  if (!owner) return;
  const nodeId = num(owner.node_id);
  const [linked] = await rowsOf(db, sql`select count(*) as n from bank_accounts where node_id = ${nodeId}`);
  if (num(linked?.n) > 0) return;
  // Linked two weeks before `now`; the deposits posted the next business day and were entered then.
  const linkedAt = new Date(now.getTime() - 14 * 86_400_000);
  const postedAt = new Date(linkedAt.getTime() + 86_400_000);
  const bankAt = (instant: Date) =>
    createBankService(
      // The bank service reads only the account-number key from the configuration.
      { db, clock: { now: () => instant }, config: { jwtSecret: accountKey } as TModuleDeps['config'] },
      new LocalBankProvider(),
    );
  const actor = { userId: num(owner.id), restaurantId: num(owner.restaurant_id), ip: '127.0.0.1' };
  await bankAt(linkedAt).link(
    nodeId,
    {
      holderName: 'Harbor Bistro LLC',
      accountType: 'checking',
      routingNumber: '011000138',
      accountNumber: '000123456789',
      providerCustomerId: 'cus_HarborBistro01',
    },
    actor,
  );
  const bank = bankAt(postedAt);
  await bank.postNow(nodeId, actor);
  const sent = (await bank.outbox(nodeId)).items[0];
  if (!sent) return;
  await bank.verify(nodeId, { amounts: [sent.amount1Cents, sent.amount2Cents] }, actor);
}
