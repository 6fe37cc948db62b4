import type { TDomainSeedContext } from './seed-context.ts';

/** The business domain's demo data, added once with the demo accounts (demo/domain-seeds.ts). None yet. */
export async function seedBusinessDemo(_ctx: TDomainSeedContext): Promise<void> {}
