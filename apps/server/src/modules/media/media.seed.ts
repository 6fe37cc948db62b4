import type { TDomainSeedContext } from '../../db/domain-seeds.ts';

/** The media domain's demo data, added once with the demo accounts (db/domain-seeds.ts). None yet. */
export async function seedMediaDemo(_ctx: TDomainSeedContext): Promise<void> {}
