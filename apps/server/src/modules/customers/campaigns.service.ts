import { ERROR_CODES } from '@ra/shared/errors';
import { CUSTOMERS_MESSAGES } from '@ra/shared/customers/customers.messages';
import {
  MAX_SELECTED,
  type TCampaignQuote,
  type TCampaignRequest,
  type TCustomerFilter,
} from '@ra/shared/customers/customers.schemas';
import {
  DEFAULT_SMS_PRICING,
  analyzeSms,
  canMoveCampaign,
  nextSendingTime,
  smsText,
  type TCampaignStatus,
  type TSmsPricing,
} from '@ra/shared/customers/sms';
import type { AuditRepository } from '../../db/audit.repository.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { CampaignsRepository, TReviewScope } from './campaigns.repository.ts';
import type { HoldPoints } from '../../lib/hold-points.ts';
import type { PaymentCharger } from './payment-charger.ts';
import { PaymentError } from './payment-charger.ts';
import { SmsSendError, type SmsSender } from './sms-sender.ts';
import { requireListRole, type CustomersService } from './customers.service.ts';
import type { TAudienceQuery } from './customers.repository.ts';
import { priced, segmentAudienceNow } from './campaign-audience.ts';

export const SEND_QUEUE = 'customers.sms-send';

/** The Idempotency-Key of a campaign's charge attempt (0 first, then one more per declined/failed charge). */
export const chargeReference = (campaignId: number, attempt: number) =>
  attempt === 0 ? `sms-campaign-${campaignId}` : `sms-campaign-${campaignId}-retry-${attempt}`;

/** A Sent campaign whose sending has not finished: Send Now resumes it (no further charge). */
const isResumable = (sendState: unknown) =>
  sendState === 'failed' || sendState === 'sending' || sendState === 'waiting';
const BATCH = 50;

const message = (key: keyof typeof CUSTOMERS_MESSAGES, vars: Record<string, string | number> = {}) =>
  CUSTOMERS_MESSAGES[key]!.en.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
const badRequest = (key: keyof typeof CUSTOMERS_MESSAGES, vars?: Record<string, string | number>) =>
  new AppError(400, ERROR_CODES.badRequest, message(key, vars));
const conflict = (key: keyof typeof CUSTOMERS_MESSAGES, vars?: Record<string, string | number>) =>
  new AppError(409, ERROR_CODES.badRequest, message(key, vars), {
    key: `customers.${String(key)}`,
    ...(vars ? { params: vars } : {}),
  });

export interface TCampaignDeps {
  repo: CampaignsRepository;
  clock: Clock;
  jobs: JobQueue;
  customers: CustomersService;
  /** A saved segment of the restaurant (the segments module's, wired in app.ts), or null when there is none. */
  segmentFilter?(restaurantId: number, segmentId: number): Promise<{ name: string; filter: TCustomerFilter } | null>;
  /** Whether the restaurant's bank account is linked and verified (the business module's api). */
  bankVerified(restaurantId: number): Promise<boolean>;
  sms: SmsSender;
  payments: PaymentCharger;
  /** The platform's sending number and the status callback URL the provider posts to. */
  fromNumber: string;
  statusCallbackUrl: string;
  /** Test hold points (lib/hold-points.ts): 'sms-charged' holds Send Now after the processor charged. */
  holdPoints?: HoldPoints;
}

/**
 * SMS campaigns (issue 12): quote, submit for approval, review by the agents above the restaurant,
 * Send Now (charge, then send on the job queue, resumable per (campaign, phone)). The provider's
 * delivery callbacks and inbound texts are `SmsWebhooksService`'s.
 */
export class CampaignsService {
  constructor(private readonly deps: TCampaignDeps) {}

  private get repo() {
    return this.deps.repo;
  }

  async registerWorkers(): Promise<void> {
    await this.deps.jobs.work<{ campaignId: number }>(SEND_QUEUE, (job) =>
      this.runSend(job.data.campaignId, job.signal),
    );
  }

  async pricing(): Promise<TSmsPricing> {
    return (await this.repo.pricing()) ?? DEFAULT_SMS_PRICING;
  }

