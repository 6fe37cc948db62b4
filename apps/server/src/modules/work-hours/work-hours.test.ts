import { crc32, deflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDayBounds } from '@ra/shared/business-day/business-day';
import { WORK_HOURS_MESSAGES } from '@ra/shared/work-hours/work-hours.messages';
import type { TLaborResponse, TWorkDurationResponse } from '@ra/shared/work-hours/work-hours.schemas';
import { auditLog } from '../../db/schema/audit.ts';
import { as, createTestContext, TEST_NOW, tokenFor, type TestContext } from '../../../test/helper.ts';
import type { ManualClock } from '../../lib/clock.ts';
import { createPerson, harbor, restaurantByName } from '../team/team.test-support.ts';

const NY = 'America/New_York';
const OFFSET = 3;
const bounds = (from: string, to: string) => ({
  from: businessDayBounds(from, NY, OFFSET).start.getTime(),
  to: businessDayBounds(to, NY, OFFSET).end.getTime(),
});
/** The demo's last pay period (bi-weekly from Monday 9 March) and the current one. */
const LAST = { start: '2026-02-23', end: '2026-03-08' };
const CURRENT = { start: '2026-03-09', end: '2026-03-22' };
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const at = (iso: string) => Date.parse(iso);

let ctx: TestContext;
let restId: number;
let manager: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
let owner: ReturnType<typeof as>;
let marcusXid: string;
let sofiaXid: string;

async function sheet(call: ReturnType<typeof as>, range = LAST): Promise<TWorkDurationResponse> {
  const res = await call({
    method: 'GET',
    url: `/api/api/restaurant/${restId}/work-duration`,
    query: Object.fromEntries(Object.entries(bounds(range.start, range.end)).map(([k, v]) => [k, String(v)])),
  });
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

async function setConfig(name: string, value: string) {
  const res = await owner({ method: 'POST', url: '/api/api/updateRestConfig', payload: { name, value } });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestContext();
  restId = (await harbor(ctx.db)).id;
  manager = as(ctx.app, await tokenFor(ctx.app, 'manager@demo.test'));
  staff = as(ctx.app, await tokenFor(ctx.app, 'staff@demo.test'));
  owner = as(ctx.app, await tokenFor(ctx.app, 'owner@demo.test'));
  const s = await sheet(manager);
  marcusXid = s.timesheet.rows.find((r) => r.name === 'Marcus Lee')!.xid;
  sofiaXid = s.timesheet.rows.find((r) => r.name === 'Sofia Ramirez')!.xid;
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/api/checkWorkHourPerm', () => {
  it('says whether the caller may edit work hours', async () => {
    expect((await manager({ method: 'GET', url: '/api/api/checkWorkHourPerm' })).json()).toEqual({
      editWorkHour: true,
      viewWorkHours: true,
    });
    expect((await staff({ method: 'GET', url: '/api/api/checkWorkHourPerm' })).json()).toEqual({
      editWorkHour: false,
      viewWorkHours: true,
    });
  });
});

