import { describe, expect, it } from 'vitest';
import { allRoleFlags, emptyRoleFlags, permissionsFromRoles } from '@ra/shared/permissions';
import type { AuthContext } from '../lib/auth-context.ts';
import { AppError } from '../lib/errors.ts';
import { checkAccess, type TRouteAccess } from './access-control.ts';

function caller(overrides: Partial<AuthContext> = {}, flags = emptyRoleFlags()): AuthContext {
  return {
    sessionId: '00000000-0000-0000-0000-000000000000',
    userId: 1,
    userXid: 'U100001',
    email: 'someone@demo.test',
    firstName: 'Some',
    lastName: 'One',
    isAdmin: false,
    isAgent: false,
    node: { id: 1, xid: 'N100001', path: '/1/', type: 'restaurant' },
    homeRestaurantId: 1,
    restaurantId: 1,
    roles: [],
    ...permissionsFromRoles([flags]),
    ...overrides,
  };
}

function outcome(access: TRouteAccess, auth: AuthContext): string {
  try {
    checkAccess(access, auth);
    return 'allowed';
  } catch (error) {
    if (error instanceof AppError) return `${error.statusCode}/${error.code}`;
    throw error;
  }
}

describe(checkAccess.name, () => {
  const staff = caller({}, { ...emptyRoleFlags(), viewWorkHours: true, order: true });
  const agentWithoutRestaurant = caller({ isAgent: true, restaurantId: null, homeRestaurantId: null }, allRoleFlags());

  it('lets any signed-in caller through "authenticated", restaurant or not', () => {
    expect(outcome({ kind: 'authenticated' }, staff)).toBe('allowed');
    expect(outcome({ kind: 'authenticated' }, agentWithoutRestaurant)).toBe('allowed');
  });

  it('asks an agent to pick a restaurant (409 / 40901) before any restaurant-level access', () => {
    for (const access of [
      { kind: 'restaurant' },
      { kind: 'page', permission: 'editMenu' },
      { kind: 'operation', authority: 'canVoid' },
    ] satisfies TRouteAccess[]) {
      expect(outcome(access, agentWithoutRestaurant)).toBe('409/40901');
    }
  });

  it('checks the PagePermissions flag a page route names', () => {
    expect(outcome({ kind: 'page', permission: 'viewWorkHours' }, staff)).toBe('allowed');
    expect(outcome({ kind: 'page', permission: 'editConfig' }, staff)).toBe('403/40300');
  });

  it('checks the operationAuthority flag an operation route names', () => {
    expect(outcome({ kind: 'operation', authority: 'canOrder' }, staff)).toBe('allowed');
    expect(outcome({ kind: 'operation', authority: 'canVoid' }, staff)).toBe('403/40300');
  });

  it('keeps admin routes to platform staff, whatever their restaurant permissions', () => {
    expect(outcome({ kind: 'admin' }, caller({}, allRoleFlags()))).toBe('403/40300');
    expect(outcome({ kind: 'admin' }, caller({ isAdmin: true }))).toBe('allowed');
  });
});
