import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  TApplicationsResponse,
  TEarningsResponse,
  TInboxResponse,
  TPortfolioResponse,
} from '@ra/shared/agent/agent.schemas';
import { as, createTestContext, signin, tokenFor, type TestContext } from '../../../test/helper.ts';
import { harbor, restaurantByName } from '../team/team.test-support.ts';
import { rowsOf } from '../../db/sql-util.ts';
import { pdfText } from './pdf-text.test-support.ts';
import { EarningsRepository } from './earnings.repository.ts';
import { EarningsService } from './earnings.service.ts';

/**
 * The agent area (issue 13) through its HTTP routes: subtree isolation, portfolio and dashboard, team,
 * commissions with mid-period rate changes and reversals, paychecks with the minimum payout, the PDF
 * statement in both languages, notifications with uploads and read state, and application review.
 */
let ctx: TestContext;
let agent: ReturnType<typeof as>;
let outsider: ReturnType<typeof as>;
let owner: ReturnType<typeof as>;

/** A second agent with a tree of its own: it must never see the demo agent's. */
async function makeOtherAgent(c: TestContext) {
  const [node] = await rowsOf(
    c.db,
    sql`insert into nodes (parent_id, type, first_name, last_name, path, depth) values (null, 'agent', 'Silver Fork', 'Partners', '', 0) returning id`,
  );
  await c.db.execute(sql`update nodes set path = '/' || id || '/' where id = ${Number(node!.id)}`);
  const [hash] = await rowsOf(c.db, sql`select password_hash from users where email = 'agent@demo.test'`);
  await c.db.execute(
    sql`insert into users (email, password_hash, first_name, last_name, node_id) values ('agent@silverfork.test', ${String(hash!.password_hash)}, 'Olga', 'Berg', ${Number(node!.id)})`,
  );
}

beforeAll(async () => {
  ctx = await createTestContext();
  await makeOtherAgent(ctx);
  agent = as(ctx.app, await tokenFor(ctx.app, 'agent@demo.test'));
  outsider = as(ctx.app, await tokenFor(ctx.app, 'agent@silverfork.test'));
  owner = as(ctx.app, await tokenFor(ctx.app, 'owner@demo.test'));
});
afterAll(async () => {
  await ctx?.close();
});

const multipart = (fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) => {
  const boundary = 'agentTestBoundary42';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};
const MINIMAL_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

