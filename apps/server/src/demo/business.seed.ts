import type { TDomainSeedContext } from './domain-seeds.ts';

/** The business domain's demo data, added once with the demo accounts (demo/domain-seeds.ts). None yet. */
export async function seedBusinessDemo(_ctx: TDomainSeedContext): Promise<void> {}
