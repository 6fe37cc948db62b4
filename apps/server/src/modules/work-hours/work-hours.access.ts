import type { TRouteAccess } from '../../plugins/access-control.ts';

/** SPEC 6: viewWorkHours opens the page; editWorkHour (operationAuthority) changes hours. */
export const VIEW: TRouteAccess = { kind: 'page', permission: 'viewWorkHours' };
export const EDIT: TRouteAccess = { kind: 'operation', authority: 'editWorkHour' };
/** The POS and the signature pad: anyone signed in at the restaurant (the employee's PIN decides who). */
export const AT_RESTAURANT: TRouteAccess = { kind: 'restaurant' };
