import { ROLE_FLAG_GROUPS, ROLE_FLAGS, type TRoleFlag, type TRoleFlags } from '@ra/shared/permissions';

/** Every flag except full access: the ones full access stands for (SPEC 6 "full access toggles all"). */
export const GRANULAR_FLAGS: readonly TRoleFlag[] = ROLE_FLAGS.filter((flag) => flag !== 'fullAccess');

/** The editor's groups below the full-access switch (SPEC 6 labels), each with its flags. */
export const EDITOR_GROUPS = ROLE_FLAG_GROUPS.filter((group) => group.key !== 'allAccess');

/** Full access is on exactly when every other flag is on, as the server stores it. */
function withFullAccess(flags: TRoleFlags): TRoleFlags {
  return { ...flags, fullAccess: GRANULAR_FLAGS.every((flag) => flags[flag]) };
}

/**
 * The flags after ticking or unticking one. Full access sets every flag; unticking any flag while
 * full access is on turns full access off (the role no longer has everything); ticking the last
 * missing flag turns it on.
 */
export function setRoleFlag(flags: TRoleFlags, flag: TRoleFlag, on: boolean): TRoleFlags {
  if (flag === 'fullAccess') {
    return Object.fromEntries(ROLE_FLAGS.map((f) => [f, on])) as TRoleFlags;
  }
  return withFullAccess({ ...flags, [flag]: on });
}

/** A group's "select all" box. */
export function setRoleFlags(flags: TRoleFlags, group: readonly TRoleFlag[], on: boolean): TRoleFlags {
  if (group.includes('fullAccess')) return setRoleFlag(flags, 'fullAccess', on);
  const next = { ...flags };
  for (const flag of group) next[flag] = on;
  return withFullAccess(next);
}

export type TGroupState = 'all' | 'some' | 'none';

export function groupState(flags: TRoleFlags, group: readonly TRoleFlag[]): TGroupState {
  const on = group.filter((flag) => flags[flag]).length;
  return on === 0 ? 'none' : on === group.length ? 'all' : 'some';
}

/** How many permissions a role grants, for the roles table ("all" when full access). */
export function countGranted(flags: TRoleFlags): number {
  return GRANULAR_FLAGS.filter((flag) => flags[flag]).length;
}
