import { sql } from 'drizzle-orm';
import type { TCommissionRuleInput } from '@ra/shared/agent/commission';
import { placeOf } from '@ra/shared/agent/team-authority';
import { payPeriodOf, payPeriodsOfMonth, previousPayPeriod, type TPayPeriod } from '@ra/shared/agent/pay-periods';
import type { TDomainSeedContext } from './seed-context.ts';
import { num, rowsOf } from '../db/sql-util.ts';
import { agentToday, depthOfPath, type TAgentScope } from '../modules/agent/agent-scope.ts';
import { EarningsRepository } from '../modules/agent/earnings.repository.ts';
import { EarningsService } from '../modules/agent/earnings.service.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import type { Database } from '../db/client.ts';

/** The demo agent's portfolio beyond the four demo restaurants: onboarding, paused and churned. */
export const MORE_RESTAURANTS = [
  { name: 'Lotus Tea House', city: 'Cambridge', state: 'MA', status: 'onboarding', plan: 'starter', fee: 7_900 },
  { name: 'Blue Fin Sushi', city: 'Providence', state: 'RI', status: 'paused', plan: 'pro', fee: 14_900 },
  { name: 'Old Mill Bakery', city: 'Portland', state: 'ME', status: 'churned', plan: 'starter', fee: 7_900 },
] as const;

/** The demo restaurants' plans and fees (seed.ts makes the restaurants). */
const PLANS: Record<string, { status: string; plan: string; fee: number }> = {
  'Harbor Bistro': { status: 'live', plan: 'enterprise', fee: 29_900 },
  '金龙餐厅 Golden Dragon': { status: 'live', plan: 'pro', fee: 14_900 },
  'Maple Street Diner': { status: 'live', plan: 'starter', fee: 7_900 },
  'Sakura Ramen': { status: 'onboarding', plan: 'starter', fee: 7_900 },
};

/**
 * The agent area's demo (issue 13): the demo agent's portfolio with statuses, an invited team member,
 * commission rules, two pending applications and a notification to every restaurant. The earnings and
 * paychecks come after the demo orders (seedAgentEarnings), from the same computation the product runs. A handful of set-based
 * inserts, so it stays fast in every test context.
 */
