import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import { BUSINESS_MESSAGES } from './business.messages.ts';
import {
  overlappingFees,
  ZBusyMode,
  ZLinkBankRequest,
  ZServiceFeeInput,
  ZUpdateRestRequest,
  ZVerifyBankRequest,
  ZWeek,
  ZPosSettings,
  DEFAULT_BUSINESS_SETTINGS,
  ZUpdateRestAdminConfigRequest,
} from './business.schemas.ts';
import { addDays, effectiveHours, type TEffectiveHoursInput } from './effective-hours.ts';
import { amountTextToCents, bpsToPercentText, centsToAmountText } from './money.ts';
import { hasValidAbaChecksum } from './routing-number.ts';

const firstError = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

const profile = {
  name: 'Harbor Bistro',
  fullname: 'Harbor Bistro & Oyster Bar',
  street: '120 Atlantic Ave',
  city: 'Boston',
  state: 'MA',
  zip: '02110',
  phone: '(617) 555-0142',
};

describe('ABA routing checksum', () => {
  it('accepts real routing numbers and refuses a one-digit typo and a swap', () => {
    for (const good of ['011000015', '021000021', '121000358', '026009593'])
      expect(hasValidAbaChecksum(good)).toBe(true);
    expect(hasValidAbaChecksum('011000016')).toBe(false);
    expect(hasValidAbaChecksum('021000012')).toBe(false);
    expect(hasValidAbaChecksum('12100035')).toBe(false);
    expect(hasValidAbaChecksum('12100035a')).toBe(false);
  });
});

describe('money text', () => {
  it('converts without floating point', () => {
    expect(amountTextToCents('0.29')).toBe(29);
    expect(amountTextToCents('12.5')).toBe(1250);
    expect(amountTextToCents('7')).toBe(700);
    expect(amountTextToCents('1.005')).toBeNull();
    expect(centsToAmountText(1050)).toBe('10.50');
    expect(bpsToPercentText(1010)).toBe('10.1');
    expect(bpsToPercentText(1000)).toBe('10');
    expect(bpsToPercentText(0)).toBe('0');
  });
});

describe('business info', () => {
  it('uses the SPEC message keys for zip and phone, in both languages', () => {
    const r = ZUpdateRestRequest.safeParse({ ...profile, zip: '0211', phone: '555-12' });
    expect(firstError(r)).toEqual([
      `zip: ${VALIDATION_MESSAGES['account.zipcodeError'].en}`,
      `phone: ${VALIDATION_MESSAGES['account.phoneError'].en}`,
    ]);
    expect(ZUpdateRestRequest.safeParse({ ...profile, zip: '02110-1234' }).success).toBe(true);
    for (const key of ['account.zipcodeError', 'account.phoneError', 'account.routingnumberError'] as const)
      expect(VALIDATION_MESSAGES[key].zh).toMatch(/[\u4e00-\u9fff]/);
    for (const msg of Object.values(BUSINESS_MESSAGES)) expect(msg.zh).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses an unknown state and an empty city', () => {
    const r = ZUpdateRestRequest.safeParse({ ...profile, state: 'XX', city: ' ' });
    expect(
      firstError(r)
        ?.map((e) => e.split(':')[0])
        .sort(),
    ).toEqual(['city', 'state']);
  });

  it('takes several ranges a day and past midnight, and refuses overlaps and an open day without hours', () => {
    const week = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
      day,
      closed: day === 1,
      ranges:
        day === 1
          ? []
          : [
              { open: '11:00', close: '14:30' },
              { open: '17:00', close: '01:00' },
            ],
    }));
    expect(ZWeek.safeParse(week).success).toBe(true);
    const overlapping = week.map((d) =>
      d.day === 2
        ? {
            ...d,
            ranges: [
              { open: '11:00', close: '15:00' },
              { open: '14:00', close: '16:00' },
            ],
          }
        : d,
    );
    expect(firstError(ZWeek.safeParse(overlapping))).toEqual([
      `2.ranges: ${BUSINESS_MESSAGES['business.rangesOverlap'].en}`,
    ]);
    const empty = week.map((d) => (d.day === 3 ? { ...d, ranges: [] } : d));
    expect(firstError(ZWeek.safeParse(empty))).toEqual([
      `3.ranges: ${BUSINESS_MESSAGES['business.openDayNeedsHours'].en}`,
    ]);
    const twice = week.map((d) => (d.day === 3 ? { ...d, day: 2 } : d));
    expect(ZWeek.safeParse(twice).success).toBe(false);
  });

  it('reads a day written as one open/close pair as one range', () => {
    const r = ZWeek.parse(
      [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: day === 0, open: '09:00', close: '17:00' })),
    );
    expect(r[0]).toEqual({ day: 0, closed: true, ranges: [] });
    expect(r[1]).toEqual({ day: 1, closed: false, ranges: [{ open: '09:00', close: '17:00' }] });
  });
});