  async setPricing(auth: AuthContext, pricing: TSmsPricing): Promise<TSmsPricing> {
    const before = await this.pricing();
    await this.repo.transaction(async (repo, audit) => {
      await repo.savePricing(pricing, this.deps.clock.now());
      await this.auditIn(audit, null, auth.userId, 'sms.pricing.update', 'sms_pricing', '1', {
        before,
        after: pricing,
      });
    });
    return pricing;
  }

  private async auditIn(
    audit: AuditRepository,
    restaurantId: number | null,
    userId: number,
    action: string,
    targetType: string,
    targetId: string,
    details: Record<string, unknown>,
  ) {
    await audit.record({
      restaurantId,
      actorUserId: userId,
      action,
      targetType,
      targetId,
      details,
      at: this.deps.clock.now(),
    });
  }

  /** A saved segment's name and filter, or 404 (another restaurant's segment is not found either). */
  private async segmentOf(restaurantId: number, segmentId: number) {
    const segment = (await this.deps.segmentFilter?.(restaurantId, segmentId)) ?? null;
    if (!segment) throw notFound();
    return { id: segmentId, ...segment };
  }

  /** Recipients and cost of a campaign as it would be submitted now (a segment: as it matches now). */
  async quote(auth: AuthContext, request: TCampaignRequest) {
    const restaurantId = requireListRole(auth);
    const segment =
      'segmentId' in request.audience ? await this.segmentOf(restaurantId, request.audience.segmentId) : null;
    const audience = segment ? { filter: segment.filter } : (request.audience as TAudienceQuery);
    const chosen = await this.deps.customers.audience(restaurantId, audience);
    if ('ids' in audience && audience.ids.length > MAX_SELECTED) throw badRequest('maxSelected');
    if ('ids' in audience && chosen.length > MAX_SELECTED) throw badRequest('maxSelected');
    // A segment is never cut to its first 1,000: Send Now would refuse it as it stands (see refreshAudience).
    if (segment && chosen.length > MAX_SELECTED) {
      const total = await this.deps.customers.countFor(restaurantId, segment.filter);
      const count = total.totalCapped ? `${total.total}+` : total.total;
      throw new AppError(400, ERROR_CODES.badRequest, message('segmentOverLimit', { count }), {
        key: 'customers.segmentOverLimit',
        params: { count },
      });
    }
    const capped = chosen.slice(0, MAX_SELECTED);
    if (capped.length === 0) throw badRequest('selectFirst');
    const reachable = capped.filter((c) => !c.optedOut);
    const partsEn = analyzeSms(request.bodyEn, 'en').parts;
    const partsZh = request.bodyZh ? analyzeSms(request.bodyZh, 'zh').parts : null;
    const { enCount, zhCount, cost } = priced(reachable, { en: partsEn, zh: partsZh }, await this.pricing());
    const quote: TCampaignQuote = {
      recipients: reachable.length,
      optedOutExcluded: capped.length - reachable.length,
      ...cost,
    };
    return { restaurantId, quote, reachable, partsEn, partsZh, enCount, zhCount, hasZh: !!request.bodyZh, segment };
  }

