// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { emptyRoleFlags, ROLE_FLAG_GROUPS, ROLE_FLAGS } from '@ra/shared/permissions';
import { countGranted, EDITOR_GROUPS, GRANULAR_FLAGS, groupState, setRoleFlag, setRoleFlags } from './role-flags.ts';

describe('role flags in the editor (SPEC 6 "full access toggles all")', () => {
  it('turns every flag on when full access is switched on, and every flag off when it is switched off', () => {
    const all = setRoleFlag(emptyRoleFlags(), 'fullAccess', true);
    expect(ROLE_FLAGS.every((flag) => all[flag])).toBe(true);
    const none = setRoleFlag(all, 'fullAccess', false);
    expect(ROLE_FLAGS.some((flag) => none[flag])).toBe(false);
  });

  it('drops full access when one permission is taken away, keeping the others', () => {
    const all = setRoleFlag(emptyRoleFlags(), 'fullAccess', true);
    const next = setRoleFlag(all, 'voidOrders', false);
    expect(next.fullAccess).toBe(false);
    expect(next.voidOrders).toBe(false);
    expect(countGranted(next)).toBe(GRANULAR_FLAGS.length - 1);
  });

  it('turns full access on once the last missing permission is ticked', () => {
    let flags = emptyRoleFlags();
    for (const flag of GRANULAR_FLAGS) flags = setRoleFlag(flags, flag, true);
    expect(flags.fullAccess).toBe(true);
  });

  it('ticks and unticks a whole group with its select-all box without touching other groups', () => {
    const orders = EDITOR_GROUPS.find((g) => g.key === 'orders')!;
    const flags = setRoleFlags(setRoleFlag(emptyRoleFlags(), 'editMenu', true), orders.flags, true);
    expect(groupState(flags, orders.flags)).toBe('all');
    expect(flags.editMenu).toBe(true);
    expect(flags.viewSalesReport).toBe(false);
    const partly = setRoleFlag(flags, 'order', false);
    expect(groupState(partly, orders.flags)).toBe('some');
    expect(groupState(setRoleFlags(partly, orders.flags, false), orders.flags)).toBe('none');
  });

  it('lists every flag exactly once under the SPEC 6 groups', () => {
    const listed = ROLE_FLAG_GROUPS.flatMap((g) => g.flags);
    expect([...listed].sort()).toEqual([...ROLE_FLAGS].sort());
    expect(EDITOR_GROUPS.map((g) => g.key)).not.toContain('allAccess');
  });
});