describe('bank account', () => {
  const bank = {
    holderName: 'Grace Miller',
    accountType: 'checking',
    routingNumber: '011000015',
    accountNumber: '000123456789',
    providerCustomerId: 'cus_Harbor01',
  };
  it('refuses a routing number that is not 9 digits, or fails the checksum, each with its message', () => {
    expect(ZLinkBankRequest.safeParse(bank).success).toBe(true);
    expect(firstError(ZLinkBankRequest.safeParse({ ...bank, routingNumber: '01100001' }))).toEqual([
      `routingNumber: ${VALIDATION_MESSAGES['account.routingnumberError'].en}`,
    ]);
    expect(firstError(ZLinkBankRequest.safeParse({ ...bank, routingNumber: '011000016' }))).toEqual([
      `routingNumber: ${BUSINESS_MESSAGES['business.routingChecksum'].en}`,
    ]);
  });
  it('requires every field (SPEC 5)', () => {
    const r = ZLinkBankRequest.safeParse({});
    expect(
      firstError(r)
        ?.map((e) => e.split(':')[0])
        .sort(),
    ).toEqual(['accountNumber', 'accountType', 'holderName', 'providerCustomerId', 'routingNumber']);
  });
  it('reads deposit amounts as cents under a dollar', () => {
    expect(ZVerifyBankRequest.parse({ amount1: '0.32', amount2: '.45' })).toEqual({ amount1: 32, amount2: 45 });
    expect(ZVerifyBankRequest.safeParse({ amount1: '1.32', amount2: '0.4' }).success).toBe(false);
    expect(ZVerifyBankRequest.safeParse({ amount1: '0.00', amount2: '0.10' }).success).toBe(false);
  });
});

describe('service fees', () => {
  const fee = {
    description: 'Large party',
    kind: 'percent',
    amount: '18',
    startDate: '2026-03-01',
    endDate: '2026-12-31',
    orderTypes: ['dine_in'],
  };
  it('validates percent 0–100, dates in order and at least one order type', () => {
    expect(ZServiceFeeInput.safeParse(fee).success).toBe(true);
    expect(firstError(ZServiceFeeInput.safeParse({ ...fee, amount: '100.01' }))).toEqual([
      `amount: ${BUSINESS_MESSAGES['business.feePercentError'].en}`,
    ]);
    expect(firstError(ZServiceFeeInput.safeParse({ ...fee, endDate: '2026-02-01', orderTypes: [] }))?.sort()).toEqual([
      `endDate: ${BUSINESS_MESSAGES['business.feeDates'].en}`,
      `orderTypes: ${BUSINESS_MESSAGES['business.feeOrderTypes'].en}`,
    ]);
    expect(firstError(ZServiceFeeInput.safeParse({ ...fee, kind: 'fixed', amount: '2.505' }))).toEqual([
      `amount: ${BUSINESS_MESSAGES['business.feeAmountError'].en}`,
    ]);
  });
  it('warns only about active fees of the same kind sharing dates and an order type', () => {
    const base = {
      id: 1,
      kind: 'percent' as const,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      orderTypes: ['dine_in' as const],
      active: true,
    };
    const others = [
      { ...base, id: 2, startDate: '2026-03-31', endDate: null },
      { ...base, id: 3, kind: 'fixed' as const },
      { ...base, id: 4, active: false },
      { ...base, id: 5, orderTypes: ['delivery' as const] },
      { ...base, id: 6, startDate: '2026-04-01', endDate: '2026-04-30' },
    ];
    expect(overlappingFees(base, others).map((f) => f.id)).toEqual([2]);
  });
});

