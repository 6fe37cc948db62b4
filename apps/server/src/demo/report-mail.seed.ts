import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/sql-util.ts';
import type { TDomainSeedContext } from './seed-context.ts';

/**
 * Reports by email (issue 24): Harbor Bistro's owner gets the daily report in English and the weekly
 * one in Chinese with the spreadsheet. A server on a running clock queues their next periods as it
 * starts (report-mail "sweep"); tests (a pinned clock) queue nothing until they subscribe.
 */
export async function seedReportMailDemo({ db, now }: TDomainSeedContext): Promise<void> {
  const [owner] = await rowsOf(
    db,
    sql`select u.id as user_id, r.id as restaurant_id
        from users u join restaurants r on r.id = u.restaurant_id where u.email = 'owner@demo.test'`,
  );
  if (!owner) return;
  const at = now.toISOString();
  await db.execute(
    sql`insert into report_mail_subscriptions (user_id, restaurant_id, frequency, language, include_xlsx, created_at, updated_at)
        values (${owner.user_id}, ${owner.restaurant_id}, 'daily', 'en', false, ${at}::timestamptz, ${at}::timestamptz),
               (${owner.user_id}, ${owner.restaurant_id}, 'weekly', 'zh', true, ${at}::timestamptz, ${at}::timestamptz)
        on conflict do nothing`,
  );
}