  async submit(auth: AuthContext, request: TCampaignRequest) {
    const q = await this.quote(auth, request);
    if (q.reachable.length === 0) throw badRequest('selectFirst');
    if (!(await this.deps.bankVerified(q.restaurantId))) throw conflict('linkBankFirst');
    const now = this.deps.clock.now();
    const id = await this.repo.transaction(async (repo, audit) => {
      const campaignId = await repo.insertCampaign({
        restaurantId: q.restaurantId,
        bodyEn: request.bodyEn,
        bodyZh: request.bodyZh ?? null,
        partsEn: q.partsEn,
        partsZh: q.partsZh,
        recipientsEn: q.enCount,
        recipientsZh: q.zhCount,
        optedOutExcluded: q.quote.optedOutExcluded,
        pricePerPartMicros: q.quote.pricePerPartMicros,
        taxRateBasisPoints: q.quote.taxRateBasisPoints,
        subtotalCents: q.quote.subtotalCents,
        taxCents: q.quote.taxCents,
        totalCents: q.quote.totalCents,
        createdByUserId: auth.userId,
        at: now,
        segment: q.segment,
      });
      const phones = q.reachable.map((c) => c.phone);
      const languages = q.reachable.map((c) => (q.hasZh && c.language === 'zh' ? 'zh' : 'en'));
      await repo.insertRecipients(campaignId, q.restaurantId, phones, languages, now);
      await this.auditIn(
        audit,
        q.restaurantId,
        auth.userId,
        'sms.campaign.submit',
        'sms_campaign',
        String(campaignId),
        {
          recipients: q.reachable.length,
          optedOutExcluded: q.quote.optedOutExcluded,
          totalCents: q.quote.totalCents,
          ...(q.segment ? { segment: { id: q.segment.id, name: q.segment.name } } : {}),
        },
      );
      return campaignId;
    });
    return { message: message('submitted'), id };
  }

  async listOwn(auth: AuthContext) {
    const restaurantId = requireListRole(auth);
    const rows = await this.repo.ownCampaigns(restaurantId);
    const bankLinked = await this.deps.bankVerified(restaurantId);
    return { rows, bankLinked };
  }

  async recipients(auth: AuthContext, id: number, page: number) {
    const restaurantId = requireListRole(auth);
    if (!(await this.repo.isOwnCampaign(restaurantId, id))) throw notFound();
    const rows = await this.repo.recipients(id, 100, (page - 1) * 100);
    return { rows, total: await this.repo.recipientCount(id) };
  }

  /** Reviewers: agents and team members above the restaurant in the node tree (admins see every one). */
  private reviewScope(auth: AuthContext): TReviewScope {
    if (auth.isAdmin) return { all: true };
    if (!auth.isAgent) throw forbidden();
    return { nodePath: auth.node.path };
  }

  async reviewList(auth: AuthContext, status: TCampaignStatus | 'all') {
    const scope = this.reviewScope(auth);
    return { rows: await this.repo.reviewCampaigns(scope, status) };
  }

