// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PAGE_PERMISSIONS, type TPagePermission } from '@ra/shared/permissions';
import type { TAccessInput, TRouteRecord } from '../lib/route-types.ts';
import { routeTable } from './route-table.tsx';
import {
  accessibleRoutes,
  canAccessPath,
  canonicalPath,
  flattenRoutes,
  isRestrictedHost,
  normalizePath,
  roleLabels,
  rolesAllow,
} from '../lib/access.ts';

const RESTRICTED = 'dashboard.restricted.example';

function input(overrides: Partial<TAccessInput> & { grant?: TPagePermission[] } = {}): TAccessInput {
  const { grant = [], ...rest } = overrides;
  return {
    PagePermissions: Object.fromEntries(PAGE_PERMISSIONS.map((p) => [p, grant.includes(p)])),
    roles: ['User'],
    host: 'admin.example.com',
    restrictedHost: RESTRICTED,
    enableOrderToGoWithDateSelect: false,
    ...rest,
  };
}

/** Every page path (records with a page) the user gets from the real table. */
function pagePaths(i: TAccessInput): string[] {
  return flattenRoutes(accessibleRoutes(routeTable, i))
    .filter((r) => r.lazy)
    .map((r) => r.path);
}

function topLevel(i: TAccessInput): string[] {
  return accessibleRoutes(routeTable, i).map((r) => r.path);
}

const BASE = ['/dashboard'];
const OWNER_SET = ['/businessInfo/index', '/business/index', '/userList/index', '/orderCalendar/index'];
const ADMIN_SET = ['/Coupon/index', '/Settings/SelforderPro', '/Settings/Providers'];

/** SPEC 2 "Which permission adds which routes", as assigned in route-table.tsx. */
const ADDED_BY: Record<TPagePermission, string[]> = {
  editAccounts: [
    '/teamManagement/index',
    '/teamManagement/addJob',
    '/teamManagement/editJob',
    '/teamManagement/JobMobile',
    '/teamManagement/userMobile',
  ],
  viewGiftcard: ['/giftcard/index', '/giftcard/list'],
  viewSalesReport: [
    '/salesReport/salesSummary',
    '/salesReport/salesTrends',
    '/salesReport/operation',
    '/salesReport/paymentMethods',
    '/salesReport/itemSales',
    '/salesReport/optionSales',
    '/salesReport/discount',
    '/salesReport/compsVoids',
    '/salesReport/taxes',
    '/salesReport/payout',
    '/salesReport/emailReports',
    '/itemProfitability/index',
  ],
  viewWorkHours: ['/workHours/index'],
  editConfig: [
    '/Setting/POSsettings',
    '/Setting/Selforder',
    '/Setting/Ordertogo',
    '/deviceSetting/index',
    '/deviceSetting/terminal',
    '/thirdParty/index',
  ],
  editCoupon: ['/coupon/index', '/rewards/index'],
  viewAnalyticCenter: ['/analyticCenter/index'],
  viewTransactions: ['/transactions/index'],
  editMenu: [
    '/menu/newItemLibrary',
    '/menu/menuMapping',
    '/menu/imageLibrary',
    '/AddItem',
    '/EditItem',
    '/menugroup',
    '/category',
    '/modifiergroup',
    '/menuMapping/customer',
    '/menuMapping/store',
    '/menuImage/list',
  ],
};

const UNRESTRICTED_ONLY: TPagePermission[] = [
  'editConfig',
  'editCoupon',
  'viewAnalyticCenter',
  'viewTransactions',
  'editMenu',
];

