import type { TAgentMe, TTeamMember } from '@ra/shared/agent/agent.schemas';
import { memberActions } from '@ra/shared/agent/team-authority';

export type TTeamActions = ReturnType<typeof memberActions>;
const NONE: TTeamActions = { deactivate: false, assign: false, changeRole: false };

/**
 * The buttons the Team tab shows beside `member` for the signed-in agent: exactly what the server
 * would accept (packages/shared/src/agent/team-authority.ts). Nothing until `me` is known, nothing for
 * a team member (only team admins manage the team). Everyone listed signs in at the caller's node.
 */
export function teamActions(me: TAgentMe | undefined, member: TTeamMember): TTeamActions {
  if (!me || me.teamRole !== 'admin') return NONE;
  return memberActions(
    { xid: me.xid, depth: 0, place: me.place, platformStaff: me.platformStaff },
    { ...member, depth: 0 },
  );
}
