import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';

export interface TAuditEntry {
  restaurantId: number | null;
  actorUserId: number | null;
  /** Dotted verb, e.g. 'restaurant.update', 'restaurant.config.update'. */
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
  ip?: string;
}

export class AuditRepository {
  constructor(private readonly db: Database) {}

  async record(entry: TAuditEntry): Promise<void> {
    await this.db.insert(auditLog).values({
      restaurantId: entry.restaurantId,
      actorUserId: entry.actorUserId,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      details: entry.details ?? {},
      ip: entry.ip ?? null,
    });
  }
}
