import type { TDomainSeedContext } from '../../db/domain-seeds.ts';

/** The work-hours domain's demo data, added once with the demo accounts (db/domain-seeds.ts). None yet. */
export async function seedWorkHoursDemo(_ctx: TDomainSeedContext): Promise<void> {}