describe('subtree isolation', () => {
  it('refuses people who are not agents', async () => {
    const res = await owner({ method: 'GET', url: '/api/api/agent/portfolio' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only agents and team members can use the agent area');
  });

  it("shows an agent of another subtree nothing of the demo agent's tree", async () => {
    const res = await outsider({ method: 'GET', url: '/api/api/agent/portfolio' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ items: [], total: 0 });
    const apps = await outsider({ method: 'GET', url: '/api/api/agent/applications' });
    expect((apps.json() as TApplicationsResponse).items).toEqual([]);
    const [pending] = await rowsOf(ctx.db, sql`select id from agent_applications where status = 'pending' limit 1`);
    const approve = await outsider({
      method: 'POST',
      url: `/api/api/agent/applications/${Number(pending!.id)}/approve`,
    });
    expect(approve.statusCode).toBe(404);
    const h = await harbor(ctx.db);
    const put = await outsider({
      method: 'PUT',
      url: `/api/api/agent/portfolio/${h.xid}`,
      payload: { status: 'paused' },
    });
    expect(put.statusCode).toBe(404);
  });
});

describe('portfolio', () => {
  it('lists the tree with status, plan, trend and search', async () => {
    const res = await agent({ method: 'GET', url: '/api/api/agent/portfolio', query: { pageSize: '50' } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as TPortfolioResponse;
    expect(body.total).toBe(7);
    const harborRow = body.items.find((r) => r.name === 'Harbor Bistro')!;
    expect(harborRow).toMatchObject({ status: 'live', plan: 'enterprise', monthlyFeeCents: 29_900 });
    // each restaurant's own zone, in which the portfolio shows its times
    expect(harborRow.timeZone).toBe('America/New_York');
    // This month's trend runs from the 1st to today (the 14th).
    expect(harborRow.trend).toHaveLength(14);
    expect(body.items.map((r) => r.status)).toEqual(expect.arrayContaining(['onboarding', 'paused', 'churned']));
    const search = await agent({ method: 'GET', url: '/api/api/agent/portfolio', query: { q: 'sushi' } });
    expect((search.json() as TPortfolioResponse).items.map((r) => r.name)).toEqual(['Blue Fin Sushi']);
    const paused = await agent({ method: 'GET', url: '/api/api/agent/portfolio', query: { status: 'paused' } });
    expect((paused.json() as TPortfolioResponse).total).toBe(1);
  });

  it("shows the last sign-in of a restaurant's own people on the server's clock, and none when never", async () => {
    // The agent switching into a restaurant is not that restaurant signing in.
    const sushi = await restaurantByName(ctx.db, 'Blue Fin Sushi');
    expect(
      (await agent({ method: 'POST', url: '/api/account/swtichRestByXid', payload: { xid: sushi.xid } })).statusCode,
    ).toBe(200);
    const body = (
      await agent({ method: 'GET', url: '/api/api/agent/portfolio', query: { pageSize: '50' } })
    ).json() as TPortfolioResponse;
    const row = (name: string) => body.items.find((r) => r.name === name)!;
    // The owner signed in (beforeAll) at the test clock's instant.
    expect(row('Harbor Bistro').lastSignInAt).toBe(ctx.config.clock.now().toISOString());
    expect(row('Blue Fin Sushi').lastSignInAt).toBeNull();
    const team = (await agent({ method: 'GET', url: '/api/api/agent/team' })).json() as {
      items: Array<{ name: string; lastSignInAt: string | null }>;
    };
    expect(team.items.find((m) => m.name === 'Kevin Park')!.lastSignInAt).toBeNull();
    expect(team.items.find((m) => m.name === 'Linda Chen')!.lastSignInAt).toBe(ctx.config.clock.now().toISOString());
  });

  it('flags live restaurants without an order for 3 days and counts this month', async () => {
    const res = await agent({ method: 'GET', url: '/api/api/agent/dashboard' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.live).toBe(3);
    expect(body.quiet.map((q: { name: string }) => q.name)).toContain('Maple Street Diner');
    expect(body.earningsThisMonthCents).toBeGreaterThan(0);
    expect(body.pendingApplications).toBe(2);
  });
});

describe('team members', () => {
  it('invites by email with an expiring link, assigns restaurants and deactivates (ending sessions)', async () => {
    const invite = await agent({
      method: 'POST',
      url: '/api/api/agent/team/invite',
      payload: { firstName: 'Nina', lastName: 'Cho', email: 'Nina.Cho@partners.test', teamRole: 'member' },
    });
    expect(invite.statusCode).toBe(200);
    const [mail] = await rowsOf(ctx.db, sql`select body from email_outbox where "to" = 'nina.cho@partners.test'`);
    const token = /resetPassword\?token=([\w-]+)/.exec(String(mail!.body))![1]!;
    expect(String(mail!.body)).toContain('7 days');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/resetPassword',
      payload: { token, newPassword: 'demo1234', confirmPassword: 'demo1234' },
    });
    expect(reset.statusCode).toBe(200);
    const maple = await restaurantByName(ctx.db, 'Maple Street Diner');
    const xid = String(invite.json().xid);
    const assign = await agent({
      method: 'PUT',
      url: `/api/api/agent/team/${xid}`,
      payload: { restaurantXids: [maple.xid] },
    });
    expect(assign.statusCode).toBe(200);
    const nina = as(ctx.app, await tokenFor(ctx.app, 'nina.cho@partners.test'));
    const mine = await nina({ method: 'GET', url: '/api/api/agent/portfolio' });
    expect((mine.json() as TPortfolioResponse).items.map((r) => r.name)).toEqual(['Maple Street Diner']);
    // A member manages nobody.
    expect((await nina({ method: 'GET', url: '/api/api/agent/applications' })).statusCode).toBe(403);
    // ...and switches only into the restaurants assigned to them, though others lie in the same tree.
    const switchTo = (x: string) => nina({ method: 'POST', url: '/api/account/swtichRestByXid', payload: { xid: x } });
    expect((await switchTo(maple.xid)).statusCode).toBe(200);
    const other = await harbor(ctx.db);
    expect((await switchTo(other.xid)).statusCode).toBe(403);
    expect(
      (await agent({ method: 'POST', url: '/api/account/swtichRestByXid', payload: { xid: other.xid } })).statusCode,
    ).toBe(200);
    const off = await agent({ method: 'PUT', url: `/api/api/agent/team/${xid}`, payload: { status: 'inactive' } });
    expect(off.statusCode).toBe(200);
    expect((await nina({ method: 'GET', url: '/api/api/agent/portfolio' })).statusCode).toBe(401);
    expect((await signin(ctx.app, 'nina.cho@partners.test')).statusCode).toBe(400);
  });

  it('keeps no account when the invitation email cannot be sent', async () => {
    const failing = await ctx.buildAnother({
      config: { email: { ...ctx.config.email, fail: true } },
    });
    const token = await tokenFor(ctx.app, 'agent@demo.test');
    const res = await failing.inject({
      method: 'POST',
      url: '/api/api/agent/team/invite',
      headers: { authorization: token },
      payload: { firstName: 'Lost', lastName: 'Mail', email: 'lost.mail@partners.test' },
    });
    expect(res.statusCode).toBe(503);
    expect(await rowsOf(ctx.db, sql`select 1 from users where email = 'lost.mail@partners.test'`)).toEqual([]);
  });
});

describe('earnings and paychecks', () => {
  it('computes commissions in cents with a rate change mid-period, approves, and reverses with a reason', async () => {
    const h = await harbor(ctx.db);
    // A card payment of $1,000.00 on each of March 2 and March 12, then Harbor's rate changes on the 10th.
    await ctx.db.execute(
      sql`insert into daily_payment_sales (restaurant_id, business_day, method, card_brand, count, amount_cents)
          values (${h.id}, '2026-03-02', 'card', 'visa', 1, 100000), (${h.id}, '2026-03-12', 'card', 'visa', 1, 100000)`,
    );
    const rule = await agent({
      method: 'POST',
      url: '/api/api/agent/commission-rules',
      payload: { restaurantXid: h.xid, basis: 'cardVolume', rateBps: 100, startsOn: '2026-03-10' },
    });
    expect(rule.statusCode).toBe(200);
    const both = await agent({
      method: 'POST',
      url: '/api/api/agent/commission-rules',
      payload: { restaurantXid: h.xid, plan: 'pro', basis: 'cardVolume', rateBps: 100, startsOn: '2026-03-10' },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.restaurantXid).toBe('Choose either one restaurant or one plan');

    expect(
      (await agent({ method: 'POST', url: '/api/api/agent/earnings/compute', payload: { periodStart: '2026-03-01' } }))
        .statusCode,
    ).toBe(200);
    const report = (
      await agent({ method: 'GET', url: '/api/api/agent/earnings', query: { periodStart: '2026-03-01' } })
    ).json() as TEarningsResponse;
    const card = report.items.find((e) => e.restaurant.name === 'Harbor Bistro' && e.basis === 'cardVolume')!;
    // $1,000 at the seeded 25 bp ($2.50), then $1,000 at 100 bp ($10.00).
    expect(card.segments.map((s) => [s.from, s.to, s.rateBps, s.baseCents, s.amountCents])).toEqual([
      ['2026-03-01', '2026-03-09', 25, 100_000, 250],
      ['2026-03-10', '2026-03-15', 100, 100_000, 1_000],
    ]);
    expect(card).toMatchObject({ amountCents: 1_250, status: 'pending' });

    const approve = await agent({
      method: 'POST',
      url: '/api/api/agent/earnings/approve',
      payload: { periodStart: '2026-03-01' },
    });
    expect(approve.json().approved).toBeGreaterThan(0);
    const noReason = await agent({
      method: 'POST',
      url: `/api/api/agent/earnings/${card.id}/clawback`,
      payload: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    const tooMuch = await agent({
      method: 'POST',
      url: `/api/api/agent/earnings/${card.id}/clawback`,
      payload: { reason: 'Chargeback', amountCents: 1_251 },
    });
    expect(tooMuch.statusCode).toBe(400);
    const back = await agent({
      method: 'POST',
      url: `/api/api/agent/earnings/${card.id}/clawback`,
      payload: { reason: 'Chargeback on March 12', amountCents: 400 },
    });
    expect(back.statusCode).toBe(200);
    const after = (
      await agent({ method: 'GET', url: '/api/api/agent/earnings', query: { periodStart: '2026-03-01' } })
    ).json() as TEarningsResponse;
    const original = after.items.find((e) => e.id === card.id)!;
    expect(original).toMatchObject({ amountCents: 1_250, status: 'approved' });
    expect(after.items.find((e) => e.reversesId === card.id)).toMatchObject({
      kind: 'clawback',
      amountCents: -400,
      reason: 'Chargeback on March 12',
    });

    const csv = await agent({
      method: 'GET',
      url: '/api/api/agent/earnings/export',
      query: { periodStart: '2026-03-01', format: 'csv' },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('2026-03-10..2026-03-15: 1000.00 x 1.00% = 10.00');
    const xlsx = await agent({
      method: 'GET',
      url: '/api/api/agent/earnings/export',
      query: { periodStart: '2026-03-01', format: 'xlsx' },
    });
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('carries a paycheck below the minimum payout to the next period', async () => {
    // Silver Fork has one small approved commission per period.
    const [node] = await rowsOf(ctx.db, sql`select id from nodes where first_name = 'Silver Fork'`);
    const h = await harbor(ctx.db);
    const nodeId = Number(node!.id);
    for (const [start, end, cents] of [
      ['2026-02-01', '2026-02-15', 3_000],
      ['2026-02-16', '2026-02-28', 2_500],
    ] as const)
      await ctx.db.execute(
        sql`insert into agent_earnings (agent_node_id, restaurant_id, period_start, period_end, basis, amount_cents, status, created_at)
            values (${nodeId}, ${h.id}, ${start}, ${end}, 'subscription', ${cents}, 'approved', now())`,
      );
    const first = await outsider({
      method: 'POST',
      url: '/api/api/agent/paychecks/close',
      payload: { periodStart: '2026-02-01' },
    });
    expect(first.json()).toMatchObject({
      earnedCents: 3_000,
      netPayCents: 0,
      carriedOutCents: 3_000,
      status: 'carried',
    });
    const second = await outsider({
      method: 'POST',
      url: '/api/api/agent/paychecks/close',
      payload: { periodStart: '2026-02-16' },
    });
    expect(second.json()).toMatchObject({
      earnedCents: 2_500,
      carriedInCents: 3_000,
      netPayCents: 5_500,
      status: 'due',
    });
    const open = await outsider({
      method: 'POST',
      url: '/api/api/agent/paychecks/close',
      payload: { periodStart: '2026-03-01' },
    });
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe('This pay period has not ended yet');
    const bad = await outsider({
      method: 'POST',
      url: '/api/api/agent/paychecks/close',
      payload: { periodStart: '2026-03-05' },
    });
    expect(bad.statusCode).toBe(400);

    // Paying needs a verified bank account: refused without, paid with.
    const admin = as(ctx.app, await tokenFor(ctx.app, 'admin@demo.test'));
    const refused = await admin({ method: 'POST', url: `/api/api/agent/paychecks/${second.json().id}/pay` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Please link bank information first');
  });

  it('records a paycheck paid when the bank is verified, and its earnings paid', async () => {
    const service = new EarningsService({
      repo: new EarningsRepository(ctx.db),
      clock: ctx.config.clock,
      bankCheck: async () => true,
      nodeName: async () => 'Demo Agent',
    });
    const [due] = await rowsOf(
      ctx.db,
      sql`select id from agent_paychecks where status = 'due' order by id desc limit 1`,
    );
    const [adminRow] = await rowsOf(ctx.db, sql`select id from users where email = 'admin@demo.test'`);
    const paid = await service.pay({ userId: Number(adminRow!.id) } as never, Number(due!.id), '127.0.0.1');
    expect(paid).toMatchObject({ status: 'paid', paidOn: '2026-03-14' });
    const [earning] = await rowsOf(
      ctx.db,
      sql`select count(*) as n from agent_earnings where paycheck_id = ${Number(due!.id)} and status <> 'paid'`,
    );
    expect(Number(earning!.n)).toBe(0);
  });

  it('downloads each paycheck as a PDF statement in English and Chinese', async () => {
    const list = await agent({ method: 'GET', url: '/api/api/agent/paychecks' });
    const paycheck = list.json().items.find((p: { status: string }) => p.status === 'paid');
    expect(paycheck).toBeDefined();
    const en = await agent({
      method: 'GET',
      url: `/api/api/agent/paychecks/${paycheck.id}/pdf`,
      query: { lang: 'en' },
    });
    expect(en.headers['content-type']).toBe('application/pdf');
    const enText = pdfText(en.rawPayload);
    expect(enText).toContain('Commission statement');
    expect(enText).toContain(`Pay period: ${paycheck.periodStart} – ${paycheck.periodEnd}`);
    expect(enText).toContain('Harbor Bistro · Subscription fee');
    const zh = await agent({
      method: 'GET',
      url: `/api/api/agent/paychecks/${paycheck.id}/pdf`,
      query: { lang: 'zh' },
    });
    const zhText = pdfText(zh.rawPayload);
    expect(zhText).toContain('佣金对账单');
    expect(zhText).toContain('状态: 已支付');
    expect(zhText).toContain('订阅费');
    // Another agent cannot read it.
    expect((await outsider({ method: 'GET', url: `/api/api/agent/paychecks/${paycheck.id}/pdf` })).statusCode).toBe(
      404,
    );
  });
});

describe('notification center', () => {
  it('delivers one row per restaurant, shows unread in the bell, and the agent sees who read it', async () => {
    const h = await harbor(ctx.db);
    const dragon = await restaurantByName(ctx.db, '金龙餐厅 Golden Dragon');
    const form = multipart(
      {
        restaurantXids: `${h.xid},${dragon.xid}`,
        messageEn: 'New tax table from April 1',
        messageZh: '4 月 1 日起使用新税率表',
      },
      { name: 'tax-table.pdf', type: 'application/pdf', bytes: MINIMAL_PDF },
    );
    const sent = await agent({ method: 'POST', url: '/api/api/agent/notifications', ...form });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ recipients: 2 });
    const id = sent.json().id as number;
    const inbox = (await owner({ method: 'GET', url: '/api/api/notifications/inbox' })).json() as TInboxResponse;
    expect(inbox.items[0]).toMatchObject({
      id,
      messageZh: '4 月 1 日起使用新税率表',
      fileName: 'tax-table.pdf',
      readAt: null,
    });
    const unreadBefore = inbox.unread;
    const file = await owner({ method: 'GET', url: `/api/api/notifications/${id}/file` });
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await owner({ method: 'POST', url: `/api/api/notifications/${id}/read` })).statusCode).toBe(200);
    const after = (await owner({ method: 'GET', url: '/api/api/notifications/inbox' })).json() as TInboxResponse;
    expect(after.unread).toBe(unreadBefore - 1);
    const reads = (await agent({ method: 'GET', url: `/api/api/agent/notifications/${id}` })).json();
    const harborRead = reads.deliveries.find(
      (d: { restaurant: { name: string } }) => d.restaurant.name === 'Harbor Bistro',
    );
    expect(harborRead).toMatchObject({ readBy: 'Grace Miller', readAt: '2026-03-14T23:30:00.000Z' });
    expect(
      reads.deliveries.find((d: { restaurant: { name: string } }) => d.restaurant.name !== 'Harbor Bistro').readAt,
    ).toBeNull();
    expect((await outsider({ method: 'GET', url: `/api/api/agent/notifications/${id}` })).statusCode).toBe(404);
  });

  it('refuses a file that only pretends to be a PDF, and sending outside the subtree', async () => {
    const h = await harbor(ctx.db);
    const fake = multipart(
      { restaurantXids: h.xid, messageEn: 'x', messageZh: 'x' },
      { name: 'invoice.pdf', type: 'application/pdf', bytes: Buffer.from('MZ this is really a program') },
    );
    const res = await agent({ method: 'POST', url: '/api/api/agent/notifications', ...fake });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.file).toBe('Only a PDF or an image (PNG, JPEG, WebP, GIF) can be sent');
    const foreign = multipart({ restaurantXids: h.xid, messageEn: 'x', messageZh: 'x' });
    const refused = await outsider({ method: 'POST', url: '/api/api/agent/notifications', ...foreign });
    expect(refused.statusCode).toBe(400);
    const [count] = await rowsOf(ctx.db, sql`select count(*) as n from agent_notifications where message_en = 'x'`);
    expect(Number(count!.n)).toBe(0);
  });

  it('a node ticked in the tree reaches exactly the restaurants under it; a node outside the subtree is refused', async () => {
    const [team] = await rowsOf(
      ctx.db,
      sql`select id, xid, path from nodes where type = 'team' and first_name = 'East'`,
    );
    const under = await rowsOf(
      ctx.db,
      sql`select r.id from restaurants r join nodes n on n.id = r.node_id where n.path like ${`${String(team!.path)}%`} order by r.id`,
    );
    expect(under.length).toBeGreaterThan(1);
    const h = await harbor(ctx.db);
    // The team, plus Harbor by search, plus one of the team's own restaurants again: each restaurant once.
    const [first] = await rowsOf(
      ctx.db,
      sql`select n.xid from nodes n join restaurants r on r.node_id = n.id where r.id = ${Number(under[0]!.id)}`,
    );
    const byTree = multipart({
      nodeXids: `${String(team!.xid)},${String(first!.xid)}`,
      restaurantXids: h.xid,
      messageEn: 'Team meeting on Monday',
      messageZh: '周一团队会议',
    });
    const sent = await agent({ method: 'POST', url: '/api/api/agent/notifications', ...byTree });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ recipients: under.length + 1 });
    const delivered = await rowsOf(
      ctx.db,
      sql`select restaurant_id from agent_notification_deliveries where notification_id = ${Number(sent.json().id)} order by restaurant_id`,
    );
    expect(delivered.map((d) => Number(d.restaurant_id))).toEqual(
      [...under.map((r) => Number(r.id)), h.id].sort((a, b) => a - b),
    );

    // The demo agent's own node is outside the other agent's subtree, and the other agent's is outside the demo's.
    const [demoRoot] = await rowsOf(
      ctx.db,
      sql`select xid from nodes where type = 'agent' and first_name = 'Golden Spoon'`,
    );
    const [otherRoot] = await rowsOf(
      ctx.db,
      sql`select xid from nodes where type = 'agent' and first_name = 'Silver Fork'`,
    );
    const foreignTeam = multipart({ nodeXids: String(team!.xid), messageEn: 'y', messageZh: 'y' });
    const refused = await outsider({ method: 'POST', url: '/api/api/agent/notifications', ...foreignTeam });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This group or restaurant is not in your tree');
    const mixed = multipart({
      nodeXids: `${String(team!.xid)},${String(otherRoot!.xid)}`,
      messageEn: 'y',
      messageZh: 'y',
    });
    expect((await agent({ method: 'POST', url: '/api/api/agent/notifications', ...mixed })).statusCode).toBe(403);
    const own = multipart({ nodeXids: String(demoRoot!.xid), messageEn: 'y', messageZh: 'y' });
    expect((await outsider({ method: 'POST', url: '/api/api/agent/notifications', ...own })).statusCode).toBe(403);
    const [count] = await rowsOf(ctx.db, sql`select count(*) as n from agent_notifications where message_en = 'y'`);
    expect(Number(count!.n)).toBe(0);
  });

  it("a member's ticked node reaches only the restaurants assigned to them; an unassigned restaurant is refused", async () => {
    const [agentNode] = await rowsOf(
      ctx.db,
      sql`select id, xid from nodes where type = 'agent' and first_name = 'Golden Spoon'`,
    );
    const [hash] = await rowsOf(ctx.db, sql`select password_hash from users where email = 'agent@demo.test'`);
    const [user] = await rowsOf(
      ctx.db,
      sql`insert into users (email, password_hash, first_name, last_name, node_id)
          values ('tree.member@partners.test', ${String(hash!.password_hash)}, 'Tao', 'Reed', ${Number(agentNode!.id)}) returning id`,
    );
    const maple = await restaurantByName(ctx.db, 'Maple Street Diner');
    await ctx.db.execute(
      sql`insert into agent_team_members (user_id, agent_node_id, team_role) values (${Number(user!.id)}, ${Number(agentNode!.id)}, 'member')`,
    );
    await ctx.db.execute(
      sql`insert into agent_member_restaurants (user_id, restaurant_id) values (${Number(user!.id)}, ${maple.id})`,
    );
    const member = as(ctx.app, await tokenFor(ctx.app, 'tree.member@partners.test'));
    const whole = multipart({ nodeXids: String(agentNode!.xid), messageEn: 'For Maple only', messageZh: '只给枫叶' });
    const sent = await member({ method: 'POST', url: '/api/api/agent/notifications', ...whole });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ recipients: 1 });
    const [delivery] = await rowsOf(
      ctx.db,
      sql`select restaurant_id from agent_notification_deliveries where notification_id = ${Number(sent.json().id)}`,
    );
    expect(Number(delivery!.restaurant_id)).toBe(maple.id);
    const h = await harbor(ctx.db);
    const unassigned = multipart({ nodeXids: h.xid, messageEn: 'z', messageZh: 'z' });
    expect((await member({ method: 'POST', url: '/api/api/agent/notifications', ...unassigned })).statusCode).toBe(403);
  });
});

describe('application review', () => {
  it('needs a reason from the list and a note to reject', async () => {
    const list = (
      await agent({ method: 'GET', url: '/api/api/agent/applications', query: { kind: 'member', status: 'pending' } })
    ).json() as TApplicationsResponse;
    const member = list.items[0]!;
    const none = await agent({
      method: 'POST',
      url: `/api/api/agent/applications/${member.id}/reject`,
      payload: { note: 'x' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.reason).toBe('Please select the rejection reason');
    const noNote = await agent({
      method: 'POST',
      url: `/api/api/agent/applications/${member.id}/reject`,
      payload: { reason: 'other', note: '' },
    });
    expect(noNote.statusCode).toBe(400);
    const ok = await agent({
      method: 'POST',
      url: `/api/api/agent/applications/${member.id}/reject`,
      payload: { reason: 'notTheRightFit', note: 'We cover Boston only for now.' },
    });
    expect(ok.statusCode).toBe(200);
    const again = await agent({ method: 'POST', url: `/api/api/agent/applications/${member.id}/approve` });
    expect(again.statusCode).toBe(409);
    const [audit] = await rowsOf(
      ctx.db,
      sql`select actor_user_id, created_at from audit_log where action = 'agent.application.reject' and target_id = ${String(member.id)}`,
    );
    expect(audit).toBeDefined();
  });

  it('approving a restaurant opens its node under the tree with the owner invited by email', async () => {
    const apply = await ctx.app.inject({
      method: 'POST',
      url: '/api/api/agent-apply',
      payload: {
        ref: (await agent({ method: 'GET', url: '/api/api/agent/me' })).json().referralCode,
        businessName: 'Cedar Grill',
        firstName: 'Omar',
        lastName: 'Haddad',
        email: 'omar@cedargrill.test',
      },
    });
    expect(apply.statusCode).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/api/agent-apply',
          payload: { ref: 'N999999', businessName: 'X', firstName: 'A', lastName: 'B', email: 'a@b.test' },
        })
      ).statusCode,
    ).toBe(400);
    const list = (
      await agent({
        method: 'GET',
        url: '/api/api/agent/applications',
        query: { kind: 'restaurant', status: 'pending' },
      })
    ).json() as TApplicationsResponse;
    const cedar = list.items.find((a) => a.businessName === 'Cedar Grill')!;
    const res = await agent({ method: 'POST', url: `/api/api/agent/applications/${cedar.id}/approve` });
    expect(res.statusCode).toBe(200);
    const portfolio = (
      await agent({ method: 'GET', url: '/api/api/agent/portfolio', query: { q: 'cedar' } })
    ).json() as TPortfolioResponse;
    expect(portfolio.items[0]).toMatchObject({ name: 'Cedar Grill', status: 'onboarding' });
    const [mail] = await rowsOf(ctx.db, sql`select body from email_outbox where "to" = 'omar@cedargrill.test'`);
    expect(String(mail!.body)).toContain('to manage Cedar Grill');
    const token = /resetPassword\?token=([\w-]+)/.exec(String(mail!.body))![1]!;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/account/resetPassword',
      payload: { token, newPassword: 'demo1234', confirmPassword: 'demo1234' },
    });
    const omar = as(ctx.app, await tokenFor(ctx.app, 'omar@cedargrill.test'));
    const info = (await omar({ method: 'GET', url: '/api/api/getrest' })).json();
    expect(info.name).toBe('Cedar Grill');
    const reviewed = (
      await agent({ method: 'GET', url: '/api/api/agent/applications', query: { status: 'approved' } })
    ).json() as TApplicationsResponse;
    expect(reviewed.items.find((a) => a.id === cedar.id)).toMatchObject({
      reviewer: 'Linda Chen',
      created: { name: 'Cedar Grill' },
    });
  });

  it('approving a member application creates the team member', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/api/agent-apply',
      payload: {
        ref: (await agent({ method: 'GET', url: '/api/api/agent/me' })).json().referralCode,
        kind: 'member',
        firstName: 'Rosa',
        lastName: 'Diaz',
        email: 'rosa@partners.test',
      },
    });
    const list = (
      await agent({ method: 'GET', url: '/api/api/agent/applications', query: { kind: 'member', status: 'pending' } })
    ).json() as TApplicationsResponse;
    const rosa = list.items.find((a) => a.email === 'rosa@partners.test')!;
    expect((await agent({ method: 'POST', url: `/api/api/agent/applications/${rosa.id}/approve` })).statusCode).toBe(
      200,
    );
    const team = (await agent({ method: 'GET', url: '/api/api/agent/team' })).json();
    expect(team.items.find((m: { email: string }) => m.email === 'rosa@partners.test')).toMatchObject({
      teamRole: 'member',
      status: 'invited',
    });
  });
});
