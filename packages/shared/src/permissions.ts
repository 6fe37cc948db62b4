/**
 * Permission vocabulary shared by server and browser (SPEC 3 and 6).
 * PagePermissions decide which pages exist for a user; operationAuthority decides in-app actions.
 * A role stores RoleFlags; the two maps below turn a role's flags into those two sets, so the
 * server's checks and the browser's menu come from one definition.
 */

export const PAGE_PERMISSIONS = [
  'editAccounts',
  'editConfig',
  'editCoupon',
  'editMenu',
  'viewAnalyticCenter',
  'viewGiftcard',
  'viewSalesReport',
  'viewTransactions',
  'viewWorkHours',
] as const;
export type TPagePermission = (typeof PAGE_PERMISSIONS)[number];
export type TPagePermissions = Record<TPagePermission, boolean>;

export const OPERATION_AUTHORITIES = [
  'adjDish',
  'canOrder',
  'canVoid',
  'cashDrawer',
  'delDish',
  'delOrder',
  'disablePinIn',
  'editWorkHour',
  'enableCash',
  'enableLogin',
  'lookQuickStats',
  'modifyServerNameForTip',
  'pinInRequireClockIn',
  'sendRewardAndCoupon',
  'soldOut',
  'updateTip',
] as const;
export type TOperationAuthority = (typeof OPERATION_AUTHORITIES)[number];
export type TOperationAuthorities = Record<TOperationAuthority, boolean>;

/**
 * Every flag a role can carry (SPEC 3 "Role"), in the order the role editor shows them.
 * `fullAccess` is not stored on its own meaning: it toggles all the others (SPEC 6).
 */
export const ROLE_FLAGS = [
  'fullAccess',
  'order',
  'placeOrders',
  'deleteItems',
  'cashPayment',
  'updateTip',
  'voidOrders',
  'quickStats',
  'deleteOrders',
  'adjustPrice',
  'sendRewardCoupon',
  'soldOut',
  'editMenu',
  'editConfig',
  'viewTransactions',
  'viewAnalyticCenter',
  'editAccounts',
  'viewWorkHours',
  'editWorkHour',
  'editCoupon',
  'viewSalesReport',
  'manageGiftCard',
  'cashDrawer',
  'switchLocation',
  'modifyServerForTip',
  'loginPosOnOwnDevice',
  'disablePinIn',
  'clockInRequired',
] as const;
export type TRoleFlag = (typeof ROLE_FLAGS)[number];
export type TRoleFlags = Record<TRoleFlag, boolean>;

/** The SPEC 6 permission groups, each with the flags the role editor lists under it. */
export const ROLE_FLAG_GROUPS: ReadonlyArray<{ key: string; flags: readonly TRoleFlag[] }> = [
  { key: 'allAccess', flags: ['fullAccess'] },
  { key: 'orders', flags: ['order', 'placeOrders', 'deleteItems', 'deleteOrders', 'adjustPrice'] },
  { key: 'transactions', flags: ['cashPayment', 'updateTip', 'voidOrders', 'viewTransactions', 'modifyServerForTip'] },
  { key: 'discounts', flags: ['sendRewardCoupon', 'editCoupon'] },
  { key: 'giftCards', flags: ['manageGiftCard'] },
  { key: 'menu', flags: ['editMenu', 'soldOut'] },
  { key: 'dailyOperation', flags: ['cashDrawer', 'quickStats'] },
  { key: 'reports', flags: ['viewSalesReport', 'viewAnalyticCenter'] },
  { key: 'teamManagement', flags: ['editAccounts'] },
  { key: 'settings', flags: ['editConfig', 'switchLocation'] },
  { key: 'workHours', flags: ['viewWorkHours', 'editWorkHour', 'clockInRequired'] },
  { key: 'login', flags: ['loginPosOnOwnDevice', 'disablePinIn'] },
];

