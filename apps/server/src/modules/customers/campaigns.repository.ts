import { sql, type SQL } from 'drizzle-orm';
import type { TCampaign, TCustomerFilter } from '@ra/shared/customers/customers.schemas';
import { smsCost, type TCampaignStatus, type TSmsPricing } from '@ra/shared/customers/sms';
import type { Database } from '../../db/client.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import { arrayParam, num, rowsOf, strOrNull, type TRow } from '../../db/sql-util.ts';
import { iso } from './customers.repository.ts';

/** Whose campaigns a reviewer sees: every one (platform staff), or those of restaurants under a node path. */
export type TReviewScope = { all: true } | { nodePath: string };

/** A new campaign as submitted, with its quote frozen. */
export interface TCampaignInsert {
  restaurantId: number;
  bodyEn: string;
  bodyZh: string | null;
  partsEn: number;
  partsZh: number | null;
  recipientsEn: number;
  recipientsZh: number;
  optedOutExcluded: number;
  pricePerPartMicros: number;
  taxRateBasisPoints: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  createdByUserId: number;
  at: Date;
  /** A campaign to a saved segment: its id, name and the filter evaluated again at Send Now. */
  segment?: { id: number; name: string; filter: TCustomerFilter } | null;
}

/** A segment campaign's audience as evaluated at Send Now, with its cost at the campaign's own price. */
export interface TAudienceRefresh {
  recipientsEn: number;
  recipientsZh: number;
  optedOutExcluded: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  phones: string[];
  languages: string[];
}

function toCampaign(r: TRow): TCampaign {
  const lines = [
    { language: 'en' as const, parts: num(r.parts_en), recipients: num(r.recipients_en) },
    ...(r.parts_zh !== null
      ? [{ language: 'zh' as const, parts: num(r.parts_zh), recipients: num(r.recipients_zh) }]
      : []),
  ];
  const cost = smsCost(lines, {
    pricePerPartMicros: num(r.price_per_part_micros),
    taxRateBasisPoints: num(r.tax_rate_basis_points),
  });
  return {
    id: num(r.id),
    restaurantId: num(r.restaurant_id),
    restaurantName: String(r.restaurant_name),
    restaurantTimeZone: String(r.restaurant_time_zone ?? 'Unknown'),
    status: String(r.status) as TCampaign['status'],
    bodyEn: String(r.body_en),
    bodyZh: strOrNull(r.body_zh),
    quote: {
      recipients: num(r.recipients_en) + num(r.recipients_zh),
      optedOutExcluded: num(r.opted_out_excluded),
      ...cost,
      subtotalCents: num(r.subtotal_cents),
      taxCents: num(r.tax_cents),
      totalCents: num(r.total_cents),
    },
    createdBy: String(r.created_by) || String(r.created_by_email),
    createdAt: iso(r.created_at)!,
    reviewedBy: strOrNull(r.reviewed_by),
    reviewedAt: iso(r.reviewed_at),
    reviewNote: strOrNull(r.review_note),
    sentBy: strOrNull(r.sent_by),
    sentAt: iso(r.sent_at),
    sendState: String(r.send_state) as TCampaign['sendState'],
    sendStartsAt: iso(r.send_starts_at),
    failureReason: strOrNull(r.failure_reason),
    // a Sent campaign keeps its charge's reference; only a charge that failed afterwards takes it away
    needsPayment: String(r.status) === 'sent' && strOrNull(r.payment_ref) === null,
    segment:
      r.segment_id === null || r.segment_id === undefined
        ? null
        : { id: num(r.segment_id), name: String(r.segment_name) },
    progress: {
      queued: num(r.q_queued),
      sent: num(r.q_sent),
      delivered: num(r.q_delivered),
      failed: num(r.q_failed),
    },
  };
}

/**
 * The only place with SMS campaign SQL: pricing, campaigns and their recipients, opt-outs. Campaigns
 * are read with their restaurant's name, zone and node, and the names of who submitted, reviewed and
 * sent them.
 */
