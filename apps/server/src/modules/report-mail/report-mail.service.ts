import { createHmac, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES } from '@ra/shared/errors';
import { REPORT_MAIL_MESSAGES } from '@ra/shared/report-mail/report-mail.messages';
import {
  REPORT_MAIL_FREQUENCIES,
  REPORT_MAIL_UNSUBSCRIBE_PATH,
  type TReportMailFrequency,
  type TReportMailPreview,
  type TReportMailSettings,
  type TReportMailUpdate,
} from '@ra/shared/report-mail/report-mail.schemas';
import type { EmailSender, TEmailMessage } from '../../adapters/email/email-sender.ts';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { JobQueue, TJob } from '../../lib/jobs/job-queue.ts';
import type { TReportsApi } from '../reports/reports.module.ts';
import {
  attachmentsOf,
  htmlOf,
  subjectOf,
  textOf,
  type TMailFigures,
  type TMailReport,
} from './report-mail.message.ts';
import {
  followingPeriod,
  lastEnded,
  nextSend,
  previousPeriod,
  sendAt,
  type TPeriod,
  type TZoned,
} from './report-mail.periods.ts';
import type { ReportMailRepository, TSubscriptionRow } from './report-mail.repository.ts';

/** The queue of scheduled reports: one job per subscription and period, due when the period ends. */
export const REPORT_MAIL_QUEUE = 'report-mail.send';
/** Queues every subscription's period in progress (once at a server's start). */
export const REPORT_MAIL_SWEEP_QUEUE = 'report-mail.sweep';

export interface TReportMailJob {
  subscriptionId: number;
  from: string;
  to: string;
}

type TLang = 'en' | 'zh';

const noTimeZone = () =>
  new AppError(409, ERROR_CODES.conflict, REPORT_MAIL_MESSAGES.noTimeZone!.en, { key: 'reportMail.noTimeZone' });
const badLink = () =>
  new AppError(400, ERROR_CODES.badRequest, REPORT_MAIL_MESSAGES.badUnsubscribeLink!.en, {
    key: 'reportMail.badUnsubscribeLink',
  });
const sendFailed = (cause: unknown) =>
  new AppError(503, ERROR_CODES.emailUnavailable, REPORT_MAIL_MESSAGES.sendFailed!.en, {
    key: 'reportMail.sendFailed',
    cause,
  });

/**
 * Reports by email (docs/decisions.md "Reports by email"): a person subscribes per restaurant and
 * frequency; each period's email is a job due when the period's last business day ends in the
 * restaurant's zone, sent once (the job's lease keeps one run per period across servers, and the
 * delivery record keeps a finished period from going out again), and the job queues the next period.
 */
export class ReportMailService {
  constructor(
    private readonly repo: ReportMailRepository,
    private readonly reports: Pick<TReportsApi, 'clock' | 'fileContext' | 'salesByDay'>,
    private readonly email: EmailSender,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly publicUrl: string | undefined,
  ) {}

  /**
   * Registers the worker; `sweep` (a server on a running clock) also queues each subscription's
   * period in progress, so subscriptions written without the settings (the demo, a restore) are sent.
   * Queuing is idempotent: a period already waiting is not queued twice, one already sent is not resent.
   */
  async start(sweep: boolean): Promise<void> {
    await this.jobs.work<TReportMailJob>(REPORT_MAIL_QUEUE, (job) => this.deliver(job));
    await this.jobs.work(REPORT_MAIL_SWEEP_QUEUE, () => this.sweep());
    if (sweep) await this.jobs.send(REPORT_MAIL_SWEEP_QUEUE, {}, { singletonKey: 'sweep' });
  }

  async sweep(): Promise<void> {
    const now = this.clock.now();
    for (const sub of await this.repo.all()) {
      const zone = await this.zoneOf(sub.restaurantId);
      if (zone) await this.schedule(sub.id, nextSend(sub.frequency, now, zone).period, zone);
    }
  }

