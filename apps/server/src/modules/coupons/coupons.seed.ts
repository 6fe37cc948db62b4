import type { TDomainSeedContext } from '../../db/domain-seeds.ts';

/** The coupons domain's demo data, added once with the demo accounts (db/domain-seeds.ts). None yet. */
export async function seedCouponsDemo(_ctx: TDomainSeedContext): Promise<void> {}
