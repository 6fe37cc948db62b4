import type { Database } from '../db/client.ts';

/** What every domain's demo seed is given. */
export interface TDomainSeedContext {
  db: Database;
  /** The instant the demo is written as of (the server clock or CLOCK_NOW), never the wall clock. */
  now: Date;
}
