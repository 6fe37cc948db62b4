import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '@ra/shared/errors';
import { CUSTOMERS_MESSAGES } from '@ra/shared/customers/customers.messages';
import {
  MAX_SELECTED,
  normalizePhone,
  type TCampaign,
  type TCampaignQuote,
  type TCampaignRequest,
} from '@ra/shared/customers/customers.schemas';
import {
  DEFAULT_SMS_PRICING,
  analyzeSms,
  canMoveCampaign,
  classifyInboundSms,
  nextSendingTime,
  smsCost,
  smsText,
  type TCampaignStatus,
  type TSmsPricing,
} from '@ra/shared/customers/sms';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import { isBankVerified } from '../business/bank-status.ts';
import type { PaymentCharger } from './payment-charger.ts';
import { PaymentError } from './payment-charger.ts';
import { SmsSendError, type SmsSender } from './sms-sender.ts';
import {
  arrayParam,
  iso,
  num,
  requireListRole,
  rowsOf,
  strOrNull,
  type CustomersService,
} from './customers.service.ts';

export const SEND_QUEUE = 'customers.sms-send';

/** A Sent campaign whose sending has not finished: Send Now resumes it (no further charge). */
const isResumable = (sendState: unknown) =>
  sendState === 'failed' || sendState === 'sending' || sendState === 'waiting';
const BATCH = 50;

const message = (key: keyof typeof CUSTOMERS_MESSAGES, vars: Record<string, string | number> = {}) =>
  CUSTOMERS_MESSAGES[key]!.en.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
const badRequest = (key: keyof typeof CUSTOMERS_MESSAGES, vars?: Record<string, string | number>) =>
  new AppError(400, ERROR_CODES.badRequest, message(key, vars));
const conflict = (key: keyof typeof CUSTOMERS_MESSAGES, vars?: Record<string, string | number>) =>
  new AppError(409, ERROR_CODES.badRequest, message(key, vars));

export interface TCampaignDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  customers: CustomersService;
  sms: SmsSender;
  payments: PaymentCharger;
  /** The platform's sending number and the status callback URL the provider posts to. */
  fromNumber: string;
  statusCallbackUrl: string;
}

/**
 * SMS campaigns (issue 12): quote, submit for approval, review by the agents above the restaurant,
 * Send Now (charge, then send on the job queue, resumable per (campaign, phone)), delivery callbacks
 * and inbound opt-out/opt-in.
 */
export class CampaignsService {
  constructor(private readonly deps: TCampaignDeps) {}

  async registerWorkers(): Promise<void> {
    await this.deps.jobs.work<{ campaignId: number }>(SEND_QUEUE, (job) =>
      this.runSend(job.data.campaignId, job.signal),
    );
  }

  async pricing(): Promise<TSmsPricing> {
    const [row] = await rowsOf(
      this.deps.db,
      sql`select price_per_part_micros, tax_rate_basis_points from sms_pricing where id = 1`,
    );
    return row
      ? { pricePerPartMicros: num(row.price_per_part_micros), taxRateBasisPoints: num(row.tax_rate_basis_points) }
      : DEFAULT_SMS_PRICING;
  }