describe('accessibleRoutes with the route table', () => {
  it('gives a user with no permissions and no system role only the dashboard', () => {
    expect(pagePaths(input())).toEqual(BASE);
  });

  for (const permission of PAGE_PERMISSIONS) {
    it(`adds exactly the ${permission} pages when ${permission} is on`, () => {
      const added = pagePaths(input({ grant: [permission] })).filter((p) => !BASE.includes(p));
      expect(added.sort()).toEqual([...ADDED_BY[permission]].sort());
    });
  }

  it('adds the order-to-go-with-date page only when the restaurant enables it, to those who edit settings', () => {
    expect(pagePaths(input({ grant: ['editConfig'] }))).not.toContain('/newSettings/OrdertogoPro');
    expect(pagePaths(input({ enableOrderToGoWithDateSelect: true }))).toEqual(BASE);
    const withSettings = pagePaths(input({ enableOrderToGoWithDateSelect: true, grant: ['editConfig'] }));
    expect(withSettings.filter((p) => !BASE.includes(p)).sort()).toEqual(
      [...ADDED_BY.editConfig, '/newSettings/OrdertogoPro'].sort(),
    );
  });

  it('adds the owner set (business info, hours, user list, order calendar) for owner, agent and admin roles', () => {
    for (const role of ['owner', 'agent', 'admin']) {
      expect(pagePaths(input({ roles: [role] }))).toEqual(expect.arrayContaining(OWNER_SET));
    }
    expect(pagePaths(input({ roles: ['Manager', 'Staff'] }))).toEqual(BASE);
  });

  it('keeps premium coupon codes and system admin config for admins only (SPEC 6)', () => {
    expect(pagePaths(input({ roles: ['admin'] }))).toEqual(expect.arrayContaining(ADMIN_SET));
    for (const role of ['owner', 'agent', 'Manager']) {
      const paths = pagePaths(input({ roles: [role], grant: [...PAGE_PERMISSIONS] }));
      for (const p of ADMIN_SET) expect(paths).not.toContain(p);
    }
  });

  it('matches roles without letter case, so a server role "Owner" counts as owner', () => {
    expect(pagePaths(input({ roles: ['Owner'] }))).toEqual(expect.arrayContaining(OWNER_SET));
  });

  it('hides every unrestricted group on the restricted host, whatever the permissions', () => {
    const everything = input({ grant: [...PAGE_PERMISSIONS], roles: ['owner'], host: RESTRICTED });
    const paths = pagePaths(everything);
    for (const permission of UNRESTRICTED_ONLY) {
      for (const p of ADDED_BY[permission]) expect(paths).not.toContain(p);
    }
    // the permission groups that are not host-bound stay
    for (const permission of ['editAccounts', 'viewGiftcard', 'viewSalesReport', 'viewWorkHours'] as const) {
      expect(paths).toEqual(expect.arrayContaining(ADDED_BY[permission]));
    }
    expect(paths).toEqual(expect.arrayContaining(OWNER_SET));
  });

  it('recognises the restricted host with a port or in capitals', () => {
    const paths = pagePaths(input({ grant: ['editMenu'], host: 'Dashboard.Restricted.Example:8443' }));
    expect(paths).toEqual(BASE);
  });

  it('gives staff with only viewWorkHours the dashboard and work hours', () => {
    expect(topLevel(input({ roles: ['Staff'], grant: ['viewWorkHours'] }))).toEqual(['/dashboard', '/workHours/index']);
  });

  it('gives a manager the dashboard, menu, coupon, sales report and work hours', () => {
    const manager = input({
      roles: ['Manager'],
      grant: ['editMenu', 'editCoupon', 'viewSalesReport', 'viewWorkHours'],
    });
    expect(topLevel(manager)).toEqual([
      '/dashboard',
      '/salesReport',
      '/itemProfitability/index',
      '/menu',
      '/menuMapping',
      '/menuImage/list',
      '/coupon/index',
      '/rewards/index',
      '/workHours/index',
    ]);
  });

  it('keeps the hidden team pages highlighting the team index', () => {
    const team = accessibleRoutes(routeTable, input({ grant: ['editAccounts'] })).find(
      (r) => r.path === '/teamManagement',
    );
    const hidden = team?.children?.filter((c) => c.hidden) ?? [];
    expect(hidden.map((c) => c.path)).toEqual([
      '/teamManagement/addJob',
      '/teamManagement/editJob',
      '/teamManagement/JobMobile',
      '/teamManagement/userMobile',
    ]);
    expect(new Set(hidden.map((c) => c.activeMenu))).toEqual(new Set(['/teamManagement/index']));
  });

  it('keeps group defaults: sales summary, customer menu, POS settings', () => {
    const all = accessibleRoutes(routeTable, input({ grant: [...PAGE_PERMISSIONS] }));
    const redirectOf = (path: string) => all.find((r) => r.path === path)?.redirect;
    expect(redirectOf('/salesReport')).toBe('/salesReport/salesSummary');
    expect(redirectOf('/menuMapping')).toBe('/menuMapping/customer');
    expect(redirectOf('/Setting')).toBe('/Setting/POSsettings');
  });
});

