import type { TDomainSeedContext } from '../../db/domain-seeds.ts';

/** The devices domain's demo data, added once with the demo accounts (db/domain-seeds.ts). None yet. */
export async function seedDevicesDemo(_ctx: TDomainSeedContext): Promise<void> {}