describe('GET /api/api/restaurant/{restId}/work-duration', () => {
  it('answers SPEC 3 work-hour records and the timesheet with California overtime, two wages and a missed meal', async () => {
    const s = await sheet(manager);
    expect(s.canEdit).toBe(true);
    expect(s.settings).toMatchObject({
      payPeriod: 'biweekly',
      anchor: '2026-03-09',
      overtimeRules: 'california',
      workHoursSteps: 15,
    });
    expect(s.period).toMatchObject({ ...LAST, isPayPeriod: true, status: 'open', ended: true });
    const record = s.records.find((r) => r.xid === sofiaXid)!;
    expect(Object.keys(record).sort()).toEqual(['clockedIn', 'clockedOut', 'name', 'xid']);
    expect(Object.keys(record.clockedIn[0]!).sort()).toEqual(['id', 'signatureUrl', 'timeReportedAs', 'value']);
    expect(record.clockedOut[0]!.value).toBeGreaterThan(0);

    const marcus = s.timesheet.rows.find((r) => r.xid === marcusXid)!;
    // Week 1: five 10 h days (2 h of daily overtime each), then 5.5 h on Saturday at the staff wage,
    // all past the weekly 40 regular hours. Week 2: five 8 h days, one of them clocked out at 19:38
    // (rounded to 19:45), so 40.25 h: 0.25 h over 40.
    expect({ regular: marcus.regular, ot15: marcus.ot15, ot2: marcus.ot2 }).toEqual({
      regular: 8000,
      ot15: 1575,
      ot2: 0,
    });
    expect(marcus.wages).toEqual([1650, 2400]);
    // Week 1's regular rate is the weighted average: (50 h x $24 + 5.5 h x $16.50) / 55.5 h = $23.2568/h.
    const week1Straight = 50 * 2400 + 5.5 * 1650;
    const week1Premium = 15.5 * 0.5 * (week1Straight / 55.5);
    const week2 = 40.25 * 2400 + 0.25 * 0.5 * 2400;
    expect(marcus.grossCents).toBe(Math.round(week1Straight + week1Premium + week2));
    expect(marcus.grossCents).toBe(243_999);
    const sofia = s.timesheet.rows.find((r) => r.xid === sofiaXid)!;
    const friday = sofia.shifts.find((x) => x.businessDay === '2026-02-27')!;
    expect(friday.flags.missedMeal).toBe(true);
    // Past midnight, still Friday's business day (hourOffsetEndOfDay 3).
    expect(friday.clockOutAt! > businessDayBounds('2026-02-28', NY, 0).start.getTime()).toBe(true);
    expect(sofia.shifts.filter((x) => x.flags.missedMeal)).toHaveLength(1);
    // Punches are rounded to 15 minutes; the raw punch is kept beside it.
    const first = sofia.shifts[0]!;
    expect(first.roundedIn % (15 * 60_000)).toBe(0);
    expect(first.clockInAt).not.toBe(first.roundedIn);
  });

  it('shows staff without editWorkHour only their own hours, and flags nothing of others', async () => {
    const s = await sheet(staff);
    expect(s.canEdit).toBe(false);
    expect(s.timesheet.rows.map((r) => r.xid)).toEqual([sofiaXid]);
    expect(s.records.map((r) => r.xid)).toEqual([sofiaXid]);
    expect(s.timesheet.laborCents).toEqual({});
  });

  it('refuses another restaurant’s id with 404', async () => {
    const dragon = await restaurantByName(ctx.db, '金龙餐厅 Golden Dragon');
    const res = await manager({
      method: 'GET',
      url: `/api/api/restaurant/${dragon.id}/work-duration`,
      query: { from: '1772000000', to: '1772600000' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('edits from the dashboard', () => {
  it('refuses an edit by someone without editWorkHour with No permission', async () => {
    const res = await staff({
      method: 'PUT',
      url: `/api/api/restaurant/${restId}/user/${sofiaXid}/clock/in`,
      payload: { id: 1, timeReportedAs: at('2026-03-10T20:00:00Z'), reason: 'x' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('No permission');
  });

  it('needs a reason, and audits the change with before and after; the employee sees it was edited', async () => {
    const s = await sheet(manager, CURRENT);
    const shift = s.timesheet.rows.find((r) => r.xid === marcusXid)!.shifts[0]!;
    const url = `/api/api/restaurant/${restId}/user/${marcusXid}/clock/out`;
    const newOut = shift.clockOutAt! + 60 * 60_000;
    const noReason = await manager({ method: 'PUT', url, payload: { id: shift.id, timeReportedAs: newOut } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: 'Please enter the reason for this change' });

    const ok = await manager({
      method: 'PUT',
      url,
      payload: { id: shift.id, timeReportedAs: newOut, reason: 'Closed the bar late' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const audit = await lastAudit('workHours.shift.editOut');
    expect(audit?.details).toMatchObject({
      reason: 'Closed the bar late',
      before: { clockOutAt: new Date(shift.clockOutAt!).toISOString() },
      after: { clockOutAt: new Date(newOut).toISOString() },
    });
    const after = (await sheet(manager, CURRENT)).timesheet.rows.find((r) => r.xid === marcusXid)!.shifts[0]!;
    expect(after).toMatchObject({ edited: true, editReason: 'Closed the bar late', editedBy: 'Marcus Lee' });
    expect(after.paid).toBe(shift.paid + 100);
  });

  it('refuses overlapping shifts with 409 and changes nothing', async () => {
    const s = await sheet(manager, CURRENT);
    const [a, b] = s.timesheet.rows.find((r) => r.xid === marcusXid)!.shifts;
    const res = await manager({
      method: 'PUT',
      url: `/api/api/restaurant/${restId}/user/${marcusXid}/clock/out`,
      payload: { id: a!.id, timeReportedAs: b!.clockInAt + 60_000, reason: 'typo' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This shift overlaps another shift of the same employee');
    const again = (await sheet(manager, CURRENT)).timesheet.rows.find((r) => r.xid === marcusXid)!.shifts[0]!;
    expect(again.clockOutAt).toBe(a!.clockOutAt);
    const add = await manager({
      method: 'POST',
      url: `/api/api/restaurant/${restId}/user/${marcusXid}/clock/out`,
      payload: {
        inTimeReportedAs: a!.clockInAt - 3_600_000,
        timeReportedAs: a!.clockInAt + 3_600_000,
        reason: 'forgot',
      },
    });
    expect(add.statusCode).toBe(409);
  });

  it('adds a whole past shift with breaks, then deletes it by its entries', async () => {
    const url = `/api/api/restaurant/${restId}/user/${sofiaXid}/clock/out`;
    const inAt = at('2026-03-09T14:00:00Z');
    const add = await manager({
      method: 'POST',
      url,
      payload: {
        inTimeReportedAs: inAt,
        timeReportedAs: inAt + 6 * 3_600_000,
        value: 1500,
        breaks: [{ kind: 'meal', paid: false, startAt: inAt + 3 * 3_600_000, endAt: inAt + 3.5 * 3_600_000 }],
        reason: 'Covered a lunch shift, forgot to clock in',
      },
    });
    expect(add.statusCode, add.body).toBe(200);
    const id = add.json().id as number;
    const shift = (await sheet(manager, CURRENT)).timesheet.rows
      .find((r) => r.xid === sofiaXid)!
      .shifts.find((x) => x.id === id)!;
    expect(shift).toMatchObject({ paid: 550, unpaidBreaks: 50, declaredTipsCents: 1500 });
    const mismatch = await manager({
      method: 'POST',
      url: '/api/api/restaurant/user/delete',
      payload: { inId: id, outId: id + 1, reason: 'dup' },
    });
    expect(mismatch.statusCode).toBe(400);
    const del = await manager({
      method: 'POST',
      url: '/api/api/restaurant/user/delete',
      payload: { inId: id, outId: id, reason: 'Entered twice' },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await lastAudit('workHours.shift.delete'))?.details).toMatchObject({
      reason: 'Entered twice',
      after: null,
    });
  });

  it('requires a signature when the restaurant asks, keeps it with the shift, and a later edit invalidates it', async () => {
    await setConfig('requireSignatureForWorkHoursEdit', 'true');
    try {
      const s = await sheet(manager, CURRENT);
      const shift = s.timesheet.rows.find((r) => r.xid === sofiaXid)!.shifts[0]!;
      const url = `/api/api/restaurant/${restId}/user/${sofiaXid}/clock/in`;
      const unsigned = await manager({
        method: 'PUT',
        url,
        payload: { id: shift.id, timeReportedAs: shift.clockInAt - 600_000, reason: 'Came early' },
      });
      expect(unsigned.statusCode).toBe(400);
      expect(unsigned.json().errors).toEqual({ signatureUrl: 'Please sign to confirm this change' });

      const stored = await manager({
        method: 'POST',
        url: `/api/api/restaurant/${restId}/workhour-signature`,
        payload: { imageDataURL: PNG },
      });
      expect(stored.statusCode, stored.body).toBe(200);
      const { signatureUrl } = stored.json() as { signatureUrl: string };
      expect(signatureUrl).toMatch(new RegExp(`^/api/api/restaurant/${restId}/workhour-signature/[a-f0-9]{32}\\.png$`));
      const image = await manager({ method: 'GET', url: signatureUrl });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');

      const signed = await manager({
        method: 'PUT',
        url,
        payload: { id: shift.id, timeReportedAs: shift.clockInAt - 600_000, reason: 'Came early', signatureUrl },
      });
      expect(signed.statusCode, signed.body).toBe(200);
      const kept = (await sheet(manager, CURRENT)).timesheet.rows.find((r) => r.xid === sofiaXid)!.shifts[0]!;
      expect(kept.editSignatureUrl).toBe(signatureUrl);

      // A later edit with a new signature replaces it; the first no longer vouches for the shift.
      const second = (await (
        await manager({
          method: 'POST',
          url: `/api/api/restaurant/${restId}/workhour-signature`,
          payload: { imageDataURL: PNG },
        })
      ).json()) as { signatureUrl: string };
      await manager({
        method: 'PUT',
        url,
        payload: {
          id: shift.id,
          timeReportedAs: shift.clockInAt,
          reason: 'Wrong day',
          signatureUrl: second.signatureUrl,
        },
      });
      const replaced = (await sheet(manager, CURRENT)).timesheet.rows.find((r) => r.xid === sofiaXid)!.shifts[0]!;
      expect(replaced.editSignatureUrl).toBe(second.signatureUrl);

      const forged = await manager({
        method: 'PUT',
        url,
        payload: {
          id: shift.id,
          timeReportedAs: shift.clockInAt,
          reason: 'x',
          signatureUrl: `/api/api/restaurant/${restId}/workhour-signature/${'0'.repeat(32)}.png`,
        },
      });
      expect(forged.json().errors).toEqual({ signatureUrl: 'This signature was not found. Please sign again.' });
      const notPng = await manager({
        method: 'POST',
        url: `/api/api/restaurant/${restId}/workhour-signature`,
        payload: { imageDataURL: 'data:image/png;base64,aGVsbG8=' },
      });
      expect(notPng.statusCode).toBe(400);
    } finally {
      await setConfig('requireSignatureForWorkHoursEdit', 'false');
    }
    // Without the requirement, an unsigned edit clears the earlier signature.
    const s = await sheet(manager, CURRENT);
    const shift = s.timesheet.rows.find((r) => r.xid === sofiaXid)!.shifts[0]!;
    await manager({
      method: 'PUT',
      url: `/api/api/restaurant/${restId}/user/${sofiaXid}/clock/in`,
      payload: { id: shift.id, timeReportedAs: shift.clockInAt, reason: 'Recheck' },
    });
    expect(
      (await sheet(manager, CURRENT)).timesheet.rows.find((r) => r.xid === sofiaXid)!.shifts[0]!.editSignatureUrl,
    ).toBeNull();
  });
});

describe('signatures on changes from the dashboard', () => {
  it('refuses adding or deleting a shift without a signature while the restaurant requires one, and takes a signed one', async () => {
    await setConfig('requireSignatureForWorkHoursEdit', 'true');
    try {
      const url = `/api/api/restaurant/${restId}/user/${sofiaXid}/clock/out`;
      const inAt = at('2026-03-10T14:00:00Z');
      const shift = { inTimeReportedAs: inAt, timeReportedAs: inAt + 4 * 3_600_000, reason: 'Forgot to clock in' };
      const before = (await sheet(manager, CURRENT)).timesheet.rows.find((r) => r.xid === sofiaXid)!.shifts.length;
      const unsigned = await manager({ method: 'POST', url, payload: shift });
      expect(unsigned.statusCode).toBe(400);
      expect(unsigned.json().errors).toEqual({ signatureUrl: 'Please sign to confirm this change' });
      // Nothing was added.
      expect((await sheet(manager, CURRENT)).timesheet.rows.find((r) => r.xid === sofiaXid)!.shifts).toHaveLength(
        before,
      );

      const sign = async () =>
        (
          (await (
            await manager({
              method: 'POST',
              url: `/api/api/restaurant/${restId}/workhour-signature`,
              payload: { imageDataURL: PNG },
            })
          ).json()) as { signatureUrl: string }
        ).signatureUrl;
      const added = await manager({ method: 'POST', url, payload: { ...shift, signatureUrl: await sign() } });
      expect(added.statusCode, added.body).toBe(200);
      const id = added.json().id as number;

      const unsignedDelete = await manager({
        method: 'POST',
        url: '/api/api/restaurant/user/delete',
        payload: { inId: id, outId: id, reason: 'Entered twice' },
      });
      expect(unsignedDelete.statusCode).toBe(400);
      expect(unsignedDelete.json().errors).toEqual({ signatureUrl: 'Please sign to confirm this change' });
      const signedDelete = await manager({
        method: 'POST',
        url: '/api/api/restaurant/user/delete',
        payload: { inId: id, outId: id, reason: 'Entered twice', signatureUrl: await sign() },
      });
      expect(signedDelete.statusCode, signedDelete.body).toBe(200);
    } finally {
      await setConfig('requireSignatureForWorkHoursEdit', 'false');
    }
  });

  it('refuses a signature whose header declares more pixels than a signature pad makes, before decoding it', async () => {
    // A real PNG header (IHDR with its CRC) declaring 40,000 x 40,000 pixels, in under 100 bytes.
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body) >>> 0);
      return Buffer.concat([length, body, crc]);
    };
    const huge = (width: number, height: number) => {
      const ihdr = Buffer.alloc(13);
      ihdr.writeUInt32BE(width, 0);
      ihdr.writeUInt32BE(height, 4);
      ihdr[8] = 8; // bit depth
      ihdr[9] = 2; // RGB
      return Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        chunk('IHDR', ihdr),
        chunk('IDAT', deflateSync(Buffer.alloc(16))),
        chunk('IEND', Buffer.alloc(0)),
      ]);
    };
    const post = (png: Buffer) =>
      manager({
        method: 'POST',
        url: `/api/api/restaurant/${restId}/workhour-signature`,
        payload: { imageDataURL: `data:image/png;base64,${png.toString('base64')}` },
      });
    const bomb = huge(40_000, 40_000);
    expect(bomb.length).toBeLessThan(100);
    const refused = await post(bomb);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ imageDataURL: 'The signature image can be at most 4000 × 4000 pixels' });
    // The web shows it in Chinese from the shared catalogue (lib/server-message.ts).
    expect(WORK_HOURS_MESSAGES.signatureTooManyPixels.zh).toBe('签名图片最大为 4000 × 4000 像素');
    // One side too long is enough; a pad-sized header passes the bound.
    expect((await post(huge(4001, 10))).statusCode).toBe(400);
    expect((await post(huge(10, 4001))).statusCode).toBe(400);
    expect((await post(huge(4000, 4000))).statusCode).not.toBe(400);
  });
});

describe('pay periods', () => {
  it('closes an ended period, refuses edits in it, exports it, and reopens with a reason', async () => {
    const notEnded = await manager({
      method: 'POST',
      url: '/api/api/work-hours/periods/close',
      payload: { start: CURRENT.start },
    });
    expect(notEnded.statusCode).toBe(409);
    expect(notEnded.json().message).toBe('A pay period can be closed only after its last day');
    const notAPeriod = await manager({
      method: 'POST',
      url: '/api/api/work-hours/periods/close',
      payload: { start: '2026-02-24' },
    });
    expect(notAPeriod.statusCode).toBe(400);
    const exportOpen = await manager({
      method: 'GET',
      url: '/api/api/work-hours/periods/export',
      query: { start: LAST.start },
    });
    expect(exportOpen.statusCode).toBe(409);

    const close = await manager({
      method: 'POST',
      url: '/api/api/work-hours/periods/close',
      payload: { start: LAST.start },
    });
    expect(close.statusCode, close.body).toBe(200);
    const s = await sheet(manager);
    expect(s.period).toMatchObject({ status: 'closed', closedBy: 'Marcus Lee' });

    const shift = s.timesheet.rows.find((r) => r.xid === sofiaXid)!.shifts[0]!;
    const refused = await manager({
      method: 'PUT',
      url: `/api/api/restaurant/${restId}/user/${sofiaXid}/clock/in`,
      payload: { id: shift.id, timeReportedAs: shift.clockInAt - 60_000, reason: 'late fix' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This pay period is closed. Reopen it to change its hours.');
    // Moving a shift of an open period into the closed one is refused as well: 02:30 on 9 March is
    // still business day 8 March (hourOffsetEndOfDay 3).
    const later = (await sheet(manager, CURRENT)).timesheet.rows.find((r) => r.xid === marcusXid)!.shifts[0]!;
    const into = await manager({
      method: 'PUT',
      url: `/api/api/restaurant/${restId}/user/${marcusXid}/clock/in`,
      payload: { id: later.id, timeReportedAs: at('2026-03-09T06:30:00Z'), reason: 'x' },
    });
    expect(into.statusCode).toBe(409);

    const csv = await manager({
      method: 'GET',
      url: '/api/api/work-hours/periods/export',
      query: { start: LAST.start, format: 'csv' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('Harbor Bistro - Payroll - 2026-02-23_2026-03-08.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Employee,Employee number,Login id,Regular hours (1x),Overtime hours (1.5x),Double time hours (2x),Total paid hours,' +
        'Paid breaks (hours),Unpaid breaks (hours),Hourly wage(s),Regular rate,Declared cash tips,Card tips,Tips after pooling,Gross pay',
    );
    const marcus = s.timesheet.rows.find((r) => r.xid === marcusXid)!;
    const marcusLine = lines.find((l) => l.startsWith('Marcus Lee'))!;
    // The demo pools Harbor's tips (demo/tips.seed.ts): the column is what the closed period kept for him.
    const tips = (
      await manager({ method: 'GET', url: '/api/api/tips/period', query: { start: LAST.start } })
    ).json() as { status: string; lines: Array<{ name: string; finalCents: number }> };
    expect(tips.status).toBe('locked');
    const pooled = tips.lines.find((l) => l.name === 'Marcus Lee');
    expect(marcusLine).toBe(
      `Marcus Lee,1002,${marcusXid},80.00,15.75,0.00,95.75,0.00,5.50,16.50 / 24.00,${(marcus.regularRateCents / 100).toFixed(2)},0.00,0.00,${pooled ? (pooled.finalCents / 100).toFixed(2) : ''},${(marcus.grossCents / 100).toFixed(2)}`,
    );
    const sofiaLine = lines.find((l) => l.startsWith('Sofia Ramirez'))!.split(',');
    const sofia = s.timesheet.rows.find((r) => r.xid === sofiaXid)!;
    expect(sofiaLine[11]).toBe((sofia.shifts.reduce((t, x) => t + x.declaredTipsCents, 0) / 100).toFixed(2));

    // Card tips come from the orders: by the server id when it is an employee's number or login id,
    // by the server's name otherwise (no id, or one the POS keeps to itself).
    const cents = (v: string | undefined) => Math.round(Number(v) * 100);
    const sofiaBefore = cents(sofiaLine[12]);
    const tipOrder = (n: number, tipCents: number, server: { serverId?: string; serverName?: string }) => ({
      posOrderId: `WH-TIP-${n}`,
      channel: 'dineIn',
      partySize: 1,
      ...server,
      status: 'closed',
      openedAt: '2026-03-03T23:00:00Z',
      closedAt: '2026-03-04T00:00:00Z',
      items: [{ posItemId: 'WH-1', name: 'Soup', category: 'Mains', quantity: 1, unitPriceCents: 1000 }],
      taxCents: 0,
      tipCents,
      payments: [
        {
          posPaymentId: `WH-TIP-${n}-p`,
          method: 'card',
          amountCents: 1000 + tipCents,
          tipCents,
          paidAt: '2026-03-03T23:59:00Z',
        },
      ],
    });
    for (const [n, tip, server] of [
      [1, 900, { serverId: '1002', serverName: 'Bar tab' }],
      [2, 100, { serverId: 'E77', serverName: 'marcus lee' }],
      [3, 500, { serverId: sofiaXid, serverName: 'Marcus Lee' }],
      [4, 700, { serverName: 'Nobody Here' }],
    ] as const) {
      const pushed = await owner({ method: 'POST', url: '/api/api/pos/orders', payload: tipOrder(n, tip, server) });
      expect(pushed.statusCode, pushed.body).toBeLessThan(300);
    }
    const again = (
      await manager({ method: 'GET', url: '/api/api/work-hours/periods/export', query: { start: LAST.start } })
    ).body.split('\r\n');
    expect(again.find((l) => l.startsWith('Marcus Lee'))!.split(',')[12]).toBe('10.00');
    expect(cents(again.find((l) => l.startsWith('Sofia Ramirez'))!.split(',')[12])).toBe(sofiaBefore + 500);

    const xlsx = await manager({
      method: 'GET',
      url: '/api/api/work-hours/periods/export',
      query: { start: LAST.start, format: 'xlsx' },
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    const row = ws.getRows(2, ws.rowCount - 1)!.find((r) => r.getCell(1).value === 'Marcus Lee')!;
    expect(row.getCell(4).value).toBe(80);
    expect(row.getCell(5).value).toBe(15.75);
    expect(row.getCell(15).value).toBe(marcus.grossCents / 100);

    const noReason = await manager({
      method: 'POST',
      url: '/api/api/work-hours/periods/reopen',
      payload: { start: LAST.start },
    });
    expect(noReason.statusCode).toBe(400);
    const reopen = await manager({
      method: 'POST',
      url: '/api/api/work-hours/periods/reopen',
      payload: { start: LAST.start, reason: 'Missed a tip declaration' },
    });
    expect(reopen.statusCode, reopen.body).toBe(200);
    expect((await sheet(manager)).period).toMatchObject({
      status: 'reopened',
      reopenReason: 'Missed a tip declaration',
      reopenedBy: 'Marcus Lee',
    });
    expect((await lastAudit('workHours.period.reopen'))?.details).toMatchObject({ reason: 'Missed a tip declaration' });
    const allowed = await manager({
      method: 'PUT',
      url: `/api/api/restaurant/${restId}/user/${sofiaXid}/clock/out`,
      payload: { id: shift.id, timeReportedAs: shift.clockOutAt!, value: 4400, reason: 'Declared tips corrected' },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});

describe('clock in and out at the POS with a PIN', () => {
  it('clocks in and out with declared tips, honouring the signature and waiting-time settings', async () => {
    const wrong = await staff({
      method: 'POST',
      url: '/api/api/work-hours/pos/clock',
      payload: { pin: '0000', action: 'in' },
    });
    expect(wrong.statusCode).toBe(400);
    const marcusIn = await staff({
      method: 'POST',
      url: '/api/api/work-hours/pos/clock',
      payload: { pin: '5930', action: 'in' },
    });
    expect(marcusIn.statusCode, marcusIn.body).toBe(200);
    expect(marcusIn.json()).toMatchObject({ xid: marcusXid, clockedIn: true });
    const twice = await staff({
      method: 'POST',
      url: '/api/api/work-hours/pos/clock',
      payload: { pin: '5930', action: 'in' },
    });
    expect(twice.json().message).toBe('This employee is already clocked in');

    const waiting = await staff({
      method: 'POST',
      url: '/api/api/work-hours/pos/clock',
      payload: { pin: '5930', action: 'out', waitingMinutes: 10 },
    });
    expect(waiting.json().errors).toEqual({
      waitingMinutes: 'Clocking-out waiting time is not turned on for this restaurant',
    });
    await setConfig('captureSignature', 'true');
    const unsigned = await staff({
      method: 'POST',
      url: '/api/api/work-hours/pos/clock',
      payload: { pin: '5930', action: 'out' },
    });
    expect(unsigned.json().errors).toEqual({ signatureUrl: 'Please sign to clock out' });
    const { signatureUrl } = (await (
      await staff({
        method: 'POST',
        url: `/api/api/restaurant/${restId}/workhour-signature`,
        payload: { imageDataURL: PNG },
      })
    ).json()) as { signatureUrl: string };
    const out = await staff({
      method: 'POST',
      url: '/api/api/work-hours/pos/clock',
      payload: { pin: '5930', action: 'out', signatureUrl, declaredTipsCents: 1200 },
    });
    expect(out.statusCode, out.body).toBe(200);
    await setConfig('captureSignature', 'false');
    const today = (await sheet(manager, CURRENT)).records.find((r) => r.xid === marcusXid)!;
    expect(today.clockedOut.at(-1)).toMatchObject({ value: 1200, signatureUrl });
  });

  it('lets someone whose role requires clocking in PIN in only while clocked in (pinInRequireClockIn)', async () => {
    // Sofia (Staff: clock-in required) has been clocked in since 16:00; Daniel (Staff) has not.
    expect(
      (await staff({ method: 'POST', url: '/api/api/work-hours/pos/pin-in', payload: { pin: '7314' } })).json(),
    ).toMatchObject({ clockedIn: true });
    const daniel = await staff({ method: 'POST', url: '/api/api/work-hours/pos/pin-in', payload: { pin: '3142' } });
    expect(daniel.statusCode).toBe(409);
    expect(daniel.json().message).toBe('Please clock in first');
    // The owner's full access does not make her punch a clock.
    expect(
      (await staff({ method: 'POST', url: '/api/api/work-hours/pos/pin-in', payload: { pin: '4821' } })).statusCode,
    ).toBe(200);
  });

  it('flags an open shift older than 16 hours', async () => {
    const tom = await staff({
      method: 'POST',
      url: '/api/api/work-hours/pos/clock',
      payload: { pin: '8403', action: 'in' },
    });
    expect(tom.statusCode).toBe(200);
    const openShift = async (caller: ReturnType<typeof as>) =>
      (await sheet(caller, CURRENT)).timesheet.rows.find((r) => r.name === "Tom O'Connor")!.shifts[0]!;
    expect(await openShift(manager)).toMatchObject({ clockOutAt: null, flags: { openTooLong: false } });
    const clock = ctx.config.clock as ManualClock;
    clock.advance(16 * 3_600_000 + 60_000);
    try {
      // Sessions last 12 h: sign in again at the later hour.
      const later = as(ctx.app, await tokenFor(ctx.app, 'manager@demo.test'));
      expect((await openShift(later)).flags.openTooLong).toBe(true);
    } finally {
      clock.set(TEST_NOW);
    }
  });
});

describe('settings and wages', () => {
  it('sets the pay period and wages, audited', async () => {
    const wages = await manager({ method: 'GET', url: '/api/api/work-hours/wages' });
    expect(wages.json().roles).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Manager', hourlyCents: 2400 })]),
    );
    const sofiaId = (await sheet(manager)).timesheet.rows.find((r) => r.xid === sofiaXid)!.userId;
    const set = await manager({
      method: 'PUT',
      url: '/api/api/work-hours/wages',
      payload: { userId: sofiaId, hourlyCents: 1800 },
    });
    expect(set.json().employees.find((e: { userId: number }) => e.userId === sofiaId).hourlyCents).toBe(1800);
    expect((await lastAudit('workHours.wage.update'))?.details).toEqual({ before: null, after: 1800 });
    const bad = await manager({
      method: 'PUT',
      url: '/api/api/work-hours/wages',
      payload: { userId: sofiaId, hourlyCents: -1 },
    });
    expect(bad.statusCode).toBe(400);

    const weekly = await manager({
      method: 'PUT',
      url: '/api/api/work-hours/settings',
      payload: { payPeriod: 'weekly', anchor: '2026-03-09', overtimeRules: 'federal' },
    });
    expect(weekly.json()).toMatchObject({ payPeriod: 'weekly', overtimeRules: 'federal' });
    const s = await sheet(manager, { start: '2026-03-02', end: '2026-03-08' });
    expect(s.period.isPayPeriod).toBe(true);
    expect(s.timesheet.rows.flatMap((r) => r.shifts).some((x) => x.flags.missedMeal)).toBe(false);
    await manager({
      method: 'PUT',
      url: '/api/api/work-hours/settings',
      payload: { payPeriod: 'biweekly', anchor: '2026-03-09', overtimeRules: 'california' },
    });
  });
});

describe('clock in and out from a paired device', () => {
  async function pairDevice(ownerEmail: string, name: string): Promise<ReturnType<typeof as>> {
    const owned = as(ctx.app, await tokenFor(ctx.app, ownerEmail));
    const code = await owned({
      method: 'POST',
      url: '/api/api/devices/pairing-codes',
      payload: { name, type: 'terminal' },
    });
    expect(code.statusCode, code.body).toBe(201);
    const paired = await ctx.app.inject({
      method: 'POST',
      url: '/api/api/devices/pair',
      payload: { code: code.json().code, serialNumber: `${name} serial` },
    });
    expect(paired.statusCode, paired.body).toBe(201);
    return as(ctx.app, (paired.json() as { token: string }).token);
  }

  it('clocks an employee in and out with the device credential, recorded against the device, at its own restaurant only', async () => {
    const terminal = await pairDevice('owner@demo.test', 'Bar terminal');
    // Daniel (PIN 3142) has not clocked in today.
    const pinIn = await terminal({ method: 'POST', url: '/api/api/work-hours/pos/pin-in', payload: { pin: '3142' } });
    expect(pinIn.statusCode).toBe(409);
    const clockIn = await terminal({
      method: 'POST',
      url: '/api/api/work-hours/pos/clock',
      payload: { pin: '3142', action: 'in' },
    });
    expect(clockIn.statusCode, clockIn.body).toBe(200);
    expect(clockIn.json()).toMatchObject({ name: 'Daniel Kim', clockedIn: true });
    const audit = await lastAudit('workHours.clock.in');
    expect(audit?.actorUserId).toBeNull();
    expect(audit?.details).toMatchObject({ deviceName: 'Bar terminal', after: { clockOutAt: null } });
    expect(
      (await terminal({ method: 'POST', url: '/api/api/work-hours/pos/pin-in', payload: { pin: '3142' } })).json(),
    ).toMatchObject({ clockedIn: true });

    // A signature at clock-out is stored through the device too.
    await setConfig('captureSignature', 'true');
    const signed = await terminal({
      method: 'POST',
      url: `/api/api/restaurant/${restId}/workhour-signature`,
      payload: { imageDataURL: PNG },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const out = await terminal({
      method: 'POST',
      url: '/api/api/work-hours/pos/clock',
      payload: { pin: '3142', action: 'out', declaredTipsCents: 800, signatureUrl: signed.json().signatureUrl },
    });
    await setConfig('captureSignature', 'false');
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({ clockedIn: false, shiftId: clockIn.json().shiftId });
    const row = (await sheet(manager, CURRENT)).timesheet.rows.find((r) => r.name === 'Daniel Kim')!;
    expect(row.shifts.find((s) => s.id === clockIn.json().shiftId)).toMatchObject({ declaredTipsCents: 800 });

    // A device reads and edits nothing on the dashboard.
    expect(
      (
        await terminal({
          method: 'GET',
          url: `/api/api/restaurant/${restId}/work-duration`,
          query: Object.fromEntries(Object.entries(bounds(CURRENT.start, CURRENT.end)).map(([k, v]) => [k, String(v)])),
        })
      ).statusCode,
    ).toBe(403);

    // Golden Dragon's device does not know Harbor's PINs.
    const dragon = await restaurantByName(ctx.db, '金龙餐厅 Golden Dragon');
    await createPerson(ctx.db, dragon, { email: 'owner@dragon.test', existingRole: 'Owner' });
    const dragonTerminal = await pairDevice('owner@dragon.test', 'Dragon terminal');
    const elsewhere = await dragonTerminal({
      method: 'POST',
      url: '/api/api/work-hours/pos/clock',
      payload: { pin: '3142', action: 'in' },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors).toHaveProperty('pin');
    expect(
      (
        await dragonTerminal({
          method: 'POST',
          url: `/api/api/restaurant/${restId}/workhour-signature`,
          payload: { imageDataURL: PNG },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('labour against net sales (the analytic center)', () => {
  it('answers labour cost and net sales per day and per hour, matching the timesheet, for those who edit hours', async () => {
    const res = await manager({
      method: 'GET',
      url: '/api/api/work-hours/labor',
      query: { from: LAST.start, to: LAST.end },
    });
    expect(res.statusCode, res.body).toBe(200);
    const labor = res.json() as TLaborResponse;
    const s = await sheet(manager);
    expect(labor.days.map((d) => d.day)).toEqual(s.timesheet.days);
    for (const d of labor.days) {
      expect(d.laborCents).toBe(s.timesheet.laborCents[d.day] ?? 0);
      expect(d.netSalesCents).toBe(s.timesheet.netSalesCents[d.day] ?? 0);
    }
    expect(labor.totals.hours).toBe(s.timesheet.total);
    expect(labor.totals.laborCents).toBeGreaterThan(0);
    expect(labor.byHour.reduce((t, h) => t + h.laborCents, 0)).toBe(
      s.timesheet.laborByHourCents.reduce((t, c) => t + c, 0),
    );
    // Longer than one sheet: worked out in parts, the same days either way.
    const long = (
      await manager({ method: 'GET', url: '/api/api/work-hours/labor', query: { from: '2025-12-01', to: LAST.end } })
    ).json() as TLaborResponse;
    expect(long.days).toHaveLength(98);
    expect(long.days.slice(-14)).toEqual(labor.days);

    expect(
      (await staff({ method: 'GET', url: '/api/api/work-hours/labor', query: { from: LAST.start, to: LAST.end } }))
        .statusCode,
    ).toBe(403);
    const backwards = await manager({
      method: 'GET',
      url: '/api/api/work-hours/labor',
      query: { from: LAST.end, to: LAST.start },
    });
    expect(backwards.statusCode).toBe(400);
  });
});