export async function seedAgentDemo(ctx: TDomainSeedContext): Promise<void> {
  const { db } = ctx;
  const [agent] = await rowsOf(
    db,
    sql`select n.id, n.path, n.depth, u.id as user_id from users u join nodes n on n.id = u.node_id
        where u.email = 'agent@demo.test'`,
  );
  if (!agent) return;
  const agentNodeId = num(agent.id);
  const agentPath = String(agent.path);
  const agentUserId = num(agent.user_id);
  const now = ctx.now;
  const at = now.toISOString();

  await db.transaction(async (tx) => {
    for (const r of MORE_RESTAURANTS) {
      const [node] = await rowsOf(
        tx,
        sql`insert into nodes (parent_id, type, restname, path, depth) values (${agentNodeId}, 'restaurant', ${r.name}, '', ${num(agent.depth) + 1}) returning id`,
      );
      await tx.execute(sql`update nodes set path = ${agentPath} || id || '/' where id = ${num(node?.id)}`);
      const [restaurant] = await rowsOf(
        tx,
        sql`insert into restaurants (node_id, name, fullname, city, state, time_zone, config)
            values (${num(node?.id)}, ${r.name}, ${r.name}, ${r.city}, ${r.state}, 'America/New_York', '{"version":"1.0.0"}'::jsonb)
            returning id`,
      );
      await tx.execute(
        sql`insert into agent_portfolio (restaurant_id, status, plan, monthly_fee_cents, since, updated_at)
            values (${num(restaurant?.id)}, ${r.status}, ${r.plan}, ${r.fee}, ${r.status === 'onboarding' ? null : '2025-06-01'}, ${at}::timestamptz)`,
      );
    }
    const restaurants = await rowsOf(
      tx,
      sql`select r.id, r.name from restaurants r join nodes n on n.id = r.node_id where n.path like ${`${agentPath}%`}`,
    );
    const byName = new Map(restaurants.map((r) => [String(r.name), num(r.id)]));
    for (const [name, p] of Object.entries(PLANS)) {
      const id = byName.get(name);
      if (id === undefined) continue;
      await tx.execute(
        sql`insert into agent_portfolio (restaurant_id, status, plan, monthly_fee_cents, since, updated_at)
            values (${id}, ${p.status}, ${p.plan}, ${p.fee}, ${p.status === 'live' ? '2025-09-01' : null}, ${at}::timestamptz)`,
      );
    }

    // An invited team member (no password yet) looking after the East Team's restaurants.
    const [member] = await rowsOf(
      tx,
      sql`insert into users (email, first_name, last_name, node_id) values ('kevin.park@demo.test', 'Kevin', 'Park', ${agentNodeId}) returning id`,
    );
    await tx.execute(
      sql`insert into agent_team_members (user_id, agent_node_id, team_role, invited_by_user_id, invite_expires_at, created_at)
          values (${num(member?.id)}, ${agentNodeId}, 'member', ${agentUserId}, ${new Date(now.getTime() + 7 * 86_400_000).toISOString()}::timestamptz, ${at}::timestamptz)`,
    );
    for (const name of ['Maple Street Diner', 'Sakura Ramen']) {
      const id = byName.get(name);
      if (id !== undefined)
        await tx.execute(
          sql`insert into agent_member_restaurants (user_id, restaurant_id) values (${num(member?.id)}, ${id})`,
        );
    }

    // Commission rules: a share of each plan's fee, a card-volume rate, and Harbor's own higher rate.
    const ruleRows = (
      [
        {
          restaurantId: null,
          plan: 'starter',
          basis: 'subscription',
          rateBps: 2_000,
          startsOn: '2025-01-01',
          endsOn: null,
        },
        {
          restaurantId: null,
          plan: 'pro',
          basis: 'subscription',
          rateBps: 2_500,
          startsOn: '2025-01-01',
          endsOn: null,
        },
        {
          restaurantId: null,
          plan: 'enterprise',
          basis: 'subscription',
          rateBps: 3_000,
          startsOn: '2025-01-01',
          endsOn: null,
        },
        { restaurantId: null, plan: 'pro', basis: 'cardVolume', rateBps: 15, startsOn: '2025-01-01', endsOn: null },
        {
          restaurantId: byName.get('Harbor Bistro') ?? null,
          plan: null,
          basis: 'cardVolume',
          rateBps: 25,
          startsOn: '2025-01-01',
          endsOn: null,
        },
      ] satisfies Array<Omit<TCommissionRuleInput, 'id'>>
    ).filter((r) => r.plan !== null || r.restaurantId !== null) as Array<Omit<TCommissionRuleInput, 'id'>>;
    const rules: TCommissionRuleInput[] = [];
    for (const r of ruleRows) {
      const [row] = await rowsOf(
        tx,
        sql`insert into agent_commission_rules (agent_node_id, restaurant_id, plan, basis, rate_bps, starts_on, ends_on, created_by_user_id, created_at)
            values (${agentNodeId}, ${r.restaurantId}, ${r.plan}, ${r.basis}, ${r.rateBps}, ${r.startsOn}, ${r.endsOn}, ${agentUserId}, ${at}::timestamptz)
            returning id`,
      );
      rules.push({ ...r, id: num(row?.id) });
    }

    // Applications waiting for review, through the agent's referral link.
    await tx.execute(
      sql`insert into agent_applications (agent_node_id, kind, business_name, first_name, last_name, email, phone, city, state, plan, message, created_at)
          values (${agentNodeId}, 'restaurant', 'Lotus Noodle Bar', 'Amy', 'Lin', 'amy.lin@lotusnoodle.test', '(617) 555-0199', 'Quincy', 'MA', 'pro',
                  'Two locations planned; we need online ordering first.', ${new Date(now.getTime() - 2 * 86_400_000).toISOString()}::timestamptz),
                 (${agentNodeId}, 'member', null, 'Jordan', 'Reyes', 'jordan.reyes@partners.test', '(646) 555-0110', 'New York', 'NY', null,
                  'Five years selling POS systems in Queens.', ${new Date(now.getTime() - 86_400_000).toISOString()}::timestamptz)`,
    );

    // A notification to the four restaurants of the original tree.
    const [notification] = await rowsOf(
      tx,
      sql`insert into agent_notifications (agent_node_id, sender_user_id, message_en, message_zh, created_at)
          values (${agentNodeId}, ${agentUserId}, 'Spring menu photos: send us yours by March 31 and we will update your online menu.',
                  '春季菜单照片：请在 3 月 31 日前发给我们，我们会为您更新在线菜单。', ${new Date(now.getTime() - 86_400_000).toISOString()}::timestamptz)
          returning id`,
    );
    const original = ['Harbor Bistro', '金龙餐厅 Golden Dragon', 'Maple Street Diner', 'Sakura Ramen']
      .map((n) => byName.get(n))
      .filter((id): id is number => id !== undefined);
    if (original.length > 0)
      await tx.execute(
        sql`insert into agent_notification_deliveries (notification_id, restaurant_id)
            select ${num(notification?.id)}, unnest(${sql.param(original)}::int[])`,
      );
  });
}

