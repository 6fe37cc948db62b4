import type { TTipRule } from '@ra/shared/tips/allocation';
import { TIPS_MESSAGES, type TTipsMessageKey } from '@ra/shared/tips/tips.messages';
import { FieldError } from '../../lib/errors.ts';

/** What the tips services share (no SQL, no state): errors, rule checks and the server matching. */

export const fieldError = (field: string, key: TTipsMessageKey) => new FieldError(field, TIPS_MESSAGES[key].en);

/** A rule's roles exist, each is in one pool, tip-outs go elsewhere and give at most 100 % per role. */
export function checkRule(rule: TTipRule, roleIds: ReadonlySet<number>): void {
  const pooled = new Set<number>();
  rule.pools.forEach((pool, i) => {
    for (const r of pool.roles) {
      if (!roleIds.has(r.roleId)) throw fieldError(`pools.${i}.roles`, 'roleUnknown');
      if (pooled.has(r.roleId)) throw fieldError(`pools.${i}.roles`, 'roleInTwoPools');
      pooled.add(r.roleId);
    }
  });
  const given = new Map<number, number>();
  rule.tipOuts.forEach((out, i) => {
    if (!roleIds.has(out.fromRoleId)) throw fieldError(`tipOuts.${i}.fromRoleId`, 'roleUnknown');
    if (!roleIds.has(out.toRoleId)) throw fieldError(`tipOuts.${i}.toRoleId`, 'roleUnknown');
    if (out.fromRoleId === out.toRoleId) throw fieldError(`tipOuts.${i}.toRoleId`, 'tipOutToSelf');
    if (out.base === 'tips') {
      const total = (given.get(out.fromRoleId) ?? 0) + out.basisPoints;
      if (total > 10_000) throw fieldError(`tipOuts.${i}.basisPoints`, 'tipOutTooHigh');
      given.set(out.fromRoleId, total);
    }
  });
}

/**
 * The employee an order's tips are credited to: the server id on the order when it is an employee's
 * login id (U100001) or employee number, else the server's name against the full name, ignoring case
 * (the matching of the payroll's card tips, docs/decisions.md "Work hours: card tips").
 */
export function serverMatcher(
  employees: ReadonlyArray<{ id: number; xid: string; name: string; employeeNumber: string | null }>,
): (serverId: string | null, serverName: string | null) => number | null {
  const key = (v: string) => v.trim().toLowerCase();
  const byId = new Map<string, number>();
  const byName = new Map<string, number>();
  for (const e of employees) {
    byId.set(key(e.xid), e.id);
    if (e.employeeNumber) byId.set(key(e.employeeNumber), e.id);
    if (!byName.has(key(e.name))) byName.set(key(e.name), e.id);
  }
  return (serverId, serverName) =>
    (serverId ? byId.get(key(serverId)) : undefined) ?? (serverName ? byName.get(key(serverName)) : undefined) ?? null;
}
