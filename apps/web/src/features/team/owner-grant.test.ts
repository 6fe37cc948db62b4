// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { allRoleFlags, emptyRoleFlags } from '@ra/shared/permissions';
import { grantableFlags, roleOffered, staffLocked } from './owner-grant.ts';

const owner = { flags: allRoleFlags() };
const staff = { flags: { ...emptyRoleFlags(), order: true } };

describe('the team pages do not offer the Owner role or full access the server would refuse', () => {
  it('leaves full access out of the role editor when the viewer may not give it', () => {
    expect(grantableFlags(allRoleFlags(), false)).toEqual({ ...allRoleFlags(), fullAccess: false });
    expect(grantableFlags(allRoleFlags(), true)).toEqual(allRoleFlags());
    expect(grantableFlags(null, false)).toBeUndefined();
  });

  it('offers a full-access role only to a viewer who may give it, or to someone who already has it', () => {
    expect(roleOffered(owner, false, [staff])).toBe(false);
    expect(roleOffered(owner, false, [])).toBe(false);
    expect(roleOffered(owner, false, [owner])).toBe(true);
    expect(roleOffered(owner, true, [staff])).toBe(true);
    expect(roleOffered(staff, false, [])).toBe(true);
  });

  it('locks a platform staff account for everyone but platform staff and themselves', () => {
    expect(staffLocked({ platformStaff: true }, false, false)).toBe(true);
    expect(staffLocked({ platformStaff: true }, true, false)).toBe(false);
    expect(staffLocked({ platformStaff: true }, false, true)).toBe(false);
    expect(staffLocked({ platformStaff: false }, false, false)).toBe(false);
  });
});