describe('settings', () => {
  it('defaults are valid, and the sample tax rate is 10.1%', () => {
    expect(ZPosSettings.parse(DEFAULT_BUSINESS_SETTINGS.pos).taxRate).toBe('10.1');
    expect(ZPosSettings.safeParse({ ...DEFAULT_BUSINESS_SETTINGS.pos, taxRate: '100.5' }).success).toBe(false);
    expect(ZPosSettings.safeParse({ ...DEFAULT_BUSINESS_SETTINGS.pos, lockScreenMinutes: 5 }).success).toBe(false);
  });
  it('takes tax rates with three decimals (8.875% in New York City) and refuses four', () => {
    for (const taxRate of ['8.875', '9.375', '10.25', '0', '100'])
      expect(ZPosSettings.safeParse({ ...DEFAULT_BUSINESS_SETTINGS.pos, taxRate }).success).toBe(true);
    for (const taxRate of ['8.8755', '100.001', '-1', 'abc'])
      expect(ZPosSettings.safeParse({ ...DEFAULT_BUSINESS_SETTINGS.pos, taxRate }).success).toBe(false);
  });
  it('busy mode needs an end time unless off', () => {
    expect(ZBusyMode.safeParse({ mode: 'paused', extraMinutes: 15, until: null }).success).toBe(false);
    expect(ZBusyMode.safeParse({ mode: 'extra', extraMinutes: 20, until: '2026-03-14T21:00:00-04:00' }).success).toBe(
      true,
    );
  });
  it('refuses turning the order-to-go-with-date flag off', () => {
    expect(ZUpdateRestAdminConfigRequest.safeParse({ enableOrderToGoWithDateSelect: false }).success).toBe(false);
    expect(ZUpdateRestAdminConfigRequest.safeParse({ enableOrderToGoWithDateSelect: true }).success).toBe(true);
  });
});

