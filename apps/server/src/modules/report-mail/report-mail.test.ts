import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../../app.ts';
import type { EmailSender, TEmailMessage } from '../../adapters/email/email-sender.ts';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { rowsOf } from '../../db/sql-util.ts';
import type { ManualClock } from '../../lib/clock.ts';
import { as, createTestContext, TEST_NOW, tokenFor, type TestContext } from '../../../test/helper.ts';

let ctx: TestContext;
let clock: ManualClock;
let owner: ReturnType<typeof as>;

/** A mail server that takes each message only when the test lets it (the run holds its lease meanwhile). */
class HeldSender implements EmailSender {
  readonly sent: TEmailMessage[] = [];
  private release: (() => void) | null = null;
  private held: Promise<void> | null = null;
  entered!: Promise<void>;
  private enter!: () => void;
  hold(): void {
    this.held = new Promise((resolve) => (this.release = resolve));
    this.entered = new Promise((resolve) => (this.enter = resolve));
  }
  let(): void {
    this.release?.();
    this.held = null;
  }
  async send(message: TEmailMessage): Promise<void> {
    this.enter?.();
    if (this.held) await this.held;
    this.sent.push(message);
  }
}

async function outbox(subject: string): Promise<Array<{ subject: string; body: string }>> {
  const rows = await rowsOf(
    ctx.db,
    sql`select subject, body from email_outbox where "to" = ${DEMO_EMAILS.owner} and subject like ${`%${subject}%`} order by id`,
  );
  return rows.map((r) => ({ subject: String(r.subject), body: String(r.body) }));
}

const subscribe = (frequency: string, extra: Record<string, unknown> = {}) =>
  owner({
    method: 'PUT',
    url: '/api/api/report-mail/settings',
    payload: { frequency, subscribed: true, language: 'en', includeXlsx: false, ...extra },
  });

beforeAll(async () => {
  ctx = await createTestContext();
  clock = ctx.config.clock as ManualClock;
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
}, 120_000);

afterAll(async () => {
  clock?.set(TEST_NOW);
  await ctx?.close();
});

