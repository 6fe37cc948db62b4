import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { emptyRoleFlags, type TRoleFlags } from '@ra/shared/permissions';
import { GRANULAR_FLAGS } from '../role-flags.ts';
import { RoleFlagsEditor } from './role-flags-editor.tsx';
import { click, mount, setUpFormTests, type TMounted } from '../../../test-support/form-harness.tsx';

let last: TRoleFlags = emptyRoleFlags();
function Harness() {
  const [flags, setFlags] = useState(emptyRoleFlags());
  last = flags;
  return <RoleFlagsEditor value={flags} onChange={setFlags} />;
}

let view: TMounted;
setUpFormTests(() => view);

const checkbox = (flag: string) =>
  view.container.querySelector<HTMLInputElement>(`[data-flag="${flag}"] input, input[data-flag="${flag}"]`)!;
const fullSwitch = () => view.container.querySelector<HTMLButtonElement>('button[data-flag="fullAccess"]')!;

describe('RoleFlagsEditor', { timeout: 30_000 }, () => {
  it('shows every permission under its SPEC 6 group label', async () => {
    view = await mount(<Harness />);
    for (const label of [
      'All access',
      'Orders',
      'Transactions',
      'Discounts',
      'Gift cards',
      'Menu',
      'Daily operation',
      'Reports',
      'Team management',
      'Settings',
      'Work hours',
      'Login',
    ]) {
      expect(view.container.textContent).toContain(label);
    }
    expect(view.container.querySelectorAll('.ra-role-flags__list input[type="checkbox"]')).toHaveLength(
      GRANULAR_FLAGS.length,
    );
  });

  it('ticks every permission when Full access is switched on, and clears Full access when one is unticked', async () => {
    view = await mount(<Harness />);
    await click(fullSwitch());
    expect(GRANULAR_FLAGS.every((flag) => last[flag])).toBe(true);
    const boxes = [...view.container.querySelectorAll<HTMLInputElement>('.ra-role-flags__list input[type="checkbox"]')];
    expect(boxes.every((box) => box.checked)).toBe(true);
    expect(fullSwitch().getAttribute('aria-checked')).toBe('true');

    await click(checkbox('voidOrders'));
    expect(last.voidOrders).toBe(false);
    expect(last.fullAccess).toBe(false);
    expect(fullSwitch().getAttribute('aria-checked')).toBe('false');
  });

  it('selects a whole group with its select-all box', async () => {
    view = await mount(<Harness />);
    const workHours = view.container.querySelector('[data-group="workHours"]')!;
    await click(workHours.querySelector('.ra-role-flags__group-head input[type="checkbox"]')!);
    expect(last.viewWorkHours && last.editWorkHour && last.clockInRequired).toBe(true);
    expect(last.viewSalesReport).toBe(false);
  });
});
