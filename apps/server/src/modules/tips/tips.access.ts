import type { TRouteAccess } from '../../plugins/access-control.ts';

/** Tips sit with work hours (SPEC 6): viewWorkHours opens the tips page, editWorkHour sets the rule. */
export const VIEW: TRouteAccess = { kind: 'page', permission: 'viewWorkHours' };
export const EDIT: TRouteAccess = { kind: 'operation', authority: 'editWorkHour' };
/** An employee's own tips: anyone signed in at the restaurant, who sees their own line only. */
export const OWN: TRouteAccess = { kind: 'restaurant' };