describe('accessibleRoutes with a hand-made table', () => {
  const page = { lazy: () => Promise.resolve({ default: () => null }) };
  const table: TRouteRecord[] = [
    { path: '/a', titleKey: 'a', grant: { kind: 'always' }, ...page },
    { path: '/b', titleKey: 'b', grant: { kind: 'unrestricted' }, ...page },
    { path: '/c', titleKey: 'c', grant: { kind: 'unrestricted' }, roles: ['owner', 'agent', 'admin'], ...page },
    { path: '/d', titleKey: 'd', ...page },
    {
      path: '/g',
      titleKey: 'g',
      grant: { kind: 'always' },
      redirect: '/g/secret',
      children: [
        { path: '/g/secret', titleKey: 'g.secret', roles: ['admin'], ...page },
        { path: '/g/open', titleKey: 'g.open', ...page },
      ],
    },
    {
      path: '/h',
      titleKey: 'h',
      grant: { kind: 'always' },
      redirect: '/h/only',
      children: [{ path: '/h/only', titleKey: 'h.only', roles: ['admin'], ...page }],
    },
  ];

  it('supports the unrestricted kind: shown everywhere but on the restricted host', () => {
    expect(accessibleRoutes(table, input()).map((r) => r.path)).toContain('/b');
    expect(accessibleRoutes(table, input({ host: RESTRICTED })).map((r) => r.path)).not.toContain('/b');
  });

  it('applies a roles list on top of the unrestricted kind', () => {
    expect(accessibleRoutes(table, input({ roles: ['agent'] })).map((r) => r.path)).toContain('/c');
    expect(accessibleRoutes(table, input({ roles: ['Staff'] })).map((r) => r.path)).not.toContain('/c');
    expect(accessibleRoutes(table, input({ roles: ['agent'], host: RESTRICTED })).map((r) => r.path)).not.toContain(
      '/c',
    );
  });

  it('refuses a top-level record that has no grant', () => {
    expect(accessibleRoutes(table, input({ roles: ['admin'] })).map((r) => r.path)).not.toContain('/d');
  });

  it('filters children by role and moves the group default to the first child left', () => {
    const g = accessibleRoutes(table, input()).find((r) => r.path === '/g');
    expect(g?.children?.map((c) => c.path)).toEqual(['/g/open']);
    expect(g?.redirect).toBe('/g/open');
  });

  it('drops a group when none of its children is left', () => {
    expect(accessibleRoutes(table, input()).map((r) => r.path)).not.toContain('/h');
    expect(accessibleRoutes(table, input({ roles: ['admin'] })).map((r) => r.path)).toContain('/h');
  });

  it('does not change the table it is given', () => {
    const before = JSON.stringify(table);
    accessibleRoutes(table, input());
    expect(JSON.stringify(table)).toBe(before);
  });
});

