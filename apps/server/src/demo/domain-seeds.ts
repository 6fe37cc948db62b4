import type { TDomainSeedContext } from './seed-context.ts';
import { seedMediaDemo } from './media.seed.ts';
import { seedMenuDemo } from './menu.seed.ts';
import { seedBusinessDemo } from './business.seed.ts';
import { seedDevicesDemo } from './devices.seed.ts';
import { seedDeliveryDemo } from './delivery.seed.ts';
import { seedCouponsDemo } from './coupons.seed.ts';
import { seedGiftcardsDemo } from './giftcards.seed.ts';
import { seedRewardsDemo } from './rewards.seed.ts';
import { seedWorkHoursDemo } from './work-hours.seed.ts';
import { seedTipsDemo } from './tips.seed.ts';
import { seedAgentDemo } from './agent.seed.ts';
import { seedCustomersDemo } from './customers.seed.ts';
import { seedReportMailDemo } from './report-mail.seed.ts';
import { seedInsightDemo } from './insight.seed.ts';
import { seedSegmentsDemo } from './segments.seed.ts';

export type { TDomainSeedContext };

/**
 * Each domain's demo data, in dependency order (the menu before coupons and delivery, business info
 * before customers and the agent's paychecks). Runs once, right after the demo accounts are made, so
 * every test context and a first `npm start` see a living restaurant. Each step must stay small: it
 * runs for every server test file.
 */
export const DOMAIN_SEEDS: ReadonlyArray<readonly [string, (ctx: TDomainSeedContext) => Promise<void>]> = [
  ['media', seedMediaDemo],
  ['menu', seedMenuDemo],
  ['business', seedBusinessDemo],
  ['devices', seedDevicesDemo],
  ['delivery', seedDeliveryDemo],
  ['coupons', seedCouponsDemo],
  ['giftcards', seedGiftcardsDemo],
  ['rewards', seedRewardsDemo],
  ['work-hours', seedWorkHoursDemo],
  ['tips', seedTipsDemo],
  ['agent', seedAgentDemo],
  ['customers', seedCustomersDemo],
  ['report-mail', seedReportMailDemo],
  ['insight', seedInsightDemo],
  ['segments', seedSegmentsDemo],
];

export async function seedDomains(ctx: TDomainSeedContext): Promise<void> {
  for (const [name, seed] of DOMAIN_SEEDS) {
    try {
      await seed(ctx);
    } catch (error) {
      throw new Error(`demo data for ${name} failed: ${(error as Error).message}`, { cause: error });
    }
  }
}
