import { eq } from 'drizzle-orm';
import { bankAccounts } from '../../db/schema/business.ts';
import { restaurants } from '../../db/schema/restaurants.ts';
import { users } from '../../db/schema/users.ts';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { as, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createPerson, restaurantByName } from '../team/team.test-support.ts';
import { smsAuthTokenFor } from './customers.module.ts';
import { twilioSignature } from './sms-sender.ts';

/** What the customers and segments tests share: Harbor Bistro with a verified bank, and a second owner. */

/** A webhook call to `path` as Twilio would sign it (with the configured token, or `token` to forge one). */
export function signedTwilio(
  ctx: TestContext,
  path: string,
  params: Record<string, string>,
  token = smsAuthTokenFor(ctx.config),
) {
  return {
    method: 'POST' as const,
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(token, `http://localhost:80${path}`, params),
      host: 'localhost:80',
    },
    payload: new URLSearchParams(params).toString(),
  };
}

/**
 * Harbor Bistro (the demo owner's restaurant) with a verified bank account on the card provider's
 * customer `cus_test`, so campaigns can be charged; and Golden Dragon's owner, who must see none of it.
 */
export async function harborWithVerifiedBank(ctx: TestContext) {
  const dragon = await restaurantByName(ctx.db, '金龙餐厅 Golden Dragon');
  await createPerson(ctx.db, dragon, {
    email: 'owner@dragon.test',
    existingRole: 'Owner',
    firstName: 'Wei',
    lastName: 'Zhang',
  });
  const dragonOwner = as(ctx.app, await tokenFor(ctx.app, 'owner@dragon.test'));
  const [row] = await ctx.db.select({ id: users.restaurantId }).from(users).where(eq(users.email, DEMO_EMAILS.owner));
  const harborId = row!.id!;
  const [r] = await ctx.db.select({ nodeId: restaurants.nodeId }).from(restaurants).where(eq(restaurants.id, harborId));
  const harborNode = r!.nodeId;
  await ctx.db
    .insert(bankAccounts)
    .values({
      nodeId: harborNode,
      holderName: 'Harbor Bistro LLC',
      accountType: 'checking',
      routingNumber: '011000015',
      accountNumberEnc: 'x',
      accountLast4: '6789',
      providerCustomerId: 'cus_test',
      status: 'verified',
    })
    .onConflictDoUpdate({ target: bankAccounts.nodeId, set: { status: 'verified' } });
  return { harborId, harborNode, dragonOwner };
}