describe('rolesAllow', () => {
  it('lets everyone through a route without roles', () => {
    expect(rolesAllow(undefined, [])).toBe(true);
    expect(rolesAllow([], ['Staff'])).toBe(true);
  });

  it('needs any one held role to match', () => {
    expect(rolesAllow(['owner', 'admin'], ['Staff', 'admin'])).toBe(true);
    expect(rolesAllow(['owner'], ['Staff'])).toBe(false);
    expect(rolesAllow(['owner'], [])).toBe(false);
  });
});

describe('isRestrictedHost', () => {
  it('compares host names only', () => {
    expect(isRestrictedHost(RESTRICTED, RESTRICTED)).toBe(true);
    expect(isRestrictedHost(`${RESTRICTED}:443`, RESTRICTED)).toBe(true);
    expect(isRestrictedHost(`admin.${RESTRICTED}`, RESTRICTED)).toBe(false);
    expect(isRestrictedHost('localhost:5173', RESTRICTED)).toBe(false);
  });

  it('restricts nothing when no restricted host is configured', () => {
    expect(isRestrictedHost('', '')).toBe(false);
  });
});

describe('canAccessPath', () => {
  const staff = input({ roles: ['Staff'], grant: ['viewWorkHours'] });

  it('answers for pages the user has and pages they lack', () => {
    expect(canAccessPath('/workHours/index', routeTable, staff)).toBe(true);
    expect(canAccessPath('/salesReport/salesSummary', routeTable, staff)).toBe(false);
  });

  it('ignores the query, the hash and a trailing slash', () => {
    expect(canAccessPath('/workHours/index/?from=1#top', routeTable, staff)).toBe(true);
  });

  it('tells /Coupon (admin) and /coupon (editCoupon) apart', () => {
    const couponEditor = input({ grant: ['editCoupon'] });
    expect(canAccessPath('/coupon/index', routeTable, couponEditor)).toBe(true);
    expect(canAccessPath('/Coupon/index', routeTable, couponEditor)).toBe(false);
  });

  it('answers false for a path that is not in the table', () => {
    expect(canAccessPath('/nowhere', routeTable, input({ grant: [...PAGE_PERMISSIONS], roles: ['admin'] }))).toBe(
      false,
    );
  });
});

describe('normalizePath', () => {
  it('keeps the root and letter case', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('/Setting/POSsettings/')).toBe('/Setting/POSsettings');
  });
});

describe(canonicalPath.name, () => {
  const known = ['/ChangePassword', '/login', '/Coupon/index', '/coupon/index', '/teamManagement/index'];

  it('keeps a known spelling as it is', () => {
    expect(canonicalPath('/ChangePassword', known)).toBe('/ChangePassword');
    expect(canonicalPath('/coupon/index/', known)).toBe('/coupon/index');
    expect(canonicalPath('/Coupon/index', known)).toBe('/Coupon/index');
  });

  it('finds the page of another letter case when only one page has that name', () => {
    expect(canonicalPath('/changePassword', known)).toBe('/ChangePassword');
    expect(canonicalPath('/CHANGEPASSWORD', known)).toBe('/ChangePassword');
    expect(canonicalPath('/TeamManagement/Index', known)).toBe('/teamManagement/index');
  });

  it('leaves /COUPON/index unknown: /Coupon/index and /coupon/index are two pages', () => {
    expect(canonicalPath('/COUPON/index', known)).toBeUndefined();
    expect(canonicalPath('/nowhere', known)).toBeUndefined();
  });
});

describe(roleLabels.name, () => {
  it('shows system roles by key for translation and other roles by their own name, once each', () => {
    expect(roleLabels(['Owner', 'owner', 'Manager'])).toEqual([
      { key: 'owner', system: 'owner' },
      { key: 'manager', name: 'Manager' },
    ]);
    expect(roleLabels(['agent', 'admin'])).toEqual([
      { key: 'agent', system: 'agent' },
      { key: 'admin', system: 'admin' },
    ]);
    expect(roleLabels(['User', ' '])).toEqual([{ key: 'user', name: 'User' }]);
  });
});
