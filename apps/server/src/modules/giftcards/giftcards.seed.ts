import type { TDomainSeedContext } from '../../db/domain-seeds.ts';

/** The giftcards domain's demo data, added once with the demo accounts (db/domain-seeds.ts). None yet. */
export async function seedGiftcardsDemo(_ctx: TDomainSeedContext): Promise<void> {}