const DAY_MS = 86_400_000;
/** A fixed instant on an agent calendar day: noon in New York is 16:00 or 17:00 UTC, always that day. */
const noonOf = (day: string) => new Date(`${day}T17:00:00Z`);
const dayAfter = (day: string) => new Date(noonOf(day).getTime() + DAY_MS).toISOString().slice(0, 10);

/**
 * Last month's two pay periods (computed, approved and closed into paychecks, the first one paid) and
 * the current one (pending), made by the agent module's own EarningsService as the agent's team admin
 * would, each step at the instant it would have happened. Run after the demo orders, so the card-volume
 * commission is the rate times the card payments the payment-methods report shows for the same days.
 */
export async function seedAgentEarnings(db: Database, now: Date): Promise<void> {
  const [agent] = await rowsOf(
    db,
    sql`select n.id, n.xid, n.path, u.id as user_id, u.xid as user_xid, u.email, u.first_name, u.last_name
        from users u join nodes n on n.id = u.node_id where u.email = 'agent@demo.test'`,
  );
  if (!agent) return;
  const [existing] = await rowsOf(
    db,
    sql`select count(*) as n from agent_earnings where agent_node_id = ${num(agent.id)}`,
  );
  if (num(existing?.n) > 0) return;
  const path = String(agent.path);
  const auth = {
    sessionId: 'demo-seed',
    userId: num(agent.user_id),
    userXid: String(agent.user_xid),
    email: String(agent.email),
    firstName: String(agent.first_name),
    lastName: String(agent.last_name),
    isAdmin: false,
    isAgent: true,
    node: { id: num(agent.id), xid: String(agent.xid), path, type: 'agent' },
    homeRestaurantId: null,
    restaurantId: null,
    roles: ['agent'],
  } as unknown as AuthContext;
  const scope: TAgentScope = {
    auth,
    nodeId: num(agent.id),
    path,
    userId: num(agent.user_id),
    teamRole: 'admin',
    restaurantIds: null,
    account: { xid: String(agent.user_xid), depth: depthOfPath(path), place: placeOf(null), platformStaff: false },
  };
  const at = (instant: Date) =>
    new EarningsService({
      repo: new EarningsRepository(db),
      clock: { now: () => instant },
      // Only `pay` asks, and the demo records last month's first paycheck as paid on the day it was.
      bankCheck: async () => true,
      nodeName: async () => 'Golden Spoon Group',
    });
  const today = agentToday(now);
  const current = payPeriodOf(today);
  const lastMonth: TPayPeriod[] = payPeriodsOfMonth(
    previousPayPeriod(payPeriodOf(`${today.slice(0, 7)}-01`)).start.slice(0, 7),
  );
  const ip = '127.0.0.1';
  for (const [index, period] of lastMonth.entries()) {
    const closedOn = noonOf(dayAfter(period.end));
    const service = at(closedOn);
    await service.compute(scope, period, ip);
    await service.approvePeriod(scope, period, ip);
    const paycheck = await service.closePeriod(scope, period, ip);
    if (index === 0 && paycheck.status === 'due') await at(noonOf(lastMonth[1]!.start)).pay(auth, paycheck.id, ip);
  }
  await at(now).compute(scope, current, ip);
}
