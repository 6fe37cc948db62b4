import type { TAgentMessageKey } from './agent.messages.ts';

/** A team member's place within their node: the head's admins, and members (issue 13). */
export const TEAM_ROLES = ['admin', 'member'] as const;
export type TTeamRole = (typeof TEAM_ROLES)[number];

/**
 * Who may change whom on the agent area's Team tab (docs/decisions.md "Agent team: nobody acts on
 * someone at or above them"). Pure, so the server refuses and the Team tab leaves out the buttons from
 * one definition:
 * - nobody changes their own team role or status (nobody deactivates themself);
 * - only platform staff change a platform staff account;
 * - otherwise you change only accounts strictly below your place in the tree: platform staff are above
 *   everyone else; then a shallower node is above a deeper one; within one node the account the node
 *   was opened with (its head, no team row) is above the team admins it invited, who are above members.
 */

/** Where an account stands within its node: 'head' is the account the node was opened with. */
export const TEAM_PLACES = ['head', 'admin', 'member'] as const;
export type TTeamPlace = (typeof TEAM_PLACES)[number];

/** An account as these rules see it. */
export interface TTeamAccount {
  xid: string;
  /** Depth of the node the account signs in at (0 = a root agent). */
  depth: number;
  place: TTeamPlace;
  /** Platform staff (SPEC 6 'admin'). */
  platformStaff: boolean;
}

/** What a request asks to change (the fields of PUT /api/api/agent/team/:xid that matter here). */
export interface TMemberChange {
  teamRole?: TTeamRole | undefined;
  status?: 'active' | 'inactive' | undefined;
  restaurantXids?: readonly string[] | undefined;
}

export type TMemberRefusal = Extract<
  TAgentMessageKey,
  'agent.selfChange' | 'agent.platformStaffProtected' | 'agent.memberOutranks'
>;

/** The place of an account from its team row: no row means the node's head. */
export const placeOf = (teamRow: TTeamRole | null): TTeamPlace => teamRow ?? 'head';

/** True when `a` stands strictly above `b` (an account is never above itself). */
export function above(a: TTeamAccount, b: TTeamAccount): boolean {
  if (a.platformStaff !== b.platformStaff) return a.platformStaff;
  if (a.depth !== b.depth) return a.depth < b.depth;
  return TEAM_PLACES.indexOf(a.place) < TEAM_PLACES.indexOf(b.place);
}

/** Why `actor` may not make `change` to `target`, or undefined when they may. */
export function memberRefusal(
  actor: TTeamAccount,
  target: TTeamAccount,
  change: TMemberChange,
): TMemberRefusal | undefined {
  if (actor.xid === target.xid) {
    // Assigning restaurants to yourself changes nothing you can reach (admins reach the whole tree).
    return change.status !== undefined || change.teamRole !== undefined ? 'agent.selfChange' : undefined;
  }
  if (target.platformStaff && !actor.platformStaff) return 'agent.platformStaffProtected';
  if (!above(actor, target)) return 'agent.memberOutranks';
  return undefined;
}

/** The Team tab's buttons beside `target` for `actor` (a team admin): only what the server accepts. */
export function memberActions(
  actor: TTeamAccount,
  target: TTeamAccount & { status: 'active' | 'inactive' | 'invited'; teamRole: TTeamRole },
): { deactivate: boolean; assign: boolean; changeRole: boolean } {
  const may = (change: TMemberChange) => memberRefusal(actor, target, change) === undefined;
  const live = target.status !== 'inactive';
  return {
    deactivate: live && may({ status: 'inactive' }),
    // Assignments only narrow what a member reaches.
    assign: live && target.teamRole === 'member' && may({ restaurantXids: [] }),
    changeRole: live && may({ teamRole: target.teamRole === 'admin' ? 'member' : 'admin' }),
  };
}
