import type { Database } from '../db/client.ts';

/** What every domain's demo seed is given. */
export interface TDomainSeedContext {
  db: Database;
  /** The instant the demo is written as of (the server clock or CLOCK_NOW), never the wall clock. */
  now: Date;
  /**
   * Demo orders are added after the domains (a first `npm start`, the browser suite): a seed whose
   * records are computed from orders (a closed pay period's kept tips) leaves that step to run after them.
   */
  ordersFollow?: boolean;
}
