import { describe, expect, it } from 'vitest';
import { allRoleFlags, emptyRoleFlags, type TRoleFlag } from '../permissions.ts';
import {
  accountRefusal,
  flagsBeyond,
  heldFlags,
  mayGrantOwnership,
  mayNameRepresentative,
  ownerRoleDeletable,
  ownerRoleLosesFlags,
} from './team.authority.ts';

const flags = (...on: TRoleFlag[]) => ({ ...emptyRoleFlags(), ...Object.fromEntries(on.map((f) => [f, true])) });
const lead = { userId: 2, flags: flags('editAccounts', 'order'), platformStaff: false };

describe(heldFlags.name, () => {
  it('joins the flags of every role held', () => {
    expect(heldFlags([flags('order'), flags('editMenu')])).toEqual(flags('order', 'editMenu'));
  });

  it('treats full access on any role as every flag', () => {
    expect(heldFlags([flags('order'), { fullAccess: true }])).toEqual(allRoleFlags());
  });
});

describe(flagsBeyond.name, () => {
  it('names the flags asked for that are not held', () => {
    expect(flagsBeyond(lead.flags, flags('order', 'voidOrders', 'editMenu'))).toEqual(['voidOrders', 'editMenu']);
    expect(flagsBeyond(lead.flags, flags('order'))).toEqual([]);
  });

  it('reads full access as every flag', () => {
    expect(flagsBeyond(lead.flags, { fullAccess: true })).toEqual(
      Object.keys(allRoleFlags()).filter((f) => !['fullAccess', 'editAccounts', 'order'].includes(f)),
    );
  });
});

describe(accountRefusal.name, () => {
  const manager = { id: 3, flags: flags('order', 'editMenu'), authorizedRepresentative: false };
  const owner = { id: 1, flags: allRoleFlags(), authorizedRepresentative: true };

  it('refuses an account holding a flag the caller lacks', () => {
    expect(accountRefusal(lead, manager)).toBe('team.accountOutranks');
    expect(accountRefusal(lead, { ...manager, flags: flags('order') })).toBeUndefined();
  });

  it('keeps the owner’s account for the owner and platform staff', () => {
    expect(accountRefusal({ userId: 9, flags: allRoleFlags(), platformStaff: false }, owner)).toBe(
      'team.ownerProtected',
    );
    expect(accountRefusal({ userId: 1, flags: allRoleFlags(), platformStaff: false }, owner)).toBeUndefined();
    expect(accountRefusal({ userId: 9, flags: allRoleFlags(), platformStaff: true }, owner)).toBeUndefined();
  });
});

describe(mayNameRepresentative.name, () => {
  it('lets only the current owner or platform staff name a new one', () => {
    const coOwner = { userId: 9, flags: allRoleFlags(), platformStaff: false };
    expect(mayNameRepresentative(coOwner, 1)).toBe(false);
    expect(mayNameRepresentative({ ...coOwner, userId: 1 }, 1)).toBe(true);
    expect(mayNameRepresentative({ ...coOwner, platformStaff: true }, 1)).toBe(true);
  });

  it('asks for full access when the restaurant has no owner yet', () => {
    expect(mayNameRepresentative(lead, null)).toBe(false);
    expect(mayNameRepresentative({ ...lead, flags: allRoleFlags() }, null)).toBe(true);
  });
});

describe('the Owner role', () => {
  it('may not lose a flag, but may keep all of them', () => {
    expect(ownerRoleLosesFlags(allRoleFlags(), { ...allRoleFlags(), fullAccess: false, order: false })).toBe(true);
    expect(ownerRoleLosesFlags(allRoleFlags(), { fullAccess: true })).toBe(false);
    expect(ownerRoleLosesFlags(flags('order'), emptyRoleFlags())).toBe(false);
  });

  it('may be deleted only while another full-access role remains', () => {
    expect(ownerRoleDeletable(allRoleFlags(), [allRoleFlags(), flags('order')])).toBe(false);
    expect(ownerRoleDeletable(allRoleFlags(), [allRoleFlags(), allRoleFlags()])).toBe(true);
    expect(ownerRoleDeletable(flags('order'), [allRoleFlags(), flags('order')])).toBe(true);
  });
});

describe('giving the Owner role or full access', () => {
  const agent = { userId: 50, flags: allRoleFlags(), platformStaff: false };
  it('is open to someone with full access (an agent onboarding) while there is no owner', () => {
    expect(mayGrantOwnership(agent, null)).toBe(true);
    expect(mayGrantOwnership(lead, null)).toBe(false);
  });

  it('is the owner’s or platform staff’s once there is one', () => {
    expect(mayGrantOwnership(agent, 1)).toBe(false);
    expect(mayGrantOwnership({ ...agent, userId: 1 }, 1)).toBe(true);
    expect(mayGrantOwnership({ ...agent, platformStaff: true }, 1)).toBe(true);
  });
});

describe('a platform staff account', () => {
  it('is changed only by platform staff or themselves', () => {
    const target = { id: 7, flags: flags('order'), authorizedRepresentative: false, platformStaff: true };
    expect(accountRefusal({ userId: 1, flags: allRoleFlags(), platformStaff: false }, target)).toBe(
      'team.platformStaffProtected',
    );
    expect(accountRefusal({ userId: 1, flags: allRoleFlags(), platformStaff: true }, target)).toBeUndefined();
    expect(accountRefusal({ userId: 7, flags: flags('order'), platformStaff: true }, target)).toBeUndefined();
  });
});
