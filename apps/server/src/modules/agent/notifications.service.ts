import { sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { TInboxResponse, TNotificationReads, TSentNotification } from '@ra/shared/agent/agent.schemas';
import type { AuthContext } from '../../lib/auth-context.ts';
import { requireRestaurantId } from '../../lib/auth-context.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import { intArray, isoOrNull, num, rowsOf, strOrNull, type AgentRepository } from './agent.repository.ts';
import { fieldError, refuse, type TAgentScope } from './agent-scope.ts';

/** Issue 13: a PDF or an image, its type read from its bytes, never from its name or the browser's word. */
export const NOTIFICATION_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export interface TUpload {
  fileName: string;
  bytes: Buffer;
}

/** The file's real type, or a 400 naming the field. */
export async function checkUpload(upload: TUpload): Promise<string> {
  const type = await fileTypeFromBuffer(upload.bytes);
  if (!type || !NOTIFICATION_FILE_TYPES.includes(type.mime)) throw fieldError('file', 'agent.fileType');
  return type.mime;
}

/**
 * The notification center (issue 13): an agent writes to restaurants of their subtree in English and
 * Chinese, with an optional file; one delivery row per restaurant, all in one transaction. Restaurants
 * read theirs in the top bar's bell; the agent sees who read it and when.
 */
export class NotificationsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly repo: AgentRepository,
  ) {}

  async send(
    scope: TAgentScope,
    input: {
      all: boolean;
      restaurantXids: string[];
      nodeXids: string[];
      messageEn: string;
      messageZh: string;
      file: TUpload | null;
    },
    ip: string,
  ): Promise<{ ok: true; id: number; recipients: number }> {
    const targets = input.all
      ? await this.repo.allRestaurantIds(scope.path, scope.restaurantIds)
      : await this.chosen(scope, input.restaurantXids, input.nodeXids);
    if (targets.length === 0) throw fieldError('restaurantXids', 'agent.recipientsRequired');
    const mime = input.file ? await checkUpload(input.file) : null;
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      let fileId: number | null = null;
      if (input.file && mime) {
        const [file] = await rowsOf(
          tx,
          sql`insert into agent_files (agent_node_id, file_name, mime, size_bytes, content, created_at)
              values (${scope.nodeId}, ${input.file.fileName}, ${mime}, ${input.file.bytes.length},
                      ${sql.param(input.file.bytes)}, ${now.toISOString()}::timestamptz)
              returning id`,
        );
        fileId = num(file?.id);
      }
      const [row] = await rowsOf(
        tx,
        sql`insert into agent_notifications (agent_node_id, sender_user_id, message_en, message_zh, file_id, created_at)
            values (${scope.nodeId}, ${scope.userId}, ${input.messageEn}, ${input.messageZh}, ${fileId},
                    ${now.toISOString()}::timestamptz)
            returning id`,
      );
      const id = num(row?.id);
      await tx.execute(
        sql`insert into agent_notification_deliveries (notification_id, restaurant_id)
            select ${id}, unnest(${intArray(targets)})`,
      );
      await new AuditRepository(tx).record({
        restaurantId: null,
        actorUserId: scope.userId,
        action: 'agent.notification.send',
        targetType: 'notification',
        targetId: String(id),
        details: { recipients: targets.length, fileId },
        ip,
        at: now,
      });
      return { ok: true as const, id, recipients: targets.length };
    });
  }

  /**
   * The restaurants picked by search (each must be in reach) and by tree: a ticked node, which must lie
   * in the caller's subtree (403 otherwise), stands for every restaurant under it that the caller
   * reaches (for a member, the assigned ones). Each restaurant once.
   */
  private async chosen(scope: TAgentScope, restaurantXids: string[], nodeXids: string[]): Promise<number[]> {
    const picked = await this.repo.restaurantsByXid(scope.path, scope.restaurantIds, restaurantXids);
    if (picked.length !== new Set(restaurantXids).size) throw fieldError('restaurantXids', 'agent.restaurantNotInTree');
    const nodes = await this.repo.nodesByXid(scope.path, scope.restaurantIds, nodeXids);
    if (nodes.length !== new Set(nodeXids).size) throw refuse('agent.nodeNotInTree');
    const under = await this.repo.restaurantIdsUnder(
      scope.path,
      scope.restaurantIds,
      nodes.map((n) => n.path),
    );
    return [...new Set([...picked.map((r) => r.id), ...under])];
  }

  private sentOf(r: Record<string, unknown>): TSentNotification {
    return {
      id: num(r.id),
      messageEn: String(r.message_en),
      messageZh: String(r.message_zh),
      fileName: strOrNull(r.file_name),
      sentAt: isoOrNull(r.created_at) ?? '',
      sender: String(r.sender ?? ''),
      recipients: num(r.recipients),
      read: num(r.read),
    };
  }

  private sentQuery(scope: TAgentScope) {
    return sql`select m.id, m.message_en, m.message_zh, m.created_at, f.file_name,
                      trim(u.first_name || ' ' || u.last_name) as sender,
                      (select count(*) from agent_notification_deliveries d where d.notification_id = m.id) as recipients,
                      (select count(*) from agent_notification_deliveries d where d.notification_id = m.id and d.read_at is not null) as read
               from agent_notifications m left join agent_files f on f.id = m.file_id
               left join users u on u.id = m.sender_user_id
               where m.agent_node_id = ${scope.nodeId}
                 ${scope.teamRole === 'admin' ? sql`` : sql`and m.sender_user_id = ${scope.userId}`}`;
  }

  async sent(
    scope: TAgentScope,
    page: number,
    pageSize: number,
  ): Promise<{ items: TSentNotification[]; total: number }> {
    const [count] = await rowsOf(
      this.db,
      sql`select count(*) as n from agent_notifications m where m.agent_node_id = ${scope.nodeId}
          ${scope.teamRole === 'admin' ? sql`` : sql`and m.sender_user_id = ${scope.userId}`}`,
    );
    const rows = await rowsOf(
      this.db,
      sql`${this.sentQuery(scope)} order by m.created_at desc, m.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
    );
    return { items: rows.map((r) => this.sentOf(r)), total: num(count?.n) };
  }

  async reads(scope: TAgentScope, id: number): Promise<TNotificationReads> {
    const [row] = await rowsOf(this.db, sql`${this.sentQuery(scope)} and m.id = ${id}`);
    if (!row) throw notFound();
    const deliveries = await rowsOf(
      this.db,
      sql`select n.xid, r.name, d.read_at, trim(u.first_name || ' ' || u.last_name) as reader
          from agent_notification_deliveries d join restaurants r on r.id = d.restaurant_id
          join nodes n on n.id = r.node_id left join users u on u.id = d.read_by_user_id
          where d.notification_id = ${id} and n.path like ${`${scope.path}%`}
          order by d.read_at desc nulls last, lower(r.name)`,
    );
    return {
      notification: this.sentOf(row),
      deliveries: deliveries.map((d) => ({
        restaurant: { xid: String(d.xid), name: String(d.name) },
        readAt: isoOrNull(d.read_at),
        readBy: d.read_at ? strOrNull(d.reader) : null,
      })),
    };
  }

  // --- the restaurant's side ---------------------------------------------------------------------

  async inbox(auth: AuthContext): Promise<TInboxResponse> {
    const restaurantId = requireRestaurantId(auth);
    const rows = await rowsOf(
      this.db,
      sql`select m.id, m.message_en, m.message_zh, m.created_at, f.file_name, d.read_at,
                 coalesce(nullif(trim(coalesce(an.first_name, '') || ' ' || coalesce(an.last_name, '')), ''), '') as sender
          from agent_notification_deliveries d join agent_notifications m on m.id = d.notification_id
          join nodes an on an.id = m.agent_node_id
          left join agent_files f on f.id = m.file_id
          where d.restaurant_id = ${restaurantId}
          order by m.created_at desc, m.id desc limit 50`,
    );
    const [unread] = await rowsOf(
      this.db,
      sql`select count(*) as n from agent_notification_deliveries where restaurant_id = ${restaurantId} and read_at is null`,
    );
    return {
      unread: num(unread?.n),
      items: rows.map((r) => ({
        id: num(r.id),
        from: String(r.sender),
        messageEn: String(r.message_en),
        messageZh: String(r.message_zh),
        fileName: strOrNull(r.file_name),
        sentAt: isoOrNull(r.created_at) ?? '',
        readAt: isoOrNull(r.read_at),
      })),
    };
  }

  /** Marks the restaurant's copy read (the first reader and time are kept). */
  async markRead(auth: AuthContext, id: number): Promise<{ ok: true }> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    const rows = await rowsOf(
      this.db,
      sql`update agent_notification_deliveries set read_at = coalesce(read_at, ${now.toISOString()}::timestamptz),
            read_by_user_id = coalesce(read_by_user_id, ${auth.userId})
          where notification_id = ${id} and restaurant_id = ${restaurantId} returning notification_id`,
    );
    if (rows.length === 0) throw notFound();
    return { ok: true };
  }

  /** The file, for a restaurant it was sent to or for the agent who sent it. */
  async file(auth: AuthContext, id: number, scope: TAgentScope | null) {
    const where =
      scope !== null
        ? sql`m.agent_node_id = ${scope.nodeId}`
        : sql`exists (select 1 from agent_notification_deliveries d where d.notification_id = m.id
                      and d.restaurant_id = ${requireRestaurantId(auth)})`;
    const [row] = await rowsOf(
      this.db,
      sql`select f.file_name, f.mime, f.content from agent_notifications m join agent_files f on f.id = m.file_id
          where m.id = ${id} and ${where}`,
    );
    if (!row) throw notFound();
    const content = row.content as Buffer | Uint8Array;
    return { fileName: String(row.file_name), mime: String(row.mime), bytes: Buffer.from(content) };
  }
}
