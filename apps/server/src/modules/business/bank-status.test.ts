import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, type TBankAccountStatus } from '../../db/schema/business.ts';
import { restaurants } from '../../db/schema/restaurants.ts';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { bankStatusOf, isBankVerified } from './bank-status.ts';

let ctx: TestContext;
let nodeId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const [r] = await ctx.db
    .select({ nodeId: restaurants.nodeId })
    .from(restaurants)
    .where(eq(restaurants.name, 'Harbor Bistro'));
  nodeId = r!.nodeId;
  await ctx.db.delete(bankAccounts).where(eq(bankAccounts.nodeId, nodeId));
});
afterAll(() => ctx.close());

describe('isBankVerified', () => {
  it('is false with no account, and true only in the verified state', async () => {
    expect(await bankStatusOf(ctx.db, nodeId)).toBeNull();
    expect(await isBankVerified(ctx.db, nodeId)).toBe(false);
    await ctx.db.insert(bankAccounts).values({
      nodeId,
      holderName: 'Grace Miller',
      accountType: 'checking',
      routingNumber: '011000015',
      accountNumberEnc: 'x',
      accountLast4: '6789',
      providerCustomerId: 'cus_test',
      status: 'pending_deposit',
    });
    const seen: Record<string, boolean> = {};
    for (const status of ['pending_deposit', 'awaiting_verification', 'failed', 'expired', 'verified'] as const) {
      await ctx.db
        .update(bankAccounts)
        .set({ status: status satisfies TBankAccountStatus })
        .where(eq(bankAccounts.nodeId, nodeId));
      seen[status] = await isBankVerified(ctx.db, nodeId);
    }
    expect(seen).toEqual({
      pending_deposit: false,
      awaiting_verification: false,
      failed: false,
      expired: false,
      verified: true,
    });
    // Another node is unaffected.
    expect(await isBankVerified(ctx.db, nodeId + 100000)).toBe(false);
  });
});