  async setPricing(auth: AuthContext, pricing: TSmsPricing): Promise<TSmsPricing> {
    const before = await this.pricing();
    await this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`insert into sms_pricing (id, price_per_part_micros, tax_rate_basis_points, updated_at)
        values (1, ${pricing.pricePerPartMicros}, ${pricing.taxRateBasisPoints}, ${this.deps.clock.now().toISOString()}::timestamptz)
        on conflict (id) do update set price_per_part_micros = excluded.price_per_part_micros,
          tax_rate_basis_points = excluded.tax_rate_basis_points, updated_at = excluded.updated_at`);
      await this.auditIn(tx, null, auth.userId, 'sms.pricing.update', 'sms_pricing', '1', { before, after: pricing });
    });
    return pricing;
  }

  private async auditIn(
    tx: Database,
    restaurantId: number | null,
    userId: number,
    action: string,
    targetType: string,
    targetId: string,
    details: Record<string, unknown>,
  ) {
    await new AuditRepository(tx).record({
      restaurantId,
      actorUserId: userId,
      action,
      targetType,
      targetId,
      details,
      at: this.deps.clock.now(),
    });
  }

  /** Recipients and cost of a campaign as it would be submitted now. */
  async quote(auth: AuthContext, request: TCampaignRequest) {
    const restaurantId = requireListRole(auth);
    const chosen = await this.deps.customers.audience(restaurantId, request.audience);
    if ('ids' in request.audience && request.audience.ids.length > MAX_SELECTED) throw badRequest('maxSelected');
    if ('ids' in request.audience && chosen.length > MAX_SELECTED) throw badRequest('maxSelected');
    const capped = chosen.slice(0, MAX_SELECTED);
    if (capped.length === 0) throw badRequest('selectFirst');
    const reachable = capped.filter((c) => !c.optedOut);
    // Without a Chinese variant everyone gets the English one.
    const zhCount = request.bodyZh ? reachable.filter((c) => c.language === 'zh').length : 0;
    const enCount = reachable.length - zhCount;
    const partsEn = analyzeSms(request.bodyEn, 'en').parts;
    const partsZh = request.bodyZh ? analyzeSms(request.bodyZh, 'zh').parts : null;
    const cost = smsCost(
      [
        { language: 'en', parts: partsEn, recipients: enCount },
        ...(partsZh !== null ? [{ language: 'zh' as const, parts: partsZh, recipients: zhCount }] : []),
      ],
      await this.pricing(),
    );
    const quote: TCampaignQuote = {
      recipients: reachable.length,
      optedOutExcluded: capped.length - reachable.length,
      ...cost,
    };
    return { restaurantId, quote, reachable, partsEn, partsZh, enCount, zhCount, hasZh: !!request.bodyZh };
  }

  private async restaurantNode(restaurantId: number): Promise<number> {
    const [row] = await rowsOf(this.deps.db, sql`select node_id from restaurants where id = ${restaurantId}`);
    if (!row) throw notFound();
    return num(row.node_id);
  }

  async submit(auth: AuthContext, request: TCampaignRequest) {
    const q = await this.quote(auth, request);
    if (q.reachable.length === 0) throw badRequest('selectFirst');
    if (!(await isBankVerified(this.deps.db, await this.restaurantNode(q.restaurantId))))
      throw conflict('linkBankFirst');
    const now = this.deps.clock.now().toISOString();
    const id = await this.deps.db.transaction(async (tx) => {
      const [row] = await rowsOf(
        tx,
        sql`insert into sms_campaigns (restaurant_id, status, body_en, body_zh, parts_en, parts_zh, recipients_en,
            recipients_zh, opted_out_excluded, price_per_part_micros, tax_rate_basis_points, subtotal_cents, tax_cents,
            total_cents, created_by_user_id, created_at)
          values (${q.restaurantId}, 'pending', ${request.bodyEn}, ${request.bodyZh ?? null}, ${q.partsEn}, ${q.partsZh},
            ${q.enCount}, ${q.zhCount}, ${q.quote.optedOutExcluded}, ${q.quote.pricePerPartMicros},
            ${q.quote.taxRateBasisPoints}, ${q.quote.subtotalCents}, ${q.quote.taxCents}, ${q.quote.totalCents},
            ${auth.userId}, ${now}::timestamptz)
          returning id`,
      );
      const campaignId = num(row!.id);
      const phones = q.reachable.map((c) => c.phone);
      const languages = q.reachable.map((c) => (q.hasZh && c.language === 'zh' ? 'zh' : 'en'));
      await tx.execute(sql`insert into sms_recipients (campaign_id, phone, restaurant_id, language, status, updated_at)
        select ${campaignId}, p, ${q.restaurantId}, l, 'queued', ${now}::timestamptz
        from unnest(${arrayParam(phones, 'text')}, ${arrayParam(languages, 'text')}) as t(p, l)
        on conflict do nothing`);
      await this.auditIn(tx, q.restaurantId, auth.userId, 'sms.campaign.submit', 'sms_campaign', String(campaignId), {
        recipients: q.reachable.length,
        optedOutExcluded: q.quote.optedOutExcluded,
        totalCents: q.quote.totalCents,
      });
      return campaignId;
    });
    return { message: message('submitted'), id };
  }

  private select(where: ReturnType<typeof sql>) {
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

  private toCampaign(r: Record<string, unknown>): TCampaign {
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
      progress: {
        queued: num(r.q_queued),
        sent: num(r.q_sent),
        delivered: num(r.q_delivered),
        failed: num(r.q_failed),
      },
    };
  }

  async listOwn(auth: AuthContext) {
    const restaurantId = requireListRole(auth);
    const rows = await rowsOf(
      this.deps.db,
      sql`${this.select(sql`c.restaurant_id = ${restaurantId}`)} order by c.created_at desc, c.id desc limit 50`,
    );
    const bankLinked = await isBankVerified(this.deps.db, await this.restaurantNode(restaurantId));
    return { rows: rows.map((r) => this.toCampaign(r)), bankLinked };
  }

  async recipients(auth: AuthContext, id: number, page: number) {
    const restaurantId = requireListRole(auth);
    const [c] = await rowsOf(
      this.deps.db,
      sql`select id from sms_campaigns where id = ${id} and restaurant_id = ${restaurantId}`,
    );
    if (!c) throw notFound();
    const rows = await rowsOf(
      this.deps.db,
      sql`select phone, language, status, error from sms_recipients where campaign_id = ${id}
        order by phone limit 100 offset ${(page - 1) * 100}`,
    );
    const [n] = await rowsOf(
      this.deps.db,
      sql`select count(*)::int as n from sms_recipients where campaign_id = ${id}`,
    );
    return {
      rows: rows.map((r) => ({
        phone: String(r.phone),
        language: r.language === 'zh' ? ('zh' as const) : ('en' as const),
        status: String(r.status) as 'queued',
        error: strOrNull(r.error),
      })),
      total: num(n?.n),
    };
  }

  /** Reviewers: agents and team members above the restaurant in the node tree (admins see every one). */
  private reviewScope(auth: AuthContext) {
    if (auth.isAdmin) return sql`true`;
    if (!auth.isAgent) throw forbidden();
    return sql`exists (select 1 from nodes n where n.id = r.node_id and n.path like ${`${auth.node.path}%`})`;
  }

  async reviewList(auth: AuthContext, status: TCampaignStatus | 'all') {
    const scope = this.reviewScope(auth);
    const where = status === 'all' ? scope : sql`${scope} and c.status = ${status}`;
    const rows = await rowsOf(this.deps.db, sql`${this.select(where)} order by c.created_at desc, c.id desc limit 100`);
    return { rows: rows.map((r) => this.toCampaign(r)) };
  }

  async review(auth: AuthContext, id: number, decision: 'approved' | 'rejected', note: string | undefined) {
    const scope = this.reviewScope(auth);
    return this.deps.db.transaction(async (tx) => {
      const [row] = await rowsOf(
        tx,
        sql`select c.id, c.status, c.restaurant_id, c.created_by_user_id from sms_campaigns c join restaurants r on r.id = c.restaurant_id
          where c.id = ${id} and ${scope} for update of c`,
      );
      if (!row) throw notFound();
      // Four eyes: whoever submitted a campaign (an agent managing the restaurant can) never approves it.
      if (num(row.created_by_user_id) === auth.userId)
        throw new AppError(403, ERROR_CODES.forbidden, message('ownCampaign'));
      const from = String(row.status) as TCampaignStatus;
      if (!canMoveCampaign(from, decision)) throw conflict('notAllowedNow', { from, to: decision });
      await tx.execute(sql`update sms_campaigns set status = ${decision}, reviewed_by_user_id = ${auth.userId},
        reviewed_at = ${this.deps.clock.now().toISOString()}::timestamptz, review_note = ${note || null} where id = ${id}`);
      await this.auditIn(
        tx,
        num(row.restaurant_id),
        auth.userId,
        `sms.campaign.${decision === 'approved' ? 'approve' : 'reject'}`,
        'sms_campaign',
        String(id),
        {
          note: note ?? null,
        },
      );
      return { message: message(decision === 'approved' ? 'approved' : 'rejected') };
    });
  }

  /**
   * Send Now: an approved campaign is charged (once, by reference) and moves to Sent with the sender
   * and time; the sending runs on the job queue from the next moment inside 8:00-21:00 local time. A
   * Sent campaign whose sending stopped part-way (the provider failed as a whole, or the server sending
   * it died) may be sent again: it resumes where it stopped, charged no further. Pressing it while the
   * campaign is still sending is harmless: one job runs per campaign (its queue key), and no recipient
   * is sent twice.
   */
  async sendNow(auth: AuthContext, id: number) {
    const restaurantId = requireListRole(auth);
    const [row] = await rowsOf(
      this.deps.db,
      sql`select c.*, r.time_zone, r.node_id from sms_campaigns c join restaurants r on r.id = c.restaurant_id
        where c.id = ${id} and c.restaurant_id = ${restaurantId}`,
    );
    if (!row) throw notFound();
    const status = String(row.status) as TCampaignStatus;
    const resuming = status === 'sent' && isResumable(row.send_state);
    if (!resuming && !canMoveCampaign(status, 'sent')) throw conflict('notAllowedNow', { from: status, to: 'sent' });
    if (!(await isBankVerified(this.deps.db, num(row.node_id)))) throw conflict('linkBankFirst');
    let chargeId = strOrNull(row.payment_ref);
    if (!chargeId) {
      try {
        chargeId = (
          await this.deps.payments.charge({
            nodeId: num(row.node_id),
            amountCents: num(row.total_cents),
            reference: `sms-campaign-${id}`,
          })
        ).chargeId;
      } catch (error) {
        if (error instanceof PaymentError)
          throw new AppError(402, ERROR_CODES.badRequest, message('paymentFailed'), { cause: error });
        throw error;
      }
    }
    const now = this.deps.clock.now();
    const window = nextSendingTime(now, strOrNull(row.time_zone) ?? 'America/New_York');
    const moved = await this.deps.db.transaction(async (tx) => {
      const [locked] = await rowsOf(tx, sql`select status, send_state from sms_campaigns where id = ${id} for update`);
      const again = locked?.status === 'sent' && isResumable(locked.send_state);
      if (!locked || (!again && !canMoveCampaign(String(locked.status) as TCampaignStatus, 'sent'))) return false;
      await tx.execute(sql`update sms_campaigns set status = 'sent', payment_ref = ${chargeId},
        sent_by_user_id = coalesce(sent_by_user_id, ${auth.userId}), sent_at = coalesce(sent_at, ${now.toISOString()}::timestamptz),
        send_state = ${window.waits ? 'waiting' : 'sending'}, send_starts_at = ${window.at.toISOString()}::timestamptz,
        failure_reason = null where id = ${id}`);
      await this.auditIn(tx, restaurantId, auth.userId, 'sms.campaign.send', 'sms_campaign', String(id), {
        chargeId,
        totalCents: num(row.total_cents),
        startsAt: window.at.toISOString(),
        ...(again ? { resumed: true } : {}),
      });
      return true;
    });
    if (!moved) throw conflict('notAllowedNow', { from: 'sent', to: 'sent' });
    await this.queueSend(id, window.at);
    const recipients = num(row.recipients_en) + num(row.recipients_zh);
    return {
      message: message('sent', { count: recipients }),
      waitsUntil: window.waits ? window.at.toISOString() : null,
    };
  }

  /**
   * The campaign's sending job. Every job of a campaign has the same key, so the queue runs one at a
   * time across servers and keeps at most one waiting.
   */
  private async queueSend(campaignId: number, at: Date): Promise<void> {
    await this.deps.jobs.send(
      SEND_QUEUE,
      { campaignId },
      { startAfter: at, singletonKey: `sms-campaign-${campaignId}`, retryLimit: 5 },
    );
  }

  /**
   * The job: sends every recipient still queued, at most once each. A recipient is claimed 'sending'
   * (committed, only if still queued) before the provider is called; one found 'sending' on a later run
   * (the server died between the call and the write) is looked up at the provider by its reference
   * instead of sent again. `signal` aborts when this run must stop (its server is stopping, or lost the
   * job to another after stalling past its lease): checked before each recipient.
   */
  async runSend(campaignId: number, signal?: AbortSignal): Promise<void> {
    const db = this.deps.db;
    const [c] = await rowsOf(
      db,
      sql`select c.*, r.time_zone from sms_campaigns c join restaurants r on r.id = c.restaurant_id where c.id = ${campaignId}`,
    );
    if (!c || c.status !== 'sent' || !(c.send_state === 'waiting' || c.send_state === 'sending')) return;
    const window = nextSendingTime(this.deps.clock.now(), strOrNull(c.time_zone) ?? 'America/New_York');
    if (window.waits) {
      await db.execute(
        sql`update sms_campaigns set send_state = 'waiting', send_starts_at = ${window.at.toISOString()}::timestamptz where id = ${campaignId}`,
      );
      await this.queueSend(campaignId, window.at);
      return;
    }
    await db.execute(sql`update sms_campaigns set send_state = 'sending' where id = ${campaignId}`);
    const bodies = { en: smsText(String(c.body_en), 'en'), zh: c.body_zh ? smsText(String(c.body_zh), 'zh') : '' };
    for (;;) {
      // Outside the window mid-way (a long send reaching 21:00): stop and wait for the next morning.
      if (nextSendingTime(this.deps.clock.now(), strOrNull(c.time_zone) ?? 'America/New_York').waits) {
        const next = nextSendingTime(this.deps.clock.now(), strOrNull(c.time_zone) ?? 'America/New_York');
        await db.execute(
          sql`update sms_campaigns set send_state = 'waiting', send_starts_at = ${next.at.toISOString()}::timestamptz where id = ${campaignId}`,
        );
        await this.queueSend(campaignId, next.at);
        return;
      }
      const batch = await rowsOf(
        db,
        sql`select r.phone, r.language, r.status, (o.phone is not null) as opted_out from sms_recipients r
          left join sms_opt_outs o on o.phone = r.phone
          where r.campaign_id = ${campaignId} and r.status in ('queued', 'sending') order by r.phone limit ${BATCH}`,
      );
      if (batch.length === 0) break;
      for (const r of batch) {
        signal?.throwIfAborted();
        const phone = String(r.phone);
        const reference = `c${campaignId}:${phone}`;
        const mark = (status: string, sid: string | null, error: string | null) =>
          db.execute(sql`update sms_recipients set status = ${status}, provider_sid = coalesce(${sid}, provider_sid), error = ${error},
            updated_at = ${this.deps.clock.now().toISOString()}::timestamptz where campaign_id = ${campaignId} and phone = ${phone}`);
        if (r.status === 'sending') {
          const found = await this.deps.sms.findByReference(reference);
          if (found) {
            await mark('sent', found.sid, null);
            continue;
          }
        }
        if (r.opted_out === true) {
          await mark('failed', null, 'Opted out');
          continue;
        }
        if (r.status === 'queued') {
          const claimed = await rowsOf(
            db,
            sql`update sms_recipients set status = 'sending', updated_at = ${this.deps.clock.now().toISOString()}::timestamptz
              where campaign_id = ${campaignId} and phone = ${phone} and status = 'queued' returning phone`,
          );
          if (claimed.length === 0) continue; // another run has it
        }
        try {
          const sent = await this.deps.sms.send({
            to: phone,
            from: this.deps.fromNumber,
            body: r.language === 'zh' && bodies.zh ? bodies.zh : bodies.en,
            statusCallback: this.deps.statusCallbackUrl,
            reference,
          });
          await mark('sent', sent.sid, null);
        } catch (error) {
          if (error instanceof SmsSendError && error.permanent) {
            await mark('failed', null, error.message);
            continue;
          }
          if (error instanceof SmsSendError) {
            // The provider failed as a whole: stop, keep the rest queued, and say so on the campaign.
            await mark('queued', null, null);
            await db.execute(
              sql`update sms_campaigns set send_state = 'failed', failure_reason = ${message('sendFailed')} where id = ${campaignId}`,
            );
            return;
          }
          throw error; // a crash: the queue runs the job again and the 'sending' row is looked up
        }
      }
    }
    await db.execute(sql`update sms_campaigns set send_state = 'done' where id = ${campaignId}`);
  }

  /** The provider's delivery status for one message (signed; verified by the route). */
  async statusCallback(params: Record<string, string>): Promise<void> {
    const sid = params.MessageSid;
    const status = params.MessageStatus;
    if (!sid || !status) return;
    if (status === 'delivered') {
      await this.deps.db
        .execute(sql`update sms_recipients set status = 'delivered', updated_at = ${this.deps.clock.now().toISOString()}::timestamptz
        where provider_sid = ${sid} and status in ('sent', 'sending')`);
    } else if (status === 'failed' || status === 'undelivered') {
      await this.deps.db
        .execute(sql`update sms_recipients set status = 'failed', error = ${`${status}${params.ErrorCode ? ` (${params.ErrorCode})` : ''}`},
        updated_at = ${this.deps.clock.now().toISOString()}::timestamptz where provider_sid = ${sid} and status <> 'delivered'`);
    }
  }

  /** An inbound text to the platform's number: STOP-like words opt out, START-like words opt back in. */
  async inbound(params: Record<string, string>): Promise<'optOut' | 'optIn' | null> {
    const phone = normalizePhone(params.From);
    const body = params.Body ?? '';
    const kind = classifyInboundSms(body);
    if (!phone || !kind) return null;
    const at = this.deps.clock.now().toISOString();
    await this.deps.db.transaction(async (tx) => {
      if (kind === 'optOut')
        await tx.execute(
          sql`insert into sms_opt_outs (phone, at) values (${phone}, ${at}::timestamptz) on conflict (phone) do nothing`,
        );
      else await tx.execute(sql`delete from sms_opt_outs where phone = ${phone}`);
      await tx.execute(
        sql`insert into sms_opt_events (phone, kind, body, at) values (${phone}, ${kind}, ${body.slice(0, 160)}, ${at}::timestamptz)`,
      );
    });
    return kind;
  }
}