describe('reports by email', () => {
  it('sends a daily report once, only after the business day ends, at 03:00 local on both sides of a DST change', async () => {
    // Friday March 6, 2026, noon in New York (EST); the clocks go forward on Sunday the 8th.
    clock.set('2026-03-06T12:00:00-05:00');
    const res = await subscribe('daily');
    expect(res.statusCode, res.body).toBe(200);
    const daily = res.json().subscriptions.find((s: { frequency: string }) => s.frequency === 'daily');
    // Harbor's business day ends at 03:00 (hourOffsetEndOfDay): 03:00 EST = 08:00Z.
    expect(daily).toMatchObject({ subscribed: true, nextPeriod: { from: '2026-03-06', to: '2026-03-06' } });
    expect(daily.nextSendAt).toBe('2026-03-07T08:00:00.000Z');

    await ctx.app.jobs.drain();
    clock.set('2026-03-07T07:59:00Z');
    await ctx.app.jobs.drain();
    expect(await outbox('Daily sales report')).toHaveLength(0);

    clock.set('2026-03-07T08:00:00Z');
    await ctx.app.jobs.drain();
    const first = await outbox('Daily sales report');
    expect(first.map((m) => m.subject)).toEqual(['Harbor Bistro · Daily sales report · 2026-03-06']);
    await ctx.app.jobs.drain();
    expect(await outbox('Daily sales report')).toHaveLength(1);

    // Saturday the 7th ends at 03:00 EDT on the 8th = 07:00Z (a fixed 24 h would say 08:00Z).
    clock.set('2026-03-08T06:59:00Z');
    await ctx.app.jobs.drain();
    expect(await outbox('Daily sales report')).toHaveLength(1);
    clock.set('2026-03-08T07:00:00Z');
    await ctx.app.jobs.drain();
    expect((await outbox('Daily sales report')).map((m) => m.subject)).toEqual([
      'Harbor Bistro · Daily sales report · 2026-03-06',
      'Harbor Bistro · Daily sales report · 2026-03-07',
    ]);
    const [delivered] = await rowsOf(
      ctx.db,
      sql`select count(*)::int as n from report_mail_deliveries where status = 'sent'`,
    );
    expect(Number(delivered!.n)).toBe(2);

    const off = await owner({
      method: 'PUT',
      url: '/api/api/report-mail/settings',
      payload: { frequency: 'daily', subscribed: false, language: 'en' },
    });
    expect(off.statusCode).toBe(200);
    clock.set('2026-03-09T07:00:00Z');
    await ctx.app.jobs.drain();
    expect(await outbox('Daily sales report')).toHaveLength(2);
  });

  it('sends a period exactly once while two servers run the queue: the second waits out the first one’s lease', async () => {
    const held = new HeldSender();
    const second: App = await buildApp({ db: ctx.db, config: ctx.config, emailSender: held });
    try {
      clock.set('2026-03-10T12:00:00-04:00');
      const res = await subscribe('weekly', { language: 'zh', includeXlsx: true });
      expect(res.statusCode, res.body).toBe(200);
      const weekly = res.json().subscriptions.find((s: { frequency: string }) => s.frequency === 'weekly');
      expect(weekly.nextPeriod).toEqual({ from: '2026-03-09', to: '2026-03-15' });
      expect(weekly.nextSendAt).toBe('2026-03-16T07:00:00.000Z');

      clock.set('2026-03-16T07:00:00Z');
      held.hold();
      // Server 2 takes the job and stops inside the send, holding its lease.
      const running = second.jobs.drain();
      await held.entered;
      // Server 1 finds nothing it may run: the job is active under a live lease.
      await ctx.app.jobs.drain();
      expect(await outbox('每周销售报表')).toHaveLength(0);
      held.let();
      await running;
      expect(held.sent.filter((m) => m.subject.includes('每周销售报表'))).toHaveLength(1);
      await ctx.app.jobs.drain();
      await second.jobs.drain();
      expect(held.sent.filter((m) => m.subject.includes('每周销售报表'))).toHaveLength(1);
      expect(await outbox('每周销售报表')).toHaveLength(0);

      // The email: phone-friendly HTML with the comparison, a PDF, the XLSX, and one-click unsubscribe.
      const mail = held.sent.find((m) => m.subject.includes('每周销售报表'))!;
      expect(mail.to).toBe(DEMO_EMAILS.owner);
      expect(mail.subject).toBe('Harbor Bistro · 每周销售报表 · 2026-03-09 – 2026-03-15');
      expect(mail.html).toContain('name="viewport"');
      expect(mail.html).toContain('净销售额');
      expect(mail.html).toContain('对比 2026-03-02 – 2026-03-08');
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const [pdf, xlsx] = mail.attachments ?? [];
      expect(pdf!.contentType).toBe('application/pdf');
      expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
      if (existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'))
        expect(pdf!.content.toString('latin1')).toMatch(/NotoSansCJK/);
      expect(xlsx!.content.subarray(0, 2).toString()).toBe('PK');

      // The link: GET only shows a page; a forged signature is refused; POST unsubscribes.
      const link = /^<(.+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!;
      const path = link.slice(link.indexOf('/api/report-mail/unsubscribe'));
      const page = await ctx.app.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('method="post"');
      const count = async () =>
        Number(
          (
            await rowsOf(
              ctx.db,
              sql`select count(*)::int as n from report_mail_subscriptions where frequency = 'weekly'`,
            )
          )[0]!.n,
        );
      expect(await count()).toBe(1);
      const forged = await ctx.app.inject({
        method: 'POST',
        url: path.replace(/t=([0-9a-f])/, (_m, c: string) => `t=${c === '0' ? '1' : '0'}`),
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().key).toBe('reportMail.badUnsubscribeLink');
      const oneClick = await ctx.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode, oneClick.body).toBe(200);
      expect(await count()).toBe(0);
      clock.set('2026-03-23T07:00:00Z');
      await second.jobs.drain();
      expect(held.sent.filter((m) => m.subject.includes('每周销售报表'))).toHaveLength(1);
    } finally {
      held.let();
      await second.close();
    }
  });

  it('previews the last finished period and sends one now to the signed-in person', async () => {
    clock.set(TEST_NOW);
    const preview = await owner({ method: 'GET', url: '/api/api/report-mail/preview?frequency=monthly&lang=en' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().period).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(preview.json().html).toContain('Harbor Bistro');
    expect(preview.json().html).not.toContain('Unsubscribe');
    const bad = await owner({ method: 'GET', url: '/api/api/report-mail/preview?frequency=hourly&lang=en' });
    expect(bad.statusCode).toBe(400);

    const now = await owner({
      method: 'POST',
      url: '/api/api/report-mail/send-now',
      payload: { frequency: 'monthly', lang: 'en' },
    });
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json()).toEqual({ to: DEMO_EMAILS.owner });
    expect((await outbox('Monthly sales report')).map((m) => m.subject)).toEqual([
      'Harbor Bistro · Monthly sales report · 2026-02-01 – 2026-02-28',
    ]);
  });
});
