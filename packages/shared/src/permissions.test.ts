import { describe, expect, it } from 'vitest';
import {
  emptyOperationAuthorities,
  emptyPagePermissions,
  OPERATION_AUTHORITIES,
  PAGE_PERMISSIONS,
  permissionsFromRoles,
  ROLE_FLAG_TO_OPERATION_AUTHORITY,
  ROLE_FLAG_TO_PAGE_PERMISSION,
  ROLE_FLAGS,
} from './permissions.ts';
import type { TOperationAuthority, TPagePermission, TRoleFlag } from './permissions.ts';

const grantedPages = (roles: Parameters<typeof permissionsFromRoles>[0]) =>
  PAGE_PERMISSIONS.filter((p) => permissionsFromRoles(roles).PagePermissions[p]);
const grantedOperations = (roles: Parameters<typeof permissionsFromRoles>[0]) =>
  OPERATION_AUTHORITIES.filter((o) => permissionsFromRoles(roles).operationAuthority[o]);

describe(permissionsFromRoles.name, () => {
  it('grants nothing to a user with no roles', () => {
    expect(permissionsFromRoles([])).toEqual({
      PagePermissions: emptyPagePermissions(),
      operationAuthority: emptyOperationAuthorities(),
    });
  });

  it('grants nothing for a role whose flags are all off or absent', () => {
    expect(grantedPages([{}])).toEqual([]);
    expect(grantedPages([{ editMenu: false, viewSalesReport: false }])).toEqual([]);
    expect(grantedOperations([{ voidOrders: false }, { cashDrawer: false }])).toEqual([]);
  });

  it('returns every PagePermissions and operationAuthority key, as booleans', () => {
    const result = permissionsFromRoles([{ editMenu: true }]);
    expect(Object.keys(result.PagePermissions).sort()).toEqual([...PAGE_PERMISSIONS].sort());
    expect(Object.keys(result.operationAuthority).sort()).toEqual([...OPERATION_AUTHORITIES].sort());
    for (const value of [...Object.values(result.PagePermissions), ...Object.values(result.operationAuthority)]) {
      expect(typeof value).toBe('boolean');
    }
  });

  it('turns a page flag on a role into that page permission only', () => {
    expect(grantedPages([{ editMenu: true }])).toEqual(['editMenu']);
    expect(grantedOperations([{ editMenu: true }])).toEqual([]);
  });

  it('maps the gift-card role flag to the viewGiftcard page permission', () => {
    expect(grantedPages([{ manageGiftCard: true }])).toEqual(['viewGiftcard']);
  });

  it.each(Object.entries(ROLE_FLAG_TO_PAGE_PERMISSION) as [TRoleFlag, TPagePermission][])(
    'grants the %s page permission as %s',
    (flag, page) => {
      expect(permissionsFromRoles([{ [flag]: true }]).PagePermissions[page]).toBe(true);
    },
  );

  it.each(Object.entries(ROLE_FLAG_TO_OPERATION_AUTHORITY) as [TRoleFlag, TOperationAuthority][])(
    'grants the %s operation as %s',
    (flag, operation) => {
      expect(permissionsFromRoles([{ [flag]: true }]).operationAuthority[operation]).toBe(true);
    },
  );

  it('maps role flags to differently named operation flags', () => {
    expect(grantedOperations([{ adjustPrice: true }])).toEqual(['adjDish']);
    expect(grantedOperations([{ cashPayment: true }])).toEqual(['enableCash']);
    expect(grantedOperations([{ clockInRequired: true }])).toEqual(['pinInRequireClockIn']);
    expect(grantedOperations([{ loginPosOnOwnDevice: true }])).toEqual(['enableLogin']);
  });

  it('grants canOrder from either the order or the place-orders flag', () => {
    expect(grantedOperations([{ order: true }])).toEqual(['canOrder']);
    expect(grantedOperations([{ placeOrders: true }])).toEqual(['canOrder']);
  });

  it('grants nothing for the switch-location flag, which neither set covers', () => {
    expect(grantedPages([{ switchLocation: true }])).toEqual([]);
    expect(grantedOperations([{ switchLocation: true }])).toEqual([]);
  });

  it('unions permissions across several roles', () => {
    const roles = [
      { editMenu: true, soldOut: true },
      { viewSalesReport: true, voidOrders: true },
    ];
    expect(grantedPages(roles)).toEqual(['editMenu', 'viewSalesReport']);
    expect(grantedOperations(roles)).toEqual(['canVoid', 'soldOut']);
  });

  it('does not let a role with a flag off take away what another role grants', () => {
    expect(grantedPages([{ editCoupon: true }, { editCoupon: false }])).toEqual(['editCoupon']);
    expect(grantedPages([{ editCoupon: false }, { editCoupon: true }])).toEqual(['editCoupon']);
  });

  it('grants every page and operation to a full-access role, whatever its other flags say', () => {
    const { PagePermissions, operationAuthority } = permissionsFromRoles([{ fullAccess: true, editMenu: false }]);
    expect(Object.values(PagePermissions).every(Boolean)).toBe(true);
    expect(Object.values(operationAuthority).every(Boolean)).toBe(true);
  });

  it('grants everything when any one of several roles has full access', () => {
    const roles = [{ editMenu: true }, { fullAccess: true }];
    expect(grantedPages(roles)).toEqual([...PAGE_PERMISSIONS]);
    expect(grantedOperations(roles)).toEqual([...OPERATION_AUTHORITIES]);
  });

  it('leaves every operation reachable from some role flag', () => {
    const reachable = new Set(Object.values(ROLE_FLAG_TO_OPERATION_AUTHORITY));
    expect(OPERATION_AUTHORITIES.filter((o) => !reachable.has(o))).toEqual([]);
    const allOn = Object.fromEntries(ROLE_FLAGS.filter((f) => f !== 'fullAccess').map((f) => [f, true]));
    expect(grantedOperations([allOn])).toEqual([...OPERATION_AUTHORITIES]);
    expect(grantedPages([allOn])).toEqual([...PAGE_PERMISSIONS]);
  });

  it('returns fresh objects, so changing one result does not leak into the next', () => {
    const first = permissionsFromRoles([]);
    first.PagePermissions.editMenu = true;
    first.operationAuthority.canVoid = true;
    const second = permissionsFromRoles([]);
    expect(second.PagePermissions.editMenu).toBe(false);
    expect(second.operationAuthority.canVoid).toBe(false);
  });

  it('does not modify the roles it is given', () => {
    const role = { fullAccess: true };
    permissionsFromRoles([role]);
    expect(role).toEqual({ fullAccess: true });
  });
});