/** Role flag -> PagePermissions flag. */
export const ROLE_FLAG_TO_PAGE_PERMISSION: Partial<Record<TRoleFlag, TPagePermission>> = {
  editAccounts: 'editAccounts',
  editConfig: 'editConfig',
  editCoupon: 'editCoupon',
  editMenu: 'editMenu',
  viewAnalyticCenter: 'viewAnalyticCenter',
  manageGiftCard: 'viewGiftcard',
  viewSalesReport: 'viewSalesReport',
  viewTransactions: 'viewTransactions',
  viewWorkHours: 'viewWorkHours',
};

/** Role flag -> operationAuthority flag. */
export const ROLE_FLAG_TO_OPERATION_AUTHORITY: Partial<Record<TRoleFlag, TOperationAuthority>> = {
  adjustPrice: 'adjDish',
  order: 'canOrder',
  placeOrders: 'canOrder',
  voidOrders: 'canVoid',
  cashDrawer: 'cashDrawer',
  deleteItems: 'delDish',
  deleteOrders: 'delOrder',
  disablePinIn: 'disablePinIn',
  editWorkHour: 'editWorkHour',
  cashPayment: 'enableCash',
  loginPosOnOwnDevice: 'enableLogin',
  quickStats: 'lookQuickStats',
  modifyServerForTip: 'modifyServerNameForTip',
  clockInRequired: 'pinInRequireClockIn',
  sendRewardCoupon: 'sendRewardAndCoupon',
  soldOut: 'soldOut',
  updateTip: 'updateTip',
};

export function emptyRoleFlags(): TRoleFlags {
  return Object.fromEntries(ROLE_FLAGS.map((f) => [f, false])) as TRoleFlags;
}

/** Full access turns every flag on (SPEC 6). */
export function allRoleFlags(): TRoleFlags {
  return Object.fromEntries(ROLE_FLAGS.map((f) => [f, true])) as TRoleFlags;
}

export function emptyPagePermissions(): TPagePermissions {
  return Object.fromEntries(PAGE_PERMISSIONS.map((f) => [f, false])) as TPagePermissions;
}

export function emptyOperationAuthorities(): TOperationAuthorities {
  return Object.fromEntries(OPERATION_AUTHORITIES.map((f) => [f, false])) as TOperationAuthorities;
}

/**
 * A user may hold several roles; a permission is granted when any held role grants it.
 * `fullAccess` on any role grants everything.
 */
export function permissionsFromRoles(roles: ReadonlyArray<Partial<TRoleFlags>>): {
  PagePermissions: TPagePermissions;
  operationAuthority: TOperationAuthorities;
} {
  const PagePermissions = emptyPagePermissions();
  const operationAuthority = emptyOperationAuthorities();
  for (const role of roles) {
    const flags = role.fullAccess ? allRoleFlags() : role;
    for (const flag of ROLE_FLAGS) {
      if (!flags[flag]) continue;
      const page = ROLE_FLAG_TO_PAGE_PERMISSION[flag];
      if (page) PagePermissions[page] = true;
      const op = ROLE_FLAG_TO_OPERATION_AUTHORITY[flag];
      if (op) operationAuthority[op] = true;
    }
  }
  return { PagePermissions, operationAuthority };
}

/**
 * System role keys a route record may list in its `roles` (SPEC 2 "a route may carry a roles list").
 * Custom role names are also held, but routes only ever list these stable keys.
 * - admin: the platform's own administrators (premium coupon codes, system admin config; SPEC 6).
 * - agent: an agent or team member signed in above the restaurant level.
 * - owner: a user holding a full-access role at the restaurant.
 */
export const SYSTEM_ROLES = ['admin', 'agent', 'owner'] as const;
export type TSystemRole = (typeof SYSTEM_ROLES)[number];

/** SPEC 6: the client's fallback role list when the server sends none. */
export const FALLBACK_ROLES = ['User'] as const;
