import type { EmailSender } from '../adapters/email/email-sender.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { JobQueue } from '../lib/jobs/job-queue.ts';
import type { AuditRepository } from '../db/audit.repository.ts';
import type { TNodeApi } from './node/node.module.ts';
import type { TOrdersApi } from './orders/orders.module.ts';
import type { TRestaurantApi } from './restaurant/restaurant.module.ts';

/**
 * What a domain module is given when the app is assembled (app.ts). A module builds its own
 * repositories and services from these and returns its routes; it never reaches into another
 * module's repository, only into the services listed here.
 */
export interface TModuleDeps {
  db: Database;
  config: AppConfig;
  /** The one source of "now" (lib/clock.ts): never call Date.now() in a module. */
  clock: Clock;
  audit: AuditRepository;
  email: EmailSender;
  nodes: TNodeApi;
  restaurants: TRestaurantApi;
  orders: TOrdersApi;
  /** Background jobs (lib/jobs/job-queue.ts): register workers when the module is built. */
  jobs: JobQueue;
}

export type { TModule } from './module-type.ts';
