/**
 * Tip pooling and tip-outs (issue 23), exact to the cent. Pure: the server feeds it the period's orders
 * and shifts, the settings page runs it for the worked example, and the bench times it.
 *
 * The tips are cut into buckets by the rule's period: one bucket per order ('shift': the people on the
 * clock when the order was served share it), per business day ('day') or one for the pay period. In each
 * bucket:
 *   1. every contributor (the server credited on the order; the employee who declared cash) tips out a
 *      share of their sales or tips to the support roles on the clock in that bucket, weighted by hours;
 *   2. what is left goes into the pool of the contributor's role (their role in the bucket: the role they
 *      worked most minutes in), shared by every pool member in the bucket by hours or hours × points;
 *   3. tips of a contributor outside every pool, or of a pool nobody worked in, stay with the contributor.
 * Every split is by largest remainder with ties to the lower employee id, so each bucket's parts add up
 * to its tips and the period's to the sum of the buckets.
 */

export const TIP_PERIODS = ['shift', 'day', 'payPeriod'] as const;
export type TTipPeriod = (typeof TIP_PERIODS)[number];
export const TIP_WEIGHTINGS = ['hours', 'points'] as const;
export type TTipWeighting = (typeof TIP_WEIGHTINGS)[number];
export const TIP_OUT_BASES = ['sales', 'tips'] as const;
export type TTipOutBase = (typeof TIP_OUT_BASES)[number];

export interface TTipPool {
  name: string;
  weighting: TTipWeighting;
  /** The roles in the pool; `points` counts only under the 'points' weighting. */
  roles: Array<{ roleId: number; points: number }>;
}

export interface TTipOut {
  fromRoleId: number;
  toRoleId: number;
  /** Hundredths of a percent: 150 = 1.5 %. */
  basisPoints: number;
  base: TTipOutBase;
}

export interface TTipRule {
  sources: { cardTips: boolean; declaredCash: boolean; serviceCharges: boolean };
  period: TTipPeriod;
  pools: TTipPool[];
  tipOuts: TTipOut[];
}

export const DEFAULT_TIP_RULE: TTipRule = {
  sources: { cardTips: true, declaredCash: true, serviceCharges: false },
  period: 'payPeriod',
  pools: [],
  tipOuts: [],
};

/** An order's tips, credited to its server (null: the server matches no employee). */
export interface TTipOrder {
  id: number;
  employeeId: number | null;
  /** When the order was served (epoch ms): its closing, else its opening. */
  at: number;
  day: string;
  cardTipCents: number;
  serviceChargeCents: number;
  salesCents: number;
}

export interface TTipShift {
  id: number;
  employeeId: number;
  /** The role worked; null falls back to the employee's first role. */
  roleId: number | null;
  inAt: number;
  outAt: number;
  day: string;
  /** Paid minutes (rounded punches, unpaid breaks off). */
  minutes: number;
  declaredCents: number;
}

export interface TEmployeeTips {
  employeeId: number;
  minutes: number;
  cardTipCents: number;
  declaredCents: number;
  serviceChargeCents: number;
  /** What the employee brought in under the rule's sources. */
  collectedCents: number;
  tipOutGivenCents: number;
  tipOutReceivedCents: number;
  /** Put into a pool, and received from one. */
  pooledInCents: number;
  poolShareCents: number;
  /** collected − given + received − pooled in + pool share. */
  finalCents: number;
}

export interface TTipAllocation {
  employees: TEmployeeTips[];
  pools: Array<{ name: string; cents: number }>;
  tipOutCents: number;
  /** Tips on orders whose server matches no employee: shown, never shared. */
  unassignedCents: number;
  totalCents: number;
}

/**
 * Splits `total` cents over `parts` in proportion to their weights: each gets the floor of its exact
 * share, and the cents left over go one each to the largest remainders, ties to the lower key. The parts
 * add up to `total` exactly. Weights ≤ 0 get nothing; with no positive weight the result is empty.
 */