  private async zoneOf(restaurantId: number): Promise<TZoned | null> {
    const clock = await this.reports.clock(restaurantId);
    return clock.timeZone ? { timeZone: clock.timeZone, hourOffsetEndOfDay: clock.hourOffsetEndOfDay } : null;
  }

  async settings(auth: AuthContext): Promise<TReportMailSettings> {
    const restaurantId = requireRestaurantId(auth);
    const [mine, zone, file] = await Promise.all([
      this.repo.mine(auth.userId, restaurantId),
      this.zoneOf(restaurantId),
      this.reports.fileContext(restaurantId),
    ]);
    const now = this.clock.now();
    return {
      email: auth.email,
      restaurant: file.restaurant,
      timeZone: zone?.timeZone ?? null,
      subscriptions: REPORT_MAIL_FREQUENCIES.map((frequency) => {
        const sub = mine.find((s) => s.frequency === frequency);
        const next = sub && zone ? nextSend(frequency, now, zone) : null;
        return {
          frequency,
          subscribed: !!sub,
          includeXlsx: sub?.includeXlsx ?? false,
          language: sub?.language ?? 'en',
          nextSendAt: next ? next.at.toISOString() : null,
          nextPeriod: next ? next.period : null,
        };
      }),
    };
  }

  async update(auth: AuthContext, body: TReportMailUpdate): Promise<TReportMailSettings> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    if (!body.subscribed) {
      await this.repo.remove({ userId: auth.userId, restaurantId, frequency: body.frequency }, now, 'settings');
      return this.settings(auth);
    }
    const zone = await this.zoneOf(restaurantId);
    if (!zone) throw noTimeZone();
    const id = await this.repo.upsert(
      {
        userId: auth.userId,
        restaurantId,
        frequency: body.frequency,
        language: body.language,
        includeXlsx: body.includeXlsx,
      },
      now,
    );
    await this.schedule(id, nextSend(body.frequency, now, zone).period, zone);
    return this.settings(auth);
  }

  /** Queues a period's email, due when it ends; a second call for the same period queues nothing. */
  private async schedule(subscriptionId: number, period: TPeriod, zone: TZoned): Promise<void> {
    await this.jobs.send<TReportMailJob>(
      REPORT_MAIL_QUEUE,
      { subscriptionId, from: period.from, to: period.to },
      { startAfter: sendAt(period, zone), singletonKey: `${subscriptionId}:${period.from}:${period.to}` },
    );
  }

  private async figures(restaurantId: number, period: TPeriod): Promise<TMailFigures> {
    const days = await this.reports.salesByDay(restaurantId, period);
    const f = {
      netSalesCents: 0,
      orders: 0,
      guests: 0,
      averageCheckCents: 0,
      discountCents: 0,
      refundCents: 0,
      tipCents: 0,
    };
    for (const d of days.values()) {
      f.netSalesCents += d.netSalesCents;
      f.orders += d.orderCount;
      f.guests += d.guestCount;
      f.discountCents += d.itemDiscountCents + d.orderDiscountCents;
      f.refundCents += d.refundCents;
      f.tipCents += d.tipCents;
    }
    f.averageCheckCents = f.orders > 0 ? Math.round(f.netSalesCents / f.orders) : 0;
    return f;
  }

  /** The report of a finished period against the one before. */
  async report(
    restaurantId: number,
    frequency: TReportMailFrequency,
    period: TPeriod,
    zone: TZoned,
  ): Promise<TMailReport> {
    const previous = previousPeriod(frequency, period);
    const [file, current, before] = await Promise.all([
      this.reports.fileContext(restaurantId),
      this.figures(restaurantId, period),
      this.figures(restaurantId, previous),
    ]);
    return {
      restaurant: file.restaurant,
      timeZone: zone.timeZone,
      frequency,
      period,
      previousPeriod: previous,
      current,
      previous: before,
    };
  }

  async preview(auth: AuthContext, frequency: TReportMailFrequency, lang: TLang): Promise<TReportMailPreview> {
    const restaurantId = requireRestaurantId(auth);
    const zone = await this.zoneOf(restaurantId);
    if (!zone) throw noTimeZone();
    const period = lastEnded(frequency, this.clock.now(), zone);
    const report = await this.report(restaurantId, frequency, period, zone);
    return { subject: subjectOf(report, lang), html: htmlOf(report, lang, null), period };
  }

  /** "Send me one now": the last finished period, to the signed-in person, at once (not recorded as a period sent). */
  async sendNow(auth: AuthContext, frequency: TReportMailFrequency, lang: TLang, includeXlsx: boolean) {
    const restaurantId = requireRestaurantId(auth);
    const zone = await this.zoneOf(restaurantId);
    if (!zone) throw noTimeZone();
    const report = await this.report(restaurantId, frequency, lastEnded(frequency, this.clock.now(), zone), zone);
    const message = await this.message(report, lang, includeXlsx, auth.email, null);
    try {
      await this.email.send(message);
    } catch (error) {
      throw sendFailed(error);
    }
    return { to: auth.email };
  }

  private async message(
    report: TMailReport,
    lang: TLang,
    includeXlsx: boolean,
    to: string,
    subscriptionId: number | null,
  ): Promise<TEmailMessage> {
    const unsubscribe = subscriptionId === null ? null : this.unsubscribeUrl(subscriptionId);
    return {
      to,
      subject: subjectOf(report, lang),
      text: textOf(report, lang, unsubscribe),
      html: htmlOf(report, lang, unsubscribe),
      attachments: await attachmentsOf(report, lang, includeXlsx),
      ...(unsubscribe
        ? { headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
        : {}),
    };
  }

  /**
   * The job: a period has ended. Sends its email unless it was sent already (the delivery record),
   * then queues the next period. The queue runs one job of a key at a time on every server (its
   * lease), so two servers never both send; a run that dies before the mail server took the message
   * is run again and sends it.
   */
  async deliver(job: TJob<TReportMailJob>): Promise<void> {
    const { subscriptionId, from, to } = job.data;
    const sub = await this.repo.byId(subscriptionId);
    if (!sub) return; // unsubscribed meanwhile
    const zone = await this.zoneOf(sub.restaurantId);
    if (!zone) return;
    const period = { from, to };
    // Never before the period's last business day ended (a job due early by a changed zone waits).
    if (this.clock.now() < sendAt(period, zone)) {
      await this.schedule(sub.id, period, zone);
      return;
    }
    if (await this.repo.claim(sub.id, from, to, this.clock.now())) {
      await this.sendClaimed(sub, period, zone);
    }
    job.signal.throwIfAborted();
    await this.schedule(sub.id, followingPeriod(sub.frequency, period), zone);
  }

  private async sendClaimed(sub: TSubscriptionRow, period: TPeriod, zone: TZoned): Promise<void> {
    try {
      const report = await this.report(sub.restaurantId, sub.frequency, period, zone);
      await this.email.send(await this.message(report, sub.language, sub.includeXlsx, sub.email, sub.id));
    } catch (error) {
      await this.repo.markFailed(
        sub.id,
        period.from,
        period.to,
        error instanceof Error ? error.message : String(error),
      );
      throw error; // the queue retries
    }
    await this.repo.markSent(sub.id, period.from, period.to, this.clock.now());
  }

  private token(subscriptionId: number): string {
    return createHmac('sha256', this.secret).update(`report-mail-unsubscribe:${subscriptionId}`).digest('hex');
  }

  unsubscribeUrl(subscriptionId: number): string {
    const base = (this.publicUrl ?? '').replace(/\/$/, '');
    return `${base}${REPORT_MAIL_UNSUBSCRIBE_PATH}?s=${subscriptionId}&t=${this.token(subscriptionId)}`;
  }

  /** The email's link (GET shows a page, POST is RFC 8058's one click): a valid signature removes the subscription. */
  async unsubscribe(s: string, t: string): Promise<{ removed: boolean }> {
    const id = Number(s);
    const expected = Buffer.from(this.token(id), 'hex');
    const given = Buffer.from(t, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badLink();
    return { removed: await this.repo.remove({ id }, this.clock.now(), 'link') };
  }
}