  async review(auth: AuthContext, id: number, decision: 'approved' | 'rejected', note: string | undefined) {
    const scope = this.reviewScope(auth);
    return this.repo.transaction(async (repo, audit) => {
      const row = await repo.lockForReview(scope, id);
      if (!row) throw notFound();
      // Four eyes: whoever submitted a campaign (an agent managing the restaurant can) never approves it.
      if (row.createdByUserId === auth.userId) throw new AppError(403, ERROR_CODES.forbidden, message('ownCampaign'));
      const from = row.status;
      if (!canMoveCampaign(from, decision)) throw conflict('notAllowedNow', { from, to: decision });
      await repo.saveReview(id, decision, auth.userId, this.deps.clock.now(), note || null);
      await this.auditIn(
        audit,
        row.restaurantId,
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
    const row = await this.repo.forSending(restaurantId, id);
    if (!row) throw notFound();
    const status = row.status;
    const resuming = status === 'sent' && isResumable(row.sendState);
    if (!resuming && !canMoveCampaign(status, 'sent')) throw conflict('notAllowedNow', { from: status, to: 'sent' });
    if (!(await this.deps.bankVerified(restaurantId))) throw conflict('linkBankFirst');
    // A segment campaign's audience is the segment as it matches now, not when it was written.
    if (!resuming && !row.paymentRef && row.audienceFilter) {
      Object.assign(row, await this.refreshAudience(auth, id, row as typeof row & { audienceFilter: TCustomerFilter }));
    }
    let chargeId = row.paymentRef;
    if (!chargeId) {
      // One idempotency key per charge attempt, the attempt number kept with the campaign: a retry or a
      // crash reuses the attempt's key (the processor answers the charge it made: charged once); an
      // attempt the processor declined (its decline is replayed to the same key) or failed afterwards
      // (webhook) moves the campaign to the next key.
      const attempt = await this.repo.failedCharges(id);
      try {
        chargeId = (
          await this.deps.payments.charge({
            nodeId: row.nodeId,
            amountCents: row.totalCents,
            reference: chargeReference(id, attempt),
          })
        ).chargeId;
        // A test kills the server here: charged at the processor, not yet recorded by us.
        await this.deps.holdPoints?.reached('sms-charged', 1);
      } catch (error) {
        if (error instanceof PaymentError) {
          if (error.declined) await this.repo.chargeDeclined(id, attempt, this.deps.clock.now());
          throw new AppError(402, ERROR_CODES.badRequest, message('paymentFailed'), { cause: error });
        }
        throw error;
      }
    }
    const now = this.deps.clock.now();
    const window = nextSendingTime(now, row.timeZone ?? 'America/New_York');
    const moved = await this.repo.transaction(async (repo, audit) => {
      const locked = await repo.lockState(id);
      const again = locked?.status === 'sent' && isResumable(locked.sendState);
      if (!locked || (!again && !canMoveCampaign(locked.status, 'sent'))) return false;
      await repo.markSent(id, {
        chargeId: chargeId!,
        userId: auth.userId,
        at: now,
        sendState: window.waits ? 'waiting' : 'sending',
        startsAt: window.at,
      });
      await this.auditIn(audit, restaurantId, auth.userId, 'sms.campaign.send', 'sms_campaign', String(id), {
        chargeId,
        totalCents: row.totalCents,
        startsAt: window.at.toISOString(),
        ...(again ? { resumed: true } : {}),
      });
      return true;
    });
    if (!moved) throw conflict('notAllowedNow', { from: 'sent', to: 'sent' });
    await this.queueSend(id, window.at);
    return {
      message: message('sent', { count: row.recipients }),
      waitsUntil: window.waits ? window.at.toISOString() : null,
    };
  }

  /**
   * Send Now of a segment campaign: its kept filter is evaluated again, opted-out customers left out,
   * and recipients and cost rewritten at the campaign's own price (whole, audited) before the charge.
   * Past 1,000 matches, or nobody left to text, nothing is charged and the campaign stays approved.
   */
  private async refreshAudience(
    auth: AuthContext,
    id: number,
    row: NonNullable<Awaited<ReturnType<CampaignsRepository['forSending']>>> & { audienceFilter: TCustomerFilter },
  ) {
    const restaurantId = requireListRole(auth);
    const refresh = await segmentAudienceNow(this.deps.customers, restaurantId, row, (key, vars) =>
      conflict(key, vars),
    );
    const refreshed = await this.repo.transaction(async (repo, audit) => {
      if (!(await repo.refreshAudience(id, refresh, this.deps.clock.now()))) return false;
      await this.auditIn(audit, restaurantId, auth.userId, 'sms.campaign.audience', 'sms_campaign', String(id), {
        before: { recipients: row.recipients, totalCents: row.totalCents },
        after: { recipients: refresh.phones.length, totalCents: refresh.totalCents },
      });
      return true;
    });
    if (!refreshed) throw conflict('notAllowedNow', { from: row.status, to: 'sent' });
    return { recipients: refresh.phones.length, totalCents: refresh.totalCents };
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
    const repo = this.repo;
    const c = await repo.toRun(campaignId);
    if (!c || c.status !== 'sent' || !(c.sendState === 'waiting' || c.sendState === 'sending')) return;
    const timeZone = c.timeZone ?? 'America/New_York';
    const window = nextSendingTime(this.deps.clock.now(), timeZone);
    if (window.waits) {
      await repo.setWaiting(campaignId, window.at);
      await this.queueSend(campaignId, window.at);
      return;
    }
    await repo.setSendState(campaignId, 'sending');
    const bodies = { en: smsText(c.bodyEn, 'en'), zh: c.bodyZh ? smsText(c.bodyZh, 'zh') : '' };
    const since = c.sentAt ?? this.deps.clock.now();
    for (;;) {
      // Outside the window mid-way (a long send reaching 21:00): stop and wait for the next morning.
      if (nextSendingTime(this.deps.clock.now(), timeZone).waits) {
        const next = nextSendingTime(this.deps.clock.now(), timeZone);
        await repo.setWaiting(campaignId, next.at);
        await this.queueSend(campaignId, next.at);
        return;
      }
      // The processor failed the charge meanwhile (webhook): stop; Send Now charges again and resumes.
      if ((await repo.sendStateOf(campaignId)) === 'failed') return;
      const batch = await repo.pendingRecipients(campaignId, BATCH);
      if (batch.length === 0) break;
      for (const r of batch) {
        signal?.throwIfAborted();
        const phone = r.phone;
        const reference = `c${campaignId}:${phone}`;
        const body = r.language === 'zh' && bodies.zh ? bodies.zh : bodies.en;
        const mark = (status: string, sid: string | null, error: string | null) =>
          repo.markRecipient(campaignId, phone, status, sid, error, this.deps.clock.now());
        if (r.status === 'sending') {
          let found: { sid: string } | null;
          try {
            found = await this.deps.sms.findByReference({ reference, to: phone, body, since });
          } catch (error) {
            if (!(error instanceof SmsSendError)) throw error;
            // Cannot tell whether it went out: stop rather than risk texting twice.
            await repo.setFailed(campaignId, message('sendFailed'));
            return;
          }
          if (found) {
            await mark('sent', found.sid, null);
            continue;
          }
        }
        if (r.optedOut) {
          await mark('failed', null, 'Opted out');
          continue;
        }
        if (r.status === 'queued') {
          if (!(await repo.claimRecipient(campaignId, phone, this.deps.clock.now()))) continue; // another run has it
        }
        try {
          const sent = await this.deps.sms.send({
            to: phone,
            from: this.deps.fromNumber,
            body,
            statusCallback: `${this.deps.statusCallbackUrl}?ref=${encodeURIComponent(reference)}`,
            reference,
          });
          await mark('sent', sent.sid, null);
        } catch (error) {
          if (error instanceof SmsSendError && error.optedOut) {
            // The number opted out at the provider (Twilio 21610): opted out here too, never retried.
            const at = this.deps.clock.now();
            await repo.transaction(async (tx) => {
              await tx.optOut(phone, at);
              await tx.recordOptEvent(phone, 'optOut', `provider error ${error.code ?? ''}`.trim(), at);
            });
            await mark('failed', null, message('recipientOptedOut'));
            continue;
          }
          if (error instanceof SmsSendError && error.permanent) {
            await mark('failed', null, error.message);
            continue;
          }
          if (error instanceof SmsSendError) {
            // The provider failed as a whole: stop, keep the rest queued, and say so on the campaign. A
            // request that got no answer at all may have been accepted: it stays 'sending', looked up on resume.
            await mark(error.ambiguous ? 'sending' : 'queued', null, null);
            await repo.setFailed(campaignId, message('sendFailed'));
            return;
          }
          throw error; // a crash: the queue runs the job again and the 'sending' row is looked up
        }
      }
    }
    await repo.setSendState(campaignId, 'done');
  }

  /**
   * The payment processor's signed word on a charge (Stripe payment_intent.succeeded / payment_failed).
   * A failure stops the campaign with "Payment failed, please try again later"; Send Now then charges
   * again under the next idempotency key and resumes where the sending stopped.
   */
  async paymentOutcome(paymentRef: string, outcome: 'succeeded' | 'failed'): Promise<boolean> {
    return this.repo.transaction(async (repo, audit) => {
      const campaign = await repo.lockByPaymentRef(paymentRef);
      if (!campaign) return false;
      const at = this.deps.clock.now();
      await repo.recordCharge(campaign.id, paymentRef, outcome, at);
      if (outcome === 'failed') await repo.paymentFailed(campaign.id, message('paymentFailed'));
      await audit.record({
        restaurantId: campaign.restaurantId,
        actorUserId: null,
        action: `sms.campaign.payment.${outcome}`,
        targetType: 'sms_campaign',
        targetId: String(campaign.id),
        details: { paymentRef },
        at,
      });
      return true;
    });
  }
}
