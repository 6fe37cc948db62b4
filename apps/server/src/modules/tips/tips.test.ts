import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTipPeriodResponse, TTipRuleResponse } from '@ra/shared/tips/tips.schemas';
import { auditLog } from '../../db/schema/audit.ts';
import { as, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { harbor } from '../team/team.test-support.ts';

/** The demo's last ended pay period (bi-weekly from Monday 9 March) under TEST_NOW. */
const LAST = { start: '2026-02-23', end: '2026-03-08' };

let ctx: TestContext;
let restId: number;
let manager: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
let owner: ReturnType<typeof as>;
let roles: TTipRuleResponse['roles'];
let sofiaId: number;
let marcusId: number;
let sofiaXid: string;

const roleId = (name: string) => roles.find((r) => r.name === name)!.id;

async function period(call = manager, start = LAST.start): Promise<TTipPeriodResponse> {
  const res = await call({ method: 'GET', url: '/api/api/tips/period', query: { start } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function lastAudit(action: string) {
  const [row] = await ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.restaurantId, restId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

/** A closed card-paid order served on 3 March by `server`, tipped `tipCents`. */
function tipOrder(n: number, tipCents: number, serverId: string) {
  return {
    posOrderId: `TIPS-${n}`,
    channel: 'dineIn',
    partySize: 2,
    serverId,
    status: 'closed',
    openedAt: '2026-03-03T23:00:00Z',
    closedAt: '2026-03-04T00:00:00Z',
    items: [{ posItemId: 'T-1', name: 'Soup', category: 'Mains', quantity: 1, unitPriceCents: 4000 }],
    taxCents: 0,
    tipCents,
    payments: [
      {
        posPaymentId: `TIPS-${n}-p`,
        method: 'card',
        amountCents: 4000 + tipCents,
        tipCents,
        paidAt: '2026-03-03T23:59:00Z',
      },
    ],
  };
}

async function push(n: number, tipCents: number, serverId: string) {
  const res = await owner({ method: 'POST', url: '/api/api/pos/orders', payload: tipOrder(n, tipCents, serverId) });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

beforeAll(async () => {
  ctx = await createTestContext();
  restId = (await harbor(ctx.db)).id;
  manager = as(ctx.app, await tokenFor(ctx.app, 'manager@demo.test'));
  staff = as(ctx.app, await tokenFor(ctx.app, 'staff@demo.test'));
  owner = as(ctx.app, await tokenFor(ctx.app, 'owner@demo.test'));
  roles = ((await manager({ method: 'GET', url: '/api/api/tips/rule' })).json() as TTipRuleResponse).roles;
  const me = await staff({ method: 'GET', url: '/api/api/tips/mine', query: { start: LAST.start } });
  expect(me.statusCode, me.body).toBe(200);
  const sheet = await period();
  sofiaId = sheet.lines.find((l) => l.name === 'Sofia Ramirez')!.userId;
  marcusId = sheet.lines.find((l) => l.name === 'Marcus Lee')!.userId;
  const people = await manager({
    method: 'GET',
    url: `/api/api/restaurant/${restId}/work-duration`,
    query: { from: String(Date.parse('2026-02-23T08:00:00Z')), to: String(Date.parse('2026-03-09T08:00:00Z')) },
  });
  sofiaXid = (people.json() as { timesheet: { rows: Array<{ name: string; xid: string }> } }).timesheet.rows.find(
    (r) => r.name === 'Sofia Ramirez',
  )!.xid;
});
afterAll(async () => {
  await ctx?.close();
});

describe('tip rule', () => {
  it('starts with the demo rule: card and declared cash tips pooled by the floor staff per pay period', async () => {
    const res = await manager({ method: 'GET', url: '/api/api/tips/rule' });
    expect(res.json()).toMatchObject({
      rule: {
        sources: { cardTips: true, declaredCash: true, serviceCharges: false },
        period: 'payPeriod',
        pools: [{ name: 'Floor', weighting: 'hours', roles: [{ roleId: roleId('Staff'), points: 1 }] }],
        tipOuts: [],
      },
    });
    expect(roles.map((r) => r.name)).toEqual(expect.arrayContaining(['Manager', 'Staff']));
  });

  it('refuses an unknown role, a role in two pools and a tip-out to itself with 400, saving nothing', async () => {
    const base = {
      sources: { cardTips: true, declaredCash: true, serviceCharges: false },
      period: 'payPeriod',
      tipOuts: [],
    };
    const staffRole = { roleId: roleId('Staff'), points: 1 };
    const bad = [
      { ...base, pools: [{ name: 'X', weighting: 'hours', roles: [{ roleId: 999_999, points: 1 }] }] },
      {
        ...base,
        pools: [
          { name: 'A', weighting: 'hours', roles: [staffRole] },
          { name: 'B', weighting: 'hours', roles: [staffRole] },
        ],
      },
      {
        ...base,
        pools: [],
        tipOuts: [{ fromRoleId: roleId('Staff'), toRoleId: roleId('Staff'), basisPoints: 100, base: 'tips' }],
      },
      { ...base, pools: [{ name: 'X', weighting: 'hours', roles: [] }] },
      { ...base, period: 'week', pools: [] },
    ];
    const before = (await manager({ method: 'GET', url: '/api/api/tips/rule' })).json();
    const messages = [];
    for (const payload of bad) {
      const res = await manager({ method: 'PUT', url: '/api/api/tips/rule', payload });
      expect(res.statusCode, res.body).toBe(400);
      messages.push(Object.values(res.json().errors ?? {})[0]);
    }
    expect(messages.slice(0, 3)).toEqual([
      'This role does not exist at this restaurant',
      'A role can be in one tip pool only',
      'A tip-out goes to another role',
    ]);
    expect((await manager({ method: 'GET', url: '/api/api/tips/rule' })).json()).toEqual(before);
    // staff (no editWorkHour) may not set it
    const refused = await staff({ method: 'PUT', url: '/api/api/tips/rule', payload: { ...base, pools: [] } });
    expect(refused.statusCode).toBe(403);
  });

  it('shows a worked example on the last ended period without saving, then saves the rule (audited)', async () => {
    const rule = {
      sources: { cardTips: true, declaredCash: true, serviceCharges: false },
      period: 'payPeriod',
      pools: [
        {
          name: 'Floor',
          weighting: 'hours',
          roles: [
            { roleId: roleId('Staff'), points: 1 },
            { roleId: roleId('Manager'), points: 1 },
          ],
        },
      ],
      tipOuts: [],
    };
    const preview = await manager({ method: 'POST', url: '/api/api/tips/rule/preview', payload: rule });
    expect(preview.statusCode, preview.body).toBe(200);
    const example = preview.json() as TTipPeriodResponse;
    expect(example.period).toEqual(LAST);
    expect(example.pools[0]!.cents).toBe(example.totalCents);
    expect(sum(example.lines.map((l) => l.finalCents))).toBe(example.totalCents);
    const unchanged = (await manager({ method: 'GET', url: '/api/api/tips/rule' })).json();
    expect(unchanged.rule.pools.map((p: { name: string }) => p.name)).toEqual(['Floor']);

    const saved = await manager({ method: 'PUT', url: '/api/api/tips/rule', payload: rule });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().rule).toEqual(rule);
    expect((await lastAudit('tips.rule.update'))?.details).toMatchObject({ before: unchanged.rule, after: rule });
  });
});

describe('a pay period’s tips', () => {
  it('pools the period’s tips by hours, exact to the cent, and follows a re-tip after the shift', async () => {
    const before = await period();
    await push(1, 1001, sofiaXid);
    await push(2, 2, '1002'); // Marcus by employee number
    const after = await period();
    expect(after.status).toBe('open');
    expect(after.totalCents).toBe(before.totalCents + 1003);
    const lines = after.lines.filter((l) => l.userId === sofiaId || l.userId === marcusId);
    expect(sum(after.lines.map((l) => l.finalCents))).toBe(after.totalCents);
    const minutes = (l: (typeof lines)[number]) => l.hours;
    const weight = sum(lines.map(minutes));
    for (const l of lines) {
      // each share is the exact share rounded one way or the other
      expect(Math.abs(l.finalCents - (after.totalCents * minutes(l)) / weight)).toBeLessThan(1 + weight / 100);
      expect(l.hourlyCents).toBe(Math.round((l.finalCents * 100) / l.hours));
    }
    expect(sum(after.lines.map((l) => l.pooledInCents))).toBe(sum(after.lines.map((l) => l.poolShareCents)));

    // The guest's tip is corrected on the POS days after the shift ended (updateTip): the same order
    // again, one cent more. The open period follows at once, and the parts still add up.
    await push(1, 1002, sofiaXid);
    const retipped = await period();
    expect(retipped.totalCents).toBe(after.totalCents + 1);
    expect(sum(retipped.lines.map((l) => l.finalCents))).toBe(retipped.totalCents);
    // The server is changed on the POS (modifyServerNameForTip): the tip moves to Marcus's collected tips.
    await push(1, 1002, '1002');
    const moved = await period();
    const sofiaCollected = (r: TTipPeriodResponse) => r.lines.find((l) => l.userId === sofiaId)!.cardTipCents;
    expect(sofiaCollected(moved)).toBe(sofiaCollected(retipped) - 1002);
  });

  it('shows staff only their own line, on the page and in their own view; export needs editWorkHour', async () => {
    const own = await period(staff);
    expect(own.lines.map((l) => l.userId)).toEqual([sofiaId]);
    const mine = (await staff({ method: 'GET', url: '/api/api/tips/mine', query: { start: LAST.start } })).json();
    expect(mine.lines.map((l: { userId: number }) => l.userId)).toEqual([sofiaId]);
    const full = await period();
    expect(mine.lines[0]).toEqual(full.lines.find((l) => l.userId === sofiaId));
    expect(
      (await staff({ method: 'GET', url: '/api/api/tips/period/export', query: { start: LAST.start } })).statusCode,
    ).toBe(403);
  });

  it('the demo’s period before the last is locked with the tips it kept; the floor pool shares them by hours', async () => {
    const kept = await period(manager, '2026-02-09');
    expect(kept.status).toBe('locked');
    expect(kept.period).toEqual({ start: '2026-02-09', end: '2026-02-22' });
    expect(kept.pools).toEqual([{ name: 'Floor', cents: kept.totalCents }]);
    expect(kept.totalCents).toBeGreaterThan(0);
    expect(sum(kept.lines.map((l) => l.finalCents))).toBe(kept.totalCents);
    expect(kept.lines.map((l) => l.name).sort()).toEqual(['Marcus Lee', 'Sofia Ramirez']);
  });

  it('refuses a day that starts no pay period with 400', async () => {
    const res = await manager({ method: 'GET', url: '/api/api/tips/period', query: { start: '2026-02-24' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ start: 'These dates are not one of the restaurant’s pay periods' });
  });

  it('keeps a closed period’s tips whatever changes, until it is reopened (both audited)', async () => {
    const open = await period();
    const close = await manager({
      method: 'POST',
      url: '/api/api/work-hours/periods/close',
      payload: { start: LAST.start },
    });
    expect(close.statusCode, close.body).toBe(200);
    const locked = await period();
    expect(locked.status).toBe('locked');
    expect(locked.lines).toEqual(open.lines);
    expect((await lastAudit('tips.period.lock'))?.details).toMatchObject({
      start: LAST.start,
      totalCents: open.totalCents,
    });

    // payroll export: tips after pooling as their own column
    const csv = await manager({
      method: 'GET',
      url: '/api/api/work-hours/periods/export',
      query: { start: LAST.start },
    });
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const header = rows[0]!.split(',');
    const col = header.indexOf('Tips after pooling');
    expect(col).toBeGreaterThan(0);
    const sofiaRow = rows.find((r) => r.startsWith('Sofia Ramirez'))!.split(',');
    expect(sofiaRow[col]).toBe((locked.lines.find((l) => l.userId === sofiaId)!.finalCents / 100).toFixed(2));

    // A re-tip on the POS after the lock leaves the locked tips alone.
    await push(2, 500, '1002');
    const still = await period();
    expect(still.lines).toEqual(locked.lines);
    expect(still.totalCents).toBe(locked.totalCents);

    // The tips export of the period
    const tipsCsv = await manager({
      method: 'GET',
      url: '/api/api/tips/period/export',
      query: { start: LAST.start, format: 'csv' },
    });
    expect(tipsCsv.statusCode).toBe(200);
    expect(tipsCsv.headers['content-disposition']).toContain('Tips - 2026-02-23_2026-03-08.csv');
    const tipRows = tipsCsv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(tipRows[0]).toBe(
      'Employee,Roles,Paid hours,Card tips,Declared cash tips,Service charges,Tips collected,Tip-outs given,Tip-outs received,Put into pool,Pool share,Tip adjustments,Tips after pooling,Tips per hour',
    );
    expect(tipRows).toHaveLength(locked.lines.length + 1);

    const reopen = await manager({
      method: 'POST',
      url: '/api/api/work-hours/periods/reopen',
      payload: { start: LAST.start, reason: 'Tip corrected' },
    });
    expect(reopen.statusCode, reopen.body).toBe(200);
    const live = await period();
    expect(live.status).toBe('open');
    expect(live.totalCents).toBe(locked.totalCents + 498);
    expect((await lastAudit('tips.period.unlock'))?.details).toMatchObject({ keptTotalCents: locked.totalCents });
  });
});
