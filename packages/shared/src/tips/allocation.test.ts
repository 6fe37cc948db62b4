import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateTips,
  largestRemainder,
  percentOf,
  type TTipOrder,
  type TTipRule,
  type TTipShift,
} from './allocation.ts';

const SERVER = 1;
const BUSSER = 2;
const BAR = 3;
const KITCHEN = 4;
const H = 3_600_000;
const base = Date.UTC(2026, 10, 2, 16);

const shift = (
  id: number,
  employeeId: number,
  roleId: number | null,
  minutes: number,
  declaredCents = 0,
): TTipShift => ({
  id,
  employeeId,
  roleId,
  inAt: base,
  outAt: base + 8 * H,
  day: '2026-11-02',
  minutes,
  declaredCents,
});
const order = (
  id: number,
  employeeId: number | null,
  cardTipCents: number,
  salesCents = 0,
  extra: Partial<TTipOrder> = {},
): TTipOrder => ({
  id,
  employeeId,
  at: base + H,
  day: '2026-11-02',
  cardTipCents,
  serviceChargeCents: 0,
  salesCents,
  ...extra,
});
const rule = (r: Partial<TTipRule>): TTipRule => ({
  sources: { cardTips: true, declaredCash: true, serviceCharges: false },
  period: 'payPeriod',
  pools: [],
  tipOuts: [],
  ...r,
});
const finals = (a: ReturnType<typeof allocateTips>) =>
  Object.fromEntries(a.employees.map((e) => [e.employeeId, e.finalCents]));
const serverPool = { name: 'Servers', weighting: 'hours' as const, roles: [{ roleId: SERVER, points: 1 }] };

describe('largestRemainder', () => {
  it('gives the odd cent to the largest remainder, ties to the lower key', () => {
    expect([
      ...largestRemainder(100, [
        { key: 12, weight: 1 },
        { key: 10, weight: 1 },
        { key: 11, weight: 1 },
      ]),
    ]).toEqual(
      expect.arrayContaining([
        [10, 34],
        [11, 33],
        [12, 33],
      ]),
    );
    expect(
      Object.fromEntries(
        largestRemainder(101, [
          { key: 1, weight: 2 },
          { key: 2, weight: 1 },
        ]),
      ),
    ).toEqual({ 1: 67, 2: 34 });
    expect(
      Object.fromEntries(
        largestRemainder(5, [
          { key: 1, weight: 0 },
          { key: 2, weight: 3 },
        ]),
      ),
    ).toEqual({ 2: 5 });
    expect(largestRemainder(5, [{ key: 1, weight: 0 }]).size).toBe(0);
  });
  it('always adds up to the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 60 }),
        (total, weights) => {
          const parts = largestRemainder(
            total,
            weights.map((weight, key) => ({ key, weight })),
          );
          expect([...parts.values()].reduce((s, v) => s + v, 0)).toBe(total);
        },
      ),
    );
  });
  it('percentOf rounds half up', () => {
    expect(percentOf(1000, 250)).toBe(25);
    expect(percentOf(1, 5000)).toBe(1);
    expect(percentOf(1, 4999)).toBe(0);
    expect(percentOf(12345, 333)).toBe(411);
  });
});

