import type { Database } from './client.ts';
import { auditLog } from './schema/audit.ts';

export interface TAuditEntry {
  restaurantId: number | null;
  actorUserId: number | null;
  /** Dotted verb, e.g. 'restaurant.update', 'restaurant.config.update'. */
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
  ip?: string;
  /** When it happened, from the server's Clock; the database's own time when absent. */
  at?: Date;
}

export class AuditRepository {
  constructor(private readonly db: Database) {}

  /**
   * Writes on the repository's connection: one made with a transaction (`new AuditRepository(tx)`)
   * writes the row in that transaction, so the change and its record commit or roll back together.
   */
  async record(entry: TAuditEntry): Promise<void> {
    await this.recordMany([entry]);
  }

  async recordMany(entries: readonly TAuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db.insert(auditLog).values(
      entries.map((entry) => ({
        restaurantId: entry.restaurantId,
        actorUserId: entry.actorUserId,
        action: entry.action,
        targetType: entry.targetType ?? null,
        targetId: entry.targetId ?? null,
        details: entry.details ?? {},
        ip: entry.ip ?? null,
        ...(entry.at ? { createdAt: entry.at } : {}),
      })),
    );
  }
}