describe('effective hours', () => {
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day,
    closed: day === 1,
    ranges: day === 5 || day === 6 ? [{ open: '11:00', close: '01:00' }] : [{ open: '11:00', close: '22:00' }],
  }));
  const open = { enabled: true };
  const input: TEffectiveHoursInput = {
    now: { date: '2026-03-14', minutes: 19 * 60 + 30 },
    days: 14,
    weekly,
    specialDays: [
      { date: '2026-03-17', closed: false, ranges: [{ open: '12:00', close: '16:00' }], note: 'St Patrick' },
    ],
    holidays: ['2026-03-16'],
    channels: { pos: open, kiosk: { enabled: false }, online: open },
  };

  it('covers 14 days from today, with holidays, special hours and overnight ranges', () => {
    const days = effectiveHours(input);
    expect(days).toHaveLength(14);
    expect(days[0]).toMatchObject({ date: '2026-03-14', weekday: 6, source: 'weekly' });
    expect(days[0]!.channels[0]).toEqual({
      channel: 'pos',
      ranges: [{ open: '11:00', close: '01:00', overnight: true }],
      reason: null,
      extraMinutes: null,
      until: null,
    });
    expect(days[1]!.channels[0]!.ranges).toEqual([{ open: '11:00', close: '22:00', overnight: false }]);
    expect(days[2]).toMatchObject({ date: '2026-03-16', source: 'holiday' });
    expect(days[2]!.channels.every((c) => c.ranges.length === 0)).toBe(true);
    expect(days[3]).toMatchObject({ source: 'special', note: 'St Patrick' });
    expect(days[3]!.channels[2]!.ranges).toEqual([{ open: '12:00', close: '16:00', overnight: false }]);
    expect(days[1]!.channels[1]).toMatchObject({ channel: 'kiosk', ranges: [], reason: 'disabled' });
    expect(days[13]!.date).toBe(addDays('2026-03-14', 13));
  });

  it('a pause empties online ordering until its end, and busy mode marks the extra minutes', () => {
    const paused = effectiveHours({
      ...input,
      channels: { ...input.channels, online: { enabled: true, pausedUntil: { date: '2026-03-15', minutes: 13 * 60 } } },
    });
    expect(paused[0]!.channels[2]).toMatchObject({ reason: 'paused', ranges: [], until: null });
    expect(paused[1]!.channels[2]).toMatchObject({
      reason: 'paused',
      until: '13:00',
      ranges: [{ open: '13:00', close: '22:00', overnight: false }],
    });
    expect(paused[2]!.channels[2]!.reason).toBeNull();
    expect(paused[1]!.channels[0]!.ranges).toEqual([{ open: '11:00', close: '22:00', overnight: false }]);

    const busy = effectiveHours({
      ...input,
      channels: {
        ...input.channels,
        online: { enabled: true, busyUntil: { date: '2026-03-14', minutes: 21 * 60 }, extraMinutes: 20 },
      },
    });
    expect(busy[0]!.channels[2]).toMatchObject({ reason: 'busy', extraMinutes: 20, until: '21:00' });
    expect(busy[1]!.channels[2]!.reason).toBeNull();
  });

  it('shows dish hours inside the store hours, and delivery platforms with their own hours and pauses', () => {
    const days = effectiveHours({
      ...input,
      dishGroups: [
        {
          hours: '06:00-11:30;0-6',
          items: ['Pancakes', 'Omelette'],
          ranges: [{ startMinutes: 360, endMinutes: 690, days: [0, 1, 2, 3, 4, 5, 6] }],
        },
        { hours: '23:00-02:00;6', items: ['Late fries'], ranges: [{ startMinutes: 1380, endMinutes: 120, days: [6] }] },
      ],
      platforms: [
        {
          platform: 'doordash',
          label: 'DoorDash',
          sameAsRestaurant: false,
          weekly: [0, 1, 2, 3, 4, 5, 6].map(() => [{ open: '17:00', close: '21:00' }]),
          paused: true,
          pausedUntil: { date: '2026-03-15', minutes: 18 * 60 },
        },
        { platform: 'grubhub', label: 'Grubhub', sameAsRestaurant: true, weekly: [], paused: true, pausedUntil: null },
      ],
    });
    // Saturday: open 11:00-01:00, so breakfast is 11:00-11:30 and the late fries 23:00-01:00 (+1).
    expect(days[0]!.dishes).toEqual([
      {
        hours: '06:00-11:30;0-6',
        items: ['Pancakes', 'Omelette'],
        ranges: [{ open: '11:00', close: '11:30', overnight: false }],
      },
      { hours: '23:00-02:00;6', items: ['Late fries'], ranges: [{ open: '23:00', close: '01:00', overnight: true }] },
    ]);
    // Monday is closed: no dish can be ordered.
    expect(days[2]!.dishes.every((d) => d.ranges.length === 0)).toBe(true);
    expect(days[0]!.platforms[0]).toEqual({
      platform: 'doordash',
      label: 'DoorDash',
      ranges: [],
      reason: 'paused',
      until: null,
    });
    expect(days[1]!.platforms[0]).toEqual({
      platform: 'doordash',
      label: 'DoorDash',
      ranges: [{ open: '18:00', close: '21:00', overnight: false }],
      reason: 'paused',
      until: '18:00',
    });
    expect(days[3]!.platforms[0]).toMatchObject({ ranges: [{ open: '17:00', close: '21:00' }], reason: null });
    // Paused with no end: closed on every open day shown.
    expect(days.every((d) => d.platforms[1]!.ranges.length === 0)).toBe(true);
    expect(days[0]!.platforms[1]!.reason).toBe('paused');
  });
});
