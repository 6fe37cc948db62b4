import type { TTipRule } from '@ra/shared/tips/allocation';

/** A percentage as typed ('2.5', '2,5 %') in basis points (250), or null when it is not 0.01–100. */
export function percentToBasisPoints(text: string): number | null {
  const clean = text.replace('%', '').replace(',', '.').trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(clean)) return null;
  const bp = Math.round(Number(clean) * 100);
  return bp >= 1 && bp <= 10_000 ? bp : null;
}

/** Basis points as the percentage shown in the form: 250 → '2.5'. */
export function basisPointsToPercent(bp: number): string {
  return String(bp / 100);
}

/** A stable text of a rule, to tell whether the worked example shown is of the rule being saved. */
export function ruleKey(rule: TTipRule): string {
  return JSON.stringify(rule);
}

/** A new pool with a name not yet used ('Pool 2'). */
export function newPool(rule: TTipRule, base: string): TTipRule['pools'][number] {
  let n = rule.pools.length + 1;
  while (rule.pools.some((p) => p.name === `${base} ${n}`)) n++;
  return { name: `${base} ${n}`, weighting: 'hours', roles: [] };
}
