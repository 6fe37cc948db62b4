import { describe, expect, it } from 'vitest';
import { above, memberActions, memberRefusal, type TTeamAccount } from './team-authority.ts';

const account = (xid: string, over: Partial<TTeamAccount> = {}): TTeamAccount => ({
  xid,
  depth: 0,
  place: 'admin',
  platformStaff: false,
  ...over,
});
const head = account('U1', { place: 'head' });
const staff = account('U2', { place: 'head', platformStaff: true });
const invitedAdmin = account('U3');
const otherAdmin = account('U4');
const member = account('U5', { place: 'member' });
const deactivate = { status: 'inactive' } as const;

describe('memberRefusal', () => {
  it('refuses acting on yourself, but lets you assign restaurants to yourself', () => {
    expect(memberRefusal(head, head, deactivate)).toBe('agent.selfChange');
    expect(memberRefusal(head, head, { teamRole: 'member' })).toBe('agent.selfChange');
    expect(memberRefusal(head, head, { restaurantXids: [] })).toBeUndefined();
  });

  it('keeps platform staff for platform staff', () => {
    expect(memberRefusal(head, staff, deactivate)).toBe('agent.platformStaffProtected');
    expect(memberRefusal(invitedAdmin, staff, { teamRole: 'member' })).toBe('agent.platformStaffProtected');
    expect(memberRefusal(staff, head, deactivate)).toBeUndefined();
    expect(memberRefusal(staff, account('U9', { place: 'head', platformStaff: true }), deactivate)).toBe(
      'agent.memberOutranks',
    );
  });

  it('refuses anyone at or above your place, allows those below', () => {
    expect(memberRefusal(invitedAdmin, head, deactivate)).toBe('agent.memberOutranks');
    expect(memberRefusal(invitedAdmin, otherAdmin, { teamRole: 'member' })).toBe('agent.memberOutranks');
    expect(memberRefusal(head, invitedAdmin, deactivate)).toBeUndefined();
    expect(memberRefusal(invitedAdmin, member, { teamRole: 'admin' })).toBeUndefined();
    // a shallower node is above a deeper one, whatever the place in it
    expect(memberRefusal(account('U6', { depth: 2, place: 'head' }), account('U7', { depth: 1 }), deactivate)).toBe(
      'agent.memberOutranks',
    );
    expect(above(account('U8', { depth: 0, place: 'member' }), account('U7', { depth: 1, place: 'head' }))).toBe(true);
  });
});

describe('memberActions', () => {
  const row = (a: TTeamAccount, status: 'active' | 'inactive' | 'invited' = 'active') => ({
    ...a,
    status,
    teamRole: a.place === 'member' ? ('member' as const) : ('admin' as const),
  });

  it('offers nothing beside yourself, platform staff or someone above', () => {
    const none = { deactivate: false, assign: false, changeRole: false };
    expect(memberActions(head, row(head))).toEqual(none);
    expect(memberActions(head, row(staff))).toEqual(none);
    expect(memberActions(invitedAdmin, row(head))).toEqual(none);
  });

  it('offers deactivate and role change below you, and assignment for members', () => {
    expect(memberActions(head, row(invitedAdmin))).toEqual({ deactivate: true, assign: false, changeRole: true });
    expect(memberActions(invitedAdmin, row(member, 'invited'))).toEqual({
      deactivate: true,
      assign: true,
      changeRole: true,
    });
    expect(memberActions(head, row(member, 'inactive'))).toEqual({
      deactivate: false,
      assign: false,
      changeRole: false,
    });
  });
});