export function largestRemainder(
  total: number,
  parts: ReadonlyArray<{ key: number; weight: number }>,
): Map<number, number> {
  const out = new Map<number, number>();
  const live = parts.filter((p) => p.weight > 0);
  if (live.length === 0 || total <= 0) return out;
  const sum = live.reduce((s, p) => s + BigInt(p.weight), 0n);
  const t = BigInt(total);
  let given = 0;
  const rest: Array<{ key: number; rem: bigint }> = [];
  for (const p of live) {
    const exact = t * BigInt(p.weight);
    const floor = Number(exact / sum);
    out.set(p.key, (out.get(p.key) ?? 0) + floor);
    given += floor;
    rest.push({ key: p.key, rem: exact % sum });
  }
  rest.sort((a, b) => (a.rem === b.rem ? a.key - b.key : a.rem > b.rem ? -1 : 1));
  for (let i = 0; i < total - given; i++) {
    const key = rest[i % rest.length]!.key;
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

/** `base` × basisPoints / 10000, half up to the cent. */
export function percentOf(base: number, basisPoints: number): number {
  if (base <= 0 || basisPoints <= 0) return 0;
  return Number((BigInt(base) * BigInt(basisPoints) * 2n + 10000n) / 20000n);
}

interface TBucket {
  /** employee → role → minutes worked in the bucket. */
  minutes: Map<number, Map<number, number>>;
  /** employee → tips and sales brought in. */
  tips: Map<number, { tips: number; sales: number }>;
}

/** An employee's figures before any tip: also the line an adjustment alone puts on a period. */
export function emptyEmployee(employeeId: number): TEmployeeTips {
  return {
    employeeId,
    minutes: 0,
    cardTipCents: 0,
    declaredCents: 0,
    serviceChargeCents: 0,
    collectedCents: 0,
    tipOutGivenCents: 0,
    tipOutReceivedCents: 0,
    pooledInCents: 0,
    poolShareCents: 0,
    finalCents: 0,
  };
}

/**
 * The period's allocation. `fallbackRole` is an employee's first role, used for a shift that names none.
 */
export function allocateTips(
  rule: TTipRule,
  orders: readonly TTipOrder[],
  shifts: readonly TTipShift[],
  fallbackRole: (employeeId: number) => number | null = () => null,
): TTipAllocation {
  const people = new Map<number, TEmployeeTips>();
  const person = (id: number) => {
    let p = people.get(id);
    if (!p) people.set(id, (p = emptyEmployee(id)));
    return p;
  };
  const roleOf = (s: TTipShift) => s.roleId ?? fallbackRole(s.employeeId);
  let unassignedCents = 0;
  const tipsOf = (o: TTipOrder) =>
    (rule.sources.cardTips ? o.cardTipCents : 0) + (rule.sources.serviceCharges ? o.serviceChargeCents : 0);

  for (const s of shifts) {
    const p = person(s.employeeId);
    p.minutes += s.minutes;
    if (rule.sources.declaredCash) p.declaredCents += s.declaredCents;
  }
  for (const o of orders) {
    if (o.employeeId === null) {
      unassignedCents += tipsOf(o);
      continue;
    }
    const p = person(o.employeeId);
    if (rule.sources.cardTips) p.cardTipCents += o.cardTipCents;
    if (rule.sources.serviceCharges) p.serviceChargeCents += o.serviceChargeCents;
  }

  // The buckets.
  const buckets: TBucket[] = [];
  const newBucket = (): TBucket => ({ minutes: new Map(), tips: new Map() });
  const addShift = (b: TBucket, s: TTipShift) => {
    const role = roleOf(s);
    if (role === null) return;
    let m = b.minutes.get(s.employeeId);
    if (!m) b.minutes.set(s.employeeId, (m = new Map()));
    m.set(role, (m.get(role) ?? 0) + s.minutes);
  };
  const addTips = (b: TBucket, employeeId: number, tips: number, sales: number) => {
    if (tips === 0 && sales === 0) return;
    const t = b.tips.get(employeeId) ?? { tips: 0, sales: 0 };
    t.tips += tips;
    t.sales += sales;
    b.tips.set(employeeId, t);
  };
  const declared = (s: TTipShift) => (rule.sources.declaredCash ? s.declaredCents : 0);

  if (rule.period === 'shift') {
    // Shifts by day (and the day before, for a shift running past midnight), to find who was on the clock.
    const byDay = new Map<string, TTipShift[]>();
    for (const s of shifts) byDay.set(s.day, [...(byDay.get(s.day) ?? []), s]);
    const days = [...byDay.keys()].sort();
    const near = (day: string) => {
      const i = days.indexOf(day);
      const prev = i > 0 ? days[i - 1]! : null;
      return [...(byDay.get(day) ?? []), ...(prev ? (byDay.get(prev) ?? []) : [])];
    };
    const nearCache = new Map<string, TTipShift[]>();
    const onClock = (at: number, day: string) => {
      let list = nearCache.get(day);
      if (!list) nearCache.set(day, (list = near(day)));
      return list.filter((s) => s.inAt <= at && at <= s.outAt);
    };
    for (const o of orders) {
      if (o.employeeId === null) continue;
      const b = newBucket();
      for (const s of onClock(o.at, o.day)) addShift(b, s);
      addTips(b, o.employeeId, tipsOf(o), o.salesCents);
      buckets.push(b);
    }
    for (const s of shifts) {
      if (declared(s) === 0) continue;
      const b = newBucket();
      const present = onClock(s.outAt, s.day);
      if (!present.includes(s)) present.push(s);
      for (const x of present) addShift(b, x);
      addTips(b, s.employeeId, declared(s), 0);
      buckets.push(b);
    }
  } else {
    const keyOf = (day: string) => (rule.period === 'day' ? day : '');
    const byKey = new Map<string, TBucket>();
    const bucketOf = (day: string) => {
      const key = keyOf(day);
      let b = byKey.get(key);
      if (!b) byKey.set(key, (b = newBucket()));
      return b;
    };
    for (const s of shifts) {
      const b = bucketOf(s.day);
      addShift(b, s);
      addTips(b, s.employeeId, declared(s), 0);
    }
    for (const o of orders) if (o.employeeId !== null) addTips(bucketOf(o.day), o.employeeId, tipsOf(o), o.salesCents);
    buckets.push(...[...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, b]) => b));
  }

  const poolOfRole = new Map<number, number>();
  rule.pools.forEach((pool, i) => {
    for (const r of pool.roles) if (!poolOfRole.has(r.roleId)) poolOfRole.set(r.roleId, i);
  });
  const poolTotals = rule.pools.map(() => 0);
  let tipOutCents = 0;

  for (const b of buckets) {
    const mainRole = (employeeId: number): number | null => {
      const m = b.minutes.get(employeeId);
      if (!m) return null;
      let best: number | null = null;
      let bestMin = -1;
      for (const [role, min] of [...m.entries()].sort(([x], [y]) => x - y)) {
        if (min > bestMin) [best, bestMin] = [role, min];
      }
      return best;
    };
    const remaining = new Map<number, number>();
    const contributors = [...b.tips.keys()].sort((x, y) => x - y);
    for (const id of contributors) {
      const p = person(id);
      const t = b.tips.get(id)!;
      p.collectedCents += t.tips;
      remaining.set(id, t.tips);
    }
    // 1. tip-outs
    for (const id of contributors) {
      const role = mainRole(id);
      if (role === null) continue;
      const t = b.tips.get(id)!;
      for (const out of rule.tipOuts) {
        if (out.fromRoleId !== role) continue;
        const left = remaining.get(id)!;
        const amount = Math.min(left, percentOf(out.base === 'sales' ? t.sales : t.tips, out.basisPoints));
        if (amount <= 0) continue;
        const weights = [...b.minutes.entries()]
          .filter(([emp]) => emp !== id)
          .map(([emp, m]) => ({ key: emp, weight: m.get(out.toRoleId) ?? 0 }));
        const split = largestRemainder(amount, weights);
        if (split.size === 0) continue; // nobody of that role on the clock: the tip-out is not taken
        remaining.set(id, left - amount);
        person(id).tipOutGivenCents += amount;
        tipOutCents += amount;
        for (const [emp, cents] of split) person(emp).tipOutReceivedCents += cents;
      }
    }
    // 2. pools
    const intoPool = rule.pools.map(() => 0);
    for (const id of contributors) {
      const role = mainRole(id);
      const pool = role === null ? undefined : poolOfRole.get(role);
      if (pool === undefined) continue;
      const weights = poolWeights(rule.pools[pool]!, b);
      if (weights.every((w) => w.weight <= 0)) continue; // nobody in the pool worked: the tips stay
      const cents = remaining.get(id)!;
      intoPool[pool]! += cents;
      person(id).pooledInCents += cents;
      remaining.set(id, 0);
    }
    rule.pools.forEach((pool, i) => {
      if (intoPool[i] === 0) return;
      poolTotals[i]! += intoPool[i]!;
      for (const [emp, cents] of largestRemainder(intoPool[i]!, poolWeights(pool, b)))
        person(emp).poolShareCents += cents;
    });
  }

  const employees = [...people.values()]
    .map((p) => ({
      ...p,
      finalCents: p.collectedCents - p.tipOutGivenCents + p.tipOutReceivedCents - p.pooledInCents + p.poolShareCents,
    }))
    .sort((a, b) => a.employeeId - b.employeeId);
  const totalCents = employees.reduce((s, p) => s + p.collectedCents, 0);
  return {
    employees,
    pools: rule.pools.map((p, i) => ({ name: p.name, cents: poolTotals[i]! })),
    tipOutCents,
    unassignedCents,
    totalCents,
  };
}

/** The members' weights in a bucket: minutes in the pool's roles, times the role's points under 'points'. */
function poolWeights(pool: TTipPool, b: TBucket): Array<{ key: number; weight: number }> {
  const out: Array<{ key: number; weight: number }> = [];
  for (const [emp, m] of b.minutes) {
    let weight = 0;
    for (const r of pool.roles) weight += (m.get(r.roleId) ?? 0) * (pool.weighting === 'points' ? r.points : 1);
    if (weight > 0) out.push({ key: emp, weight });
  }
  return out;
}