describe('allocateTips: exact cents', () => {
  const cases: Array<{
    name: string;
    rule: TTipRule;
    orders: TTipOrder[];
    shifts: TTipShift[];
    want: Record<number, number>;
    pooled?: number;
  }> = [
    {
      name: 'odd cents: 100 ¢ over three equal servers, the extra cent to the lowest id',
      rule: rule({ pools: [serverPool] }),
      orders: [order(1, 12, 100)],
      shifts: [shift(1, 10, SERVER, 240), shift(2, 11, SERVER, 240), shift(3, 12, SERVER, 240)],
      want: { 10: 34, 11: 33, 12: 33 },
    },
    {
      name: 'odd cents by hours: 1001 ¢ over 5 h and 3 h',
      rule: rule({ pools: [serverPool] }),
      orders: [order(1, 10, 1000), order(2, 11, 1)],
      shifts: [shift(1, 10, SERVER, 300), shift(2, 11, SERVER, 180)],
      want: { 10: 626, 11: 375 },
    },
    {
      name: 'a zero-hour employee gets nothing from the pool and gives what they brought',
      rule: rule({ pools: [serverPool] }),
      orders: [order(1, 12, 999)],
      shifts: [shift(1, 10, SERVER, 240), shift(2, 11, SERVER, 240), shift(3, 12, SERVER, 0)],
      want: { 10: 500, 11: 499, 12: 0 },
    },
    {
      name: 'a tip-out to a role with nobody on the clock is not taken',
      rule: rule({ tipOuts: [{ fromRoleId: SERVER, toRoleId: BUSSER, basisPoints: 1000, base: 'tips' }] }),
      orders: [order(1, 10, 1000)],
      shifts: [shift(1, 10, SERVER, 240)],
      want: { 10: 1000 },
    },
    {
      name: 'a pool whose roles nobody worked leaves the tips with the server',
      rule: rule({
        pools: [
          {
            name: 'Kitchen',
            weighting: 'hours',
            roles: [
              { roleId: SERVER, points: 1 },
              { roleId: KITCHEN, points: 1 },
            ],
          },
        ],
      }),
      orders: [order(1, 10, 777)],
      shifts: [],
      want: { 10: 777 },
    },
    {
      name: 'tip-out of 2.5 % of sales to bussers by hours, then the servers pool the rest',
      rule: rule({
        pools: [serverPool],
        tipOuts: [{ fromRoleId: SERVER, toRoleId: BUSSER, basisPoints: 250, base: 'sales' }],
      }),
      orders: [order(1, 10, 2000, 10_000), order(2, 11, 1001, 3_333)],
      shifts: [
        shift(1, 10, SERVER, 240),
        shift(2, 11, SERVER, 240),
        shift(3, 20, BUSSER, 300),
        shift(4, 21, BUSSER, 150),
      ],
      // tip-outs: 250 (→ 167 / 83) and 83 (→ 55 / 28, 55.33 / 27.67); pool 1750 + 918 = 2668 → 1334 / 1334
      want: { 10: 1334, 11: 1334, 20: 222, 21: 111 },
    },
    {
      name: 'points: a bartender (2 points) and a barback (1 point) for the same hours',
      rule: rule({
        pools: [
          {
            name: 'Bar',
            weighting: 'points',
            roles: [
              { roleId: BAR, points: 2 },
              { roleId: BUSSER, points: 1 },
            ],
          },
        ],
      }),
      orders: [order(1, 30, 1000)],
      shifts: [shift(1, 30, BAR, 120), shift(2, 31, BUSSER, 120)],
      want: { 30: 667, 31: 333 },
    },
    {
      name: 'declared cash counts only when the rule says so, service charges too',
      rule: rule({ sources: { cardTips: true, declaredCash: false, serviceCharges: true }, pools: [serverPool] }),
      orders: [order(1, 10, 100, 0, { serviceChargeCents: 301 })],
      shifts: [shift(1, 10, SERVER, 60, 5000), shift(2, 11, SERVER, 60, 5000)],
      want: { 10: 201, 11: 200 },
    },
    {
      name: 'a shift without a role falls back to the employee’s first role',
      rule: rule({ pools: [serverPool] }),
      orders: [order(1, 10, 11)],
      shifts: [shift(1, 10, null, 60), shift(2, 11, null, 60)],
      want: { 10: 6, 11: 5 },
    },
    {
      name: 'an order whose server is no employee is left unassigned',
      rule: rule({ pools: [serverPool] }),
      orders: [order(1, null, 500), order(2, 10, 1)],
      shifts: [shift(1, 10, SERVER, 60)],
      want: { 10: 1 },
    },
  ];
  it.each(cases)('$name', ({ rule: r, orders, shifts, want }) => {
    const result = allocateTips(r, orders, shifts, () => SERVER);
    expect(finals(result)).toEqual(want);
    expect(result.employees.reduce((s, e) => s + e.finalCents, 0)).toBe(result.totalCents);
  });

  it('shift period: an order is shared by those on the clock when it was served', () => {
    const early = { ...shift(1, 10, SERVER, 240), inAt: base, outAt: base + 4 * H };
    const late = { ...shift(2, 11, SERVER, 240), inAt: base + 4 * H + 1, outAt: base + 8 * H };
    const both = { ...shift(3, 12, SERVER, 480), inAt: base, outAt: base + 8 * H };
    const r = rule({ period: 'shift', pools: [serverPool] });
    const result = allocateTips(
      r,
      [order(1, 10, 101, 0, { at: base + H }), order(2, 11, 51, 0, { at: base + 5 * H })],
      [early, late, both],
    );
    // order 1: 10 (240 min) and 12 (480 min) → 34 / 67; order 2: 11 (240) and 12 (480) → 17 / 34
    expect(finals(result)).toEqual({ 10: 34, 11: 17, 12: 101 });
  });

  it('day period: each business day shares its own tips', () => {
    const d2 = (s: TTipShift): TTipShift => ({ ...s, day: '2026-11-03' });
    const r = rule({ period: 'day', pools: [serverPool] });
    const result = allocateTips(
      r,
      [order(1, 10, 100), order(2, 11, 300, 0, { day: '2026-11-03' })],
      [shift(1, 10, SERVER, 60), shift(2, 11, SERVER, 60), d2(shift(3, 11, SERVER, 60))],
    );
    expect(finals(result)).toEqual({ 10: 50, 11: 350 });
  });

  it('the parts always add up to the tips, whatever the rule', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'shift' | 'day' | 'payPeriod'>('shift', 'day', 'payPeriod'),
        fc.array(
          fc.record({
            emp: fc.integer({ min: 1, max: 8 }),
            tip: fc.integer({ min: 0, max: 5000 }),
            sales: fc.integer({ min: 0, max: 50_000 }),
            hour: fc.integer({ min: 0, max: 30 }),
          }),
          { maxLength: 40 },
        ),
        fc.array(
          fc.record({
            emp: fc.integer({ min: 1, max: 8 }),
            role: fc.integer({ min: 1, max: 4 }),
            start: fc.integer({ min: 0, max: 24 }),
            len: fc.integer({ min: 0, max: 10 }),
            cash: fc.integer({ min: 0, max: 3000 }),
          }),
          { maxLength: 20 },
        ),
        fc.integer({ min: 1, max: 10_000 }),
        (period, os, ss, bp) => {
          const r = rule({
            period,
            pools: [
              serverPool,
              {
                name: 'Back',
                weighting: 'points',
                roles: [
                  { roleId: KITCHEN, points: 3 },
                  { roleId: BAR, points: 2 },
                ],
              },
            ],
            tipOuts: [
              { fromRoleId: SERVER, toRoleId: BUSSER, basisPoints: bp, base: 'sales' },
              { fromRoleId: BAR, toRoleId: KITCHEN, basisPoints: bp, base: 'tips' },
            ],
          });
          const orders = os.map((o, i) =>
            order(i + 1, o.emp, o.tip, o.sales, {
              at: base + o.hour * H,
              day: o.hour >= 24 ? '2026-11-03' : '2026-11-02',
            }),
          );
          const shifts = ss.map((s, i) => ({
            ...shift(i + 1, s.emp, s.role, s.len * 60, s.cash),
            inAt: base + s.start * H,
            outAt: base + (s.start + s.len) * H,
            day: s.start >= 24 ? '2026-11-03' : '2026-11-02',
          }));
          const result = allocateTips(r, orders, shifts);
          const sum = result.employees.reduce((s, e) => s + e.finalCents, 0);
          expect(sum).toBe(result.totalCents);
          expect(result.totalCents).toBe(os.reduce((s, o) => s + o.tip, 0) + ss.reduce((s, x) => s + x.cash, 0));
          for (const e of result.employees) expect(e.finalCents).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
