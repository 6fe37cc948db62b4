// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { TAgentMe, TTeamMember } from '@ra/shared/agent/agent.schemas';
import { teamActions } from './team-actions.ts';

const me = (over: Partial<TAgentMe> = {}): TAgentMe => ({
  name: 'Linda Chen',
  nodeXid: 'N100001',
  nodeName: 'Golden Spoon Group',
  teamRole: 'admin',
  referralCode: 'N100001',
  xid: 'U100005',
  place: 'head',
  platformStaff: false,
  ...over,
});
const member = (over: Partial<TTeamMember>): TTeamMember => ({
  xid: 'U100009',
  name: 'Kevin Park',
  email: 'kevin.park@demo.test',
  teamRole: 'member',
  status: 'invited',
  restaurants: [],
  inviteExpiresAt: null,
  lastSignInAt: null,
  place: 'member',
  platformStaff: false,
  ...over,
});
const none = { deactivate: false, assign: false, changeRole: false };

describe('the Team tab offers only what the server accepts', () => {
  it('offers no Deactivate beside the platform admin', () => {
    const sam = member({ xid: 'U100006', name: 'Sam Patel', teamRole: 'admin', place: 'head', platformStaff: true });
    expect(teamActions(me(), sam)).toEqual(none);
    // platform staff themselves may act on the agent
    expect(
      teamActions(me({ xid: 'U100006', platformStaff: true }), member({ xid: 'U100005', place: 'head' })).deactivate,
    ).toBe(true);
  });

  it('offers nothing beside yourself', () => {
    expect(teamActions(me(), member({ xid: 'U100005', teamRole: 'admin', place: 'head', status: 'active' }))).toEqual(
      none,
    );
  });

  it('offers nothing beside someone at or above you', () => {
    const invited = me({ xid: 'U100020', place: 'admin' });
    expect(teamActions(invited, member({ xid: 'U100005', teamRole: 'admin', place: 'head' }))).toEqual(none);
    expect(teamActions(invited, member({ xid: 'U100021', teamRole: 'admin', place: 'admin' }))).toEqual(none);
  });

  it('offers deactivate, role change and assignment beside a member below you', () => {
    expect(teamActions(me(), member({}))).toEqual({ deactivate: true, assign: true, changeRole: true });
    expect(teamActions(me(), member({ status: 'inactive' }))).toEqual(none);
  });

  it('offers nothing to a team member, or before the caller is known', () => {
    expect(teamActions(me({ teamRole: 'member', place: 'member' }), member({ xid: 'U100030' }))).toEqual(none);
    expect(teamActions(undefined, member({}))).toEqual(none);
  });
});
