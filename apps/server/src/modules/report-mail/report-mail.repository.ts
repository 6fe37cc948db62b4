import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import { num, rowsOf, str } from '../../db/sql-util.ts';
import type { TReportMailFrequency } from '@ra/shared/report-mail/report-mail.schemas';

export interface TSubscriptionRow {
  id: number;
  userId: number;
  restaurantId: number;
  frequency: TReportMailFrequency;
  language: 'en' | 'zh';
  includeXlsx: boolean;
  email: string;
}

/** Subscriptions and the per-period delivery records of reports by email (migration 0027). */
export class ReportMailRepository {
  constructor(private readonly db: Database) {}

  private static row(r: Record<string, unknown>): TSubscriptionRow {
    return {
      id: num(r.id),
      userId: num(r.user_id),
      restaurantId: num(r.restaurant_id),
      frequency: str(r.frequency) as TReportMailFrequency,
      language: str(r.language) === 'zh' ? 'zh' : 'en',
      includeXlsx: r.include_xlsx === true || r.include_xlsx === 't',
      email: str(r.email),
    };
  }

  async mine(userId: number, restaurantId: number): Promise<TSubscriptionRow[]> {
    const rows = await rowsOf(
      this.db,
      sql`select s.*, u.email from report_mail_subscriptions s join users u on u.id = s.user_id
          where s.user_id = ${userId} and s.restaurant_id = ${restaurantId} order by s.id`,
    );
    return rows.map(ReportMailRepository.row);
  }

  async all(): Promise<TSubscriptionRow[]> {
    const rows = await rowsOf(
      this.db,
      sql`select s.*, u.email from report_mail_subscriptions s join users u on u.id = s.user_id order by s.id`,
    );
    return rows.map(ReportMailRepository.row);
  }

  async byId(id: number): Promise<TSubscriptionRow | null> {
    const [row] = await rowsOf(
      this.db,
      sql`select s.*, u.email from report_mail_subscriptions s join users u on u.id = s.user_id where s.id = ${id}`,
    );
    return row ? ReportMailRepository.row(row) : null;
  }

  async emailOf(userId: number): Promise<string> {
    const [row] = await rowsOf(this.db, sql`select email from users where id = ${userId}`);
    return str(row?.email);
  }

  /** Subscribes (or updates the options of) one frequency, with its audit row; answers the subscription's id. */
  async upsert(
    values: { userId: number; restaurantId: number; frequency: string; language: string; includeXlsx: boolean },
    now: Date,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      const id = await ReportMailRepository.upsertIn(tx as unknown as Database, values, now);
      await new AuditRepository(tx as unknown as Database).record({
        restaurantId: values.restaurantId,
        actorUserId: values.userId,
        action: 'reportMail.subscribe',
        targetType: 'reportMailSubscription',
        targetId: String(id),
        details: { frequency: values.frequency, language: values.language, includeXlsx: values.includeXlsx },
        at: now,
      });
      return id;
    });
  }

  private static async upsertIn(
    db: Database,
    values: { userId: number; restaurantId: number; frequency: string; language: string; includeXlsx: boolean },
    now: Date,
  ): Promise<number> {
    const [row] = await rowsOf(
      db,
      sql`insert into report_mail_subscriptions (user_id, restaurant_id, frequency, language, include_xlsx, created_at, updated_at)
          values (${values.userId}, ${values.restaurantId}, ${values.frequency}, ${values.language}, ${values.includeXlsx},
                  ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          on conflict (user_id, restaurant_id, frequency) do update
            set language = excluded.language, include_xlsx = excluded.include_xlsx, updated_at = excluded.updated_at
          returning id`,
    );
    return num(row?.id);
  }

  /** Unsubscribes (from the settings, or the email's link when `userId` is null), with its audit row. */
  async remove(
    where: { id: number } | { userId: number; restaurantId: number; frequency: string },
    now: Date,
    via: 'settings' | 'link',
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const rows = await rowsOf(
        db,
        'id' in where
          ? sql`delete from report_mail_subscriptions where id = ${where.id} returning id, user_id, restaurant_id, frequency`
          : sql`delete from report_mail_subscriptions
                where user_id = ${where.userId} and restaurant_id = ${where.restaurantId} and frequency = ${where.frequency}
                returning id, user_id, restaurant_id, frequency`,
      );
      const [row] = rows;
      if (!row) return false;
      await new AuditRepository(db).record({
        restaurantId: num(row.restaurant_id),
        actorUserId: num(row.user_id),
        action: 'reportMail.unsubscribe',
        targetType: 'reportMailSubscription',
        targetId: String(num(row.id)),
        details: { frequency: str(row.frequency), via },
        at: now,
      });
      return true;
    });
  }

  /**
   * Claims a period's email before it is sent: answers true when this run may send it (no record yet,
   * or an earlier run failed or died before the mail server took it), false once it was sent.
   */
  async claim(subscriptionId: number, from: string, to: string, now: Date): Promise<boolean> {
    const rows = await rowsOf(
      this.db,
      sql`insert into report_mail_deliveries (subscription_id, period_from, period_to, status, claimed_at)
          values (${subscriptionId}, ${from}::date, ${to}::date, 'sending', ${now.toISOString()}::timestamptz)
          on conflict (subscription_id, period_from, period_to) do update
            set status = 'sending', claimed_at = excluded.claimed_at, error = null
            where report_mail_deliveries.status <> 'sent'
          returning id`,
    );
    return rows.length > 0;
  }

  async markSent(subscriptionId: number, from: string, to: string, now: Date): Promise<void> {
    await this.db.execute(
      sql`update report_mail_deliveries set status = 'sent', sent_at = ${now.toISOString()}::timestamptz
          where subscription_id = ${subscriptionId} and period_from = ${from}::date and period_to = ${to}::date`,
    );
  }

  async markFailed(subscriptionId: number, from: string, to: string, error: string): Promise<void> {
    await this.db.execute(
      sql`update report_mail_deliveries set status = 'failed', error = ${error.slice(0, 500)}
          where subscription_id = ${subscriptionId} and period_from = ${from}::date and period_to = ${to}::date`,
    );
  }
}
