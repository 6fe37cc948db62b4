import { sql, type SQL } from 'drizzle-orm';
import { AuditRepository } from '../../db/audit.repository.ts';
import type { Database } from '../../db/client.ts';
import { arrayParam, num, rowsOf, type TRow } from '../../db/sql-util.ts';

/** The SQL of the notification center (notifications.service.ts holds the rules). */
export class NotificationsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (repo: NotificationsRepository, audit: AuditRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new NotificationsRepository(tx), new AuditRepository(tx)));
  }

  /** The stored file's id. */
  async insertFile(nodeId: number, file: { fileName: string; bytes: Buffer }, mime: string, now: Date) {
    const [row] = await rowsOf(
      this.db,
      sql`insert into agent_files (agent_node_id, file_name, mime, size_bytes, content, created_at)
          values (${nodeId}, ${file.fileName}, ${mime}, ${file.bytes.length},
                  ${sql.param(file.bytes)}, ${now.toISOString()}::timestamptz)
          returning id`,
    );
    return num(row?.id);
  }

  /** The notification's id. */
  async insertNotification(values: {
    nodeId: number;
    userId: number;
    messageEn: string;
    messageZh: string;
    fileId: number | null;
    now: Date;
  }): Promise<number> {
    const v = values;
    const [row] = await rowsOf(
      this.db,
      sql`insert into agent_notifications (agent_node_id, sender_user_id, message_en, message_zh, file_id, created_at)
          values (${v.nodeId}, ${v.userId}, ${v.messageEn}, ${v.messageZh}, ${v.fileId},
                  ${v.now.toISOString()}::timestamptz)
          returning id`,
    );
    return num(row?.id);
  }

  /** One delivery row per restaurant. */
  async insertDeliveries(notificationId: number, restaurantIds: readonly number[]): Promise<void> {
    await this.db.execute(
      sql`insert into agent_notification_deliveries (notification_id, restaurant_id)
          select ${notificationId}, unnest(${arrayParam(restaurantIds, 'int')})`,
    );
  }

  /** The agent node's notifications (all of them, or only those `onlyUserId` sent) with their counts. */
  private sentQuery(nodeId: number, onlyUserId: number | null): SQL {
    return sql`select m.id, m.message_en, m.message_zh, m.created_at, f.file_name,
                      trim(u.first_name || ' ' || u.last_name) as sender,
                      (select count(*) from agent_notification_deliveries d where d.notification_id = m.id) as recipients,
                      (select count(*) from agent_notification_deliveries d where d.notification_id = m.id and d.read_at is not null) as read
               from agent_notifications m left join agent_files f on f.id = m.file_id
               left join users u on u.id = m.sender_user_id
               where m.agent_node_id = ${nodeId}
                 ${onlyUserId === null ? sql`` : sql`and m.sender_user_id = ${onlyUserId}`}`;
  }

  async sentCount(nodeId: number, onlyUserId: number | null): Promise<number> {
    const [count] = await rowsOf(
      this.db,
      sql`select count(*) as n from agent_notifications m where m.agent_node_id = ${nodeId}
          ${onlyUserId === null ? sql`` : sql`and m.sender_user_id = ${onlyUserId}`}`,
    );
    return num(count?.n);
  }

  sentPage(nodeId: number, onlyUserId: number | null, limit: number, offset: number): Promise<TRow[]> {
    return rowsOf(
      this.db,
      sql`${this.sentQuery(nodeId, onlyUserId)} order by m.created_at desc, m.id desc limit ${limit} offset ${offset}`,
    );
  }

  async sentOne(nodeId: number, onlyUserId: number | null, id: number): Promise<TRow | undefined> {
    const [row] = await rowsOf(this.db, sql`${this.sentQuery(nodeId, onlyUserId)} and m.id = ${id}`);
    return row;
  }

  /** Who got the notification (restaurants of the subtree) and who read it when. */
  deliveries(notificationId: number, path: string): Promise<TRow[]> {
    return rowsOf(
      this.db,
      sql`select n.xid, r.name, d.read_at, trim(u.first_name || ' ' || u.last_name) as reader
          from agent_notification_deliveries d join restaurants r on r.id = d.restaurant_id
          join nodes n on n.id = r.node_id left join users u on u.id = d.read_by_user_id
          where d.notification_id = ${notificationId} and n.path like ${`${path}%`}
          order by d.read_at desc nulls last, lower(r.name)`,
    );
  }

  // --- the restaurant's side ---------------------------------------------------------------------

  /** The restaurant's latest 50 notifications. */
  inbox(restaurantId: number): Promise<TRow[]> {
    return rowsOf(
      this.db,
      sql`select m.id, m.message_en, m.message_zh, m.created_at, f.file_name, d.read_at,
                 coalesce(nullif(trim(coalesce(an.first_name, '') || ' ' || coalesce(an.last_name, '')), ''), '') as sender
          from agent_notification_deliveries d join agent_notifications m on m.id = d.notification_id
          join nodes an on an.id = m.agent_node_id
          left join agent_files f on f.id = m.file_id
          where d.restaurant_id = ${restaurantId}
          order by m.created_at desc, m.id desc limit 50`,
    );
  }

  async unreadCount(restaurantId: number): Promise<number> {
    const [unread] = await rowsOf(
      this.db,
      sql`select count(*) as n from agent_notification_deliveries where restaurant_id = ${restaurantId} and read_at is null`,
    );
    return num(unread?.n);
  }

  /** Marks the restaurant's copy read, keeping the first reader and time; false when it has no copy. */
  async markRead(notificationId: number, restaurantId: number, userId: number, now: Date): Promise<boolean> {
    const rows = await rowsOf(
      this.db,
      sql`update agent_notification_deliveries set read_at = coalesce(read_at, ${now.toISOString()}::timestamptz),
            read_by_user_id = coalesce(read_by_user_id, ${userId})
          where notification_id = ${notificationId} and restaurant_id = ${restaurantId} returning notification_id`,
    );
    return rows.length > 0;
  }

  /**
   * The notification's file: for the agent node that sent it (`nodeId`), or for a restaurant it was
   * sent to (`restaurantId`).
   */
  async file(
    notificationId: number,
    who: { nodeId: number } | { restaurantId: number },
  ): Promise<{ fileName: string; mime: string; bytes: Buffer } | undefined> {
    const where =
      'nodeId' in who
        ? sql`m.agent_node_id = ${who.nodeId}`
        : sql`exists (select 1 from agent_notification_deliveries d where d.notification_id = m.id
                      and d.restaurant_id = ${who.restaurantId})`;
    const [row] = await rowsOf(
      this.db,
      sql`select f.file_name, f.mime, f.content from agent_notifications m join agent_files f on f.id = m.file_id
          where m.id = ${notificationId} and ${where}`,
    );
    if (!row) return undefined;
    const content = row.content as Buffer | Uint8Array;
    return { fileName: String(row.file_name), mime: String(row.mime), bytes: Buffer.from(content) };
  }
}