export class CampaignsRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in one transaction with this repository and the audit log bound to it. */
  transaction<T>(work: (repo: CampaignsRepository, audit: AuditRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new CampaignsRepository(tx), new AuditRepository(tx)));
  }

  /** The platform SMS pricing, or null while it was never set. */
  async pricing(): Promise<TSmsPricing | null> {
    const [row] = await rowsOf(
      this.db,
      sql`select price_per_part_micros, tax_rate_basis_points from sms_pricing where id = 1`,
    );
    return row
      ? { pricePerPartMicros: num(row.price_per_part_micros), taxRateBasisPoints: num(row.tax_rate_basis_points) }
      : null;
  }

  async savePricing(pricing: TSmsPricing, at: Date): Promise<void> {
    await this.db.execute(sql`insert into sms_pricing (id, price_per_part_micros, tax_rate_basis_points, updated_at)
        values (1, ${pricing.pricePerPartMicros}, ${pricing.taxRateBasisPoints}, ${at.toISOString()}::timestamptz)
        on conflict (id) do update set price_per_part_micros = excluded.price_per_part_micros,
          tax_rate_basis_points = excluded.tax_rate_basis_points, updated_at = excluded.updated_at`);
  }

  /** A pending campaign; answers its id. */
  async insertCampaign(c: TCampaignInsert): Promise<number> {
    const [row] = await rowsOf(
      this.db,
      sql`insert into sms_campaigns (restaurant_id, status, body_en, body_zh, parts_en, parts_zh, recipients_en,
            recipients_zh, opted_out_excluded, price_per_part_micros, tax_rate_basis_points, subtotal_cents, tax_cents,
            total_cents, created_by_user_id, created_at, segment_id, segment_name, audience_filter)
          values (${c.restaurantId}, 'pending', ${c.bodyEn}, ${c.bodyZh}, ${c.partsEn}, ${c.partsZh},
            ${c.recipientsEn}, ${c.recipientsZh}, ${c.optedOutExcluded}, ${c.pricePerPartMicros},
            ${c.taxRateBasisPoints}, ${c.subtotalCents}, ${c.taxCents}, ${c.totalCents},
            ${c.createdByUserId}, ${c.at.toISOString()}::timestamptz, ${c.segment?.id ?? null},
            ${c.segment?.name ?? null}, ${c.segment ? JSON.stringify(c.segment.filter) : null}::jsonb)
          returning id`,
    );
    return num(row!.id);
  }

  /** The campaign's recipients, queued, one per phone. */
  async insertRecipients(
    campaignId: number,
    restaurantId: number,
    phones: string[],
    languages: string[],
    at: Date,
  ): Promise<void> {
    await this.db
      .execute(sql`insert into sms_recipients (campaign_id, phone, restaurant_id, language, status, updated_at)
        select ${campaignId}, p, ${restaurantId}, l, 'queued', ${at.toISOString()}::timestamptz
        from unnest(${arrayParam(phones, 'text')}, ${arrayParam(languages, 'text')}) as t(p, l)
        on conflict do nothing`);
  }

  private select(where: SQL) {
    return sql`select c.*, r.name as restaurant_name, r.time_zone as restaurant_time_zone,
        trim(cu.first_name || ' ' || cu.last_name) as created_by, cu.email as created_by_email,
        trim(ru.first_name || ' ' || ru.last_name) as reviewed_by,
        trim(su.first_name || ' ' || su.last_name) as sent_by,
        (select count(*) filter (where status in ('queued', 'sending')) from sms_recipients x where x.campaign_id = c.id) as q_queued,
        (select count(*) filter (where status = 'sent') from sms_recipients x where x.campaign_id = c.id) as q_sent,
        (select count(*) filter (where status = 'delivered') from sms_recipients x where x.campaign_id = c.id) as q_delivered,
        (select count(*) filter (where status = 'failed') from sms_recipients x where x.campaign_id = c.id) as q_failed
      from sms_campaigns c join restaurants r on r.id = c.restaurant_id
      join users cu on cu.id = c.created_by_user_id
      left join users ru on ru.id = c.reviewed_by_user_id
      left join users su on su.id = c.sent_by_user_id
      where ${where}`;
  }

  private scope(scope: TReviewScope): SQL {
    if ('all' in scope) return sql`true`;
    return sql`exists (select 1 from nodes n where n.id = r.node_id and n.path like ${`${scope.nodePath}%`})`;
  }

  /** The restaurant's latest 50 campaigns. */
  async ownCampaigns(restaurantId: number): Promise<TCampaign[]> {
    const rows = await rowsOf(
      this.db,
      sql`${this.select(sql`c.restaurant_id = ${restaurantId}`)} order by c.created_at desc, c.id desc limit 50`,
    );
    return rows.map(toCampaign);
  }

  /** The latest 100 campaigns a reviewer sees, of one status or all. */
  async reviewCampaigns(scope: TReviewScope, status: TCampaignStatus | 'all'): Promise<TCampaign[]> {
    const where = status === 'all' ? this.scope(scope) : sql`${this.scope(scope)} and c.status = ${status}`;
    const rows = await rowsOf(this.db, sql`${this.select(where)} order by c.created_at desc, c.id desc limit 100`);
    return rows.map(toCampaign);
  }

  async isOwnCampaign(restaurantId: number, id: number): Promise<boolean> {
    const [c] = await rowsOf(
      this.db,
      sql`select id from sms_campaigns where id = ${id} and restaurant_id = ${restaurantId}`,
    );
    return c !== undefined;
  }

  /** A page of a campaign's recipients by phone. */
  async recipients(campaignId: number, limit: number, offset: number) {
    const rows = await rowsOf(
      this.db,
      sql`select phone, language, status, error from sms_recipients where campaign_id = ${campaignId}
        order by phone limit ${limit} offset ${offset}`,
    );
    return rows.map((r) => ({
      phone: String(r.phone),
      language: r.language === 'zh' ? ('zh' as const) : ('en' as const),
      status: String(r.status) as 'queued',
      error: strOrNull(r.error),
    }));
  }

  async recipientCount(campaignId: number): Promise<number> {
    const [n] = await rowsOf(
      this.db,
      sql`select count(*)::int as n from sms_recipients where campaign_id = ${campaignId}`,
    );
    return num(n?.n);
  }

  /** A campaign the reviewer sees, held until the transaction ends. */
  async lockForReview(scope: TReviewScope, id: number) {
    const [row] = await rowsOf(
      this.db,
      sql`select c.id, c.status, c.restaurant_id, c.created_by_user_id from sms_campaigns c join restaurants r on r.id = c.restaurant_id
          where c.id = ${id} and ${this.scope(scope)} for update of c`,
    );
    return row
      ? {
          status: String(row.status) as TCampaignStatus,
          restaurantId: num(row.restaurant_id),
          createdByUserId: num(row.created_by_user_id),
        }
      : undefined;
  }

  async saveReview(id: number, decision: 'approved' | 'rejected', userId: number, at: Date, note: string | null) {
    await this.db.execute(sql`update sms_campaigns set status = ${decision}, reviewed_by_user_id = ${userId},
        reviewed_at = ${at.toISOString()}::timestamptz, review_note = ${note} where id = ${id}`);
  }

  /** What Send Now needs of the restaurant's campaign: its state, charge, cost and restaurant zone and node. */
  async forSending(restaurantId: number, id: number) {
    const [row] = await rowsOf(
      this.db,
      sql`select c.*, r.time_zone, r.node_id from sms_campaigns c join restaurants r on r.id = c.restaurant_id
        where c.id = ${id} and c.restaurant_id = ${restaurantId}`,
    );
    return row
      ? {
          status: String(row.status) as TCampaignStatus,
          sendState: strOrNull(row.send_state),
          paymentRef: strOrNull(row.payment_ref),
          nodeId: num(row.node_id),
          totalCents: num(row.total_cents),
          recipients: num(row.recipients_en) + num(row.recipients_zh),
          timeZone: strOrNull(row.time_zone),
          audienceFilter: (row.audience_filter ?? null) as TCustomerFilter | null,
          bodyEn: String(row.body_en),
          bodyZh: strOrNull(row.body_zh),
          partsEn: num(row.parts_en),
          partsZh: row.parts_zh === null ? null : num(row.parts_zh),
          pricePerPartMicros: num(row.price_per_part_micros),
          taxRateBasisPoints: num(row.tax_rate_basis_points),
        }
      : undefined;
  }

  /**
   * A segment campaign's audience and cost as evaluated at Send Now: only while it is still approved
   * and uncharged (held, so two presses cannot both rewrite it); false when it moved meanwhile.
   */
  async refreshAudience(id: number, a: TAudienceRefresh, at: Date): Promise<boolean> {
    const [locked] = await rowsOf(
      this.db,
      sql`select id from sms_campaigns where id = ${id} and status = 'approved' and payment_ref is null for update`,
    );
    if (!locked) return false;
    await this.db
      .execute(sql`update sms_campaigns set recipients_en = ${a.recipientsEn}, recipients_zh = ${a.recipientsZh},
        opted_out_excluded = ${a.optedOutExcluded}, subtotal_cents = ${a.subtotalCents}, tax_cents = ${a.taxCents},
        total_cents = ${a.totalCents} where id = ${id}`);
    await this.db.execute(sql`delete from sms_recipients where campaign_id = ${id}`);
    const [c] = await rowsOf(this.db, sql`select restaurant_id from sms_campaigns where id = ${id}`);
    await this.insertRecipients(id, num(c!.restaurant_id), a.phones, a.languages, at);
    return true;
  }

  /** The campaign's state, held until the transaction ends. */
  async lockState(id: number) {
    const [row] = await rowsOf(this.db, sql`select status, send_state from sms_campaigns where id = ${id} for update`);
    return row ? { status: String(row.status) as TCampaignStatus, sendState: strOrNull(row.send_state) } : undefined;
  }

  /** Sent: charged, by whom and when (kept from the first Send Now), sending from `startsAt`. */
  async markSent(
    id: number,
    s: { chargeId: string; userId: number; at: Date; sendState: 'waiting' | 'sending'; startsAt: Date },
  ) {
    await this.db.execute(sql`update sms_campaigns set status = 'sent', payment_ref = ${s.chargeId},
        sent_by_user_id = coalesce(sent_by_user_id, ${s.userId}), sent_at = coalesce(sent_at, ${s.at.toISOString()}::timestamptz),
        send_state = ${s.sendState}, send_starts_at = ${s.startsAt.toISOString()}::timestamptz,
        failure_reason = null where id = ${id}`);
  }

  /** What the sending job needs of a campaign. */
  async toRun(campaignId: number) {
    const [c] = await rowsOf(
      this.db,
      sql`select c.*, r.time_zone from sms_campaigns c join restaurants r on r.id = c.restaurant_id where c.id = ${campaignId}`,
    );
    return c
      ? {
          status: String(c.status) as TCampaignStatus,
          sendState: strOrNull(c.send_state),
          timeZone: strOrNull(c.time_zone),
          bodyEn: String(c.body_en),
          bodyZh: strOrNull(c.body_zh),
          sentAt: c.sent_at ? new Date(String(c.sent_at)) : null,
        }
      : undefined;
  }

  async setWaiting(campaignId: number, startsAt: Date): Promise<void> {
    await this.db.execute(
      sql`update sms_campaigns set send_state = 'waiting', send_starts_at = ${startsAt.toISOString()}::timestamptz where id = ${campaignId}`,
    );
  }

  async setSendState(campaignId: number, state: 'sending' | 'done'): Promise<void> {
    await this.db.execute(sql`update sms_campaigns set send_state = ${state} where id = ${campaignId}`);
  }

  async setFailed(campaignId: number, reason: string): Promise<void> {
    await this.db.execute(
      sql`update sms_campaigns set send_state = 'failed', failure_reason = ${reason} where id = ${campaignId}`,
    );
  }

  /** The next recipients still queued or being sent, by phone, with whether they opted out since. */
  async pendingRecipients(campaignId: number, limit: number) {
    const rows = await rowsOf(
      this.db,
      sql`select r.phone, r.language, r.status, (o.phone is not null) as opted_out from sms_recipients r
          left join sms_opt_outs o on o.phone = r.phone
          where r.campaign_id = ${campaignId} and r.status in ('queued', 'sending') order by r.phone limit ${limit}`,
    );
    return rows.map((r) => ({
      phone: String(r.phone),
      language: String(r.language),
      status: String(r.status),
      optedOut: r.opted_out === true,
    }));
  }

  async markRecipient(
    campaignId: number,
    phone: string,
    status: string,
    sid: string | null,
    error: string | null,
    at: Date,
  ): Promise<void> {
    await this.db
      .execute(sql`update sms_recipients set status = ${status}, provider_sid = coalesce(${sid}, provider_sid), error = ${error},
            updated_at = ${at.toISOString()}::timestamptz where campaign_id = ${campaignId} and phone = ${phone}`);
  }

  /** Failed charges of a campaign so far (the next charge's idempotency key counts them). */
  async failedCharges(campaignId: number): Promise<number> {
    const [row] = await rowsOf(
      this.db,
      sql`select failed_attempts from sms_campaign_charges where campaign_id = ${campaignId}`,
    );
    return row ? Number(row.failed_attempts) : 0;
  }

  /**
   * The processor declined charge attempt `attempt`: the campaign moves to the next attempt (key). Only
   * from that attempt, so two Send Nows that saw the same decline count it once.
   */
  async chargeDeclined(campaignId: number, attempt: number, at: Date): Promise<void> {
    await this.db
      .execute(sql`insert into sms_campaign_charges (campaign_id, failed_attempts, last_status, last_payment_ref, updated_at)
        values (${campaignId}, ${attempt + 1}, 'declined', null, ${at.toISOString()}::timestamptz)
        on conflict (campaign_id) do update set failed_attempts = ${attempt + 1}, last_status = 'declined',
          last_payment_ref = null, updated_at = excluded.updated_at
        where sms_campaign_charges.failed_attempts = ${attempt}`);
  }

  /** The Sent campaign charged as `paymentRef`, held until the transaction ends. */
  async lockByPaymentRef(paymentRef: string): Promise<{ id: number; restaurantId: number } | undefined> {
    const [row] = await rowsOf(
      this.db,
      sql`select id, restaurant_id from sms_campaigns where payment_ref = ${paymentRef} for update`,
    );
    return row ? { id: Number(row.id), restaurantId: Number(row.restaurant_id) } : undefined;
  }

  /** The processor's word on a campaign's charge; a failure counts, so the next charge uses a new key. */
  async recordCharge(campaignId: number, paymentRef: string, status: 'succeeded' | 'failed', at: Date) {
    const failed = status === 'failed' ? 1 : 0;
    await this.db
      .execute(sql`insert into sms_campaign_charges (campaign_id, failed_attempts, last_status, last_payment_ref, updated_at)
        values (${campaignId}, ${failed}, ${status}, ${paymentRef}, ${at.toISOString()}::timestamptz)
        on conflict (campaign_id) do update set failed_attempts = sms_campaign_charges.failed_attempts + ${failed},
          last_status = excluded.last_status, last_payment_ref = excluded.last_payment_ref, updated_at = excluded.updated_at`);
  }

  /** A charge failed after the fact: the campaign stops sending and must be charged again to resume. */
  async paymentFailed(campaignId: number, reason: string): Promise<void> {
    await this.db
      .execute(sql`update sms_campaigns set payment_ref = null, send_state = 'failed', failure_reason = ${reason}
        where id = ${campaignId}`);
  }

  /** The campaign's sending state now (a run checks it between batches). */
  async sendStateOf(campaignId: number): Promise<string | null> {
    const [row] = await rowsOf(this.db, sql`select send_state from sms_campaigns where id = ${campaignId}`);
    return row ? strOrNull(row.send_state) : null;
  }

  /** Claims a queued recipient for sending; false when another run has it. */
  async claimRecipient(campaignId: number, phone: string, at: Date): Promise<boolean> {
    const claimed = await rowsOf(
      this.db,
      sql`update sms_recipients set status = 'sending', updated_at = ${at.toISOString()}::timestamptz
              where campaign_id = ${campaignId} and phone = ${phone} and status = 'queued' returning phone`,
    );
    return claimed.length > 0;
  }

  /**
   * A status callback for a message whose answer we never recorded (the server died between the
   * provider's acceptance and our write): its URL carries our reference, so the SID lands on the row.
   */
  async recordSidByReference(campaignId: number, phone: string, sid: string, at: Date): Promise<void> {
    await this.db.execute(sql`update sms_recipients set status = 'sent', provider_sid = ${sid},
        updated_at = ${at.toISOString()}::timestamptz
        where campaign_id = ${campaignId} and phone = ${phone} and status = 'sending' and provider_sid is null`);
  }

  async markDelivered(sid: string, at: Date): Promise<void> {
    await this.db
      .execute(sql`update sms_recipients set status = 'delivered', updated_at = ${at.toISOString()}::timestamptz
        where provider_sid = ${sid} and status in ('sent', 'sending')`);
  }

  async markUndelivered(sid: string, error: string, at: Date): Promise<void> {
    await this.db.execute(sql`update sms_recipients set status = 'failed', error = ${error},
        updated_at = ${at.toISOString()}::timestamptz where provider_sid = ${sid} and status <> 'delivered'`);
  }

  async optOut(phone: string, at: Date): Promise<void> {
    await this.db.execute(
      sql`insert into sms_opt_outs (phone, at) values (${phone}, ${at.toISOString()}::timestamptz) on conflict (phone) do nothing`,
    );
  }

  async optIn(phone: string): Promise<void> {
    await this.db.execute(sql`delete from sms_opt_outs where phone = ${phone}`);
  }

  async recordOptEvent(phone: string, kind: 'optOut' | 'optIn', body: string, at: Date): Promise<void> {
    await this.db.execute(
      sql`insert into sms_opt_events (phone, kind, body, at) values (${phone}, ${kind}, ${body}, ${at.toISOString()}::timestamptz)`,
    );
  }
}
