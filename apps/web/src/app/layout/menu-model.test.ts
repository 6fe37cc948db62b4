// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { TRouteRecord } from '../../lib/route-types.ts';
import { menuPages, menuSelection, menuTree, searchablePages } from './menu-model.ts';
import { breadcrumbTrail } from './route-tree.ts';

const page = () => Promise.resolve({ default: () => null });

const routes: TRouteRecord[] = [
  { path: '/dashboard', titleKey: 'dashboard', icon: 'DashboardOutlined', affix: true, lazy: page },
  {
    path: '/salesReport',
    titleKey: 'salesReport',
    icon: 'BarChartOutlined',
    redirect: '/salesReport/salesSummary',
    children: [
      { path: '/salesReport/salesSummary', titleKey: 'salesReport.salesSummary', lazy: page },
      { path: '/salesReport/payout', titleKey: 'salesReport.payout', lazy: page },
    ],
  },
  {
    path: '/menu',
    titleKey: 'menu',
    icon: 'ReadOutlined',
    redirect: '/menu/newItemLibrary',
    children: [
      { path: '/menu/newItemLibrary', titleKey: 'menu.newItemLibrary', lazy: page },
      { path: '/menu/menuMapping', titleKey: 'menu.menuMapping', lazy: page },
      { path: '/EditItem', titleKey: 'menu.editItem', hidden: true, activeMenu: '/menu/newItemLibrary', lazy: page },
    ],
  },
  {
    path: '/teamManagement',
    titleKey: 'teamManagement',
    icon: 'TeamOutlined',
    redirect: '/teamManagement/index',
    children: [
      { path: '/teamManagement/index', titleKey: 'teamManagement.index', lazy: page },
      {
        path: '/teamManagement/addJob',
        titleKey: 'teamManagement.addJob',
        hidden: true,
        activeMenu: '/teamManagement/index',
        lazy: page,
      },
    ],
  },
  {
    path: '/onlyHidden',
    titleKey: 'onlyHidden',
    children: [{ path: '/onlyHidden/x', titleKey: 'x', hidden: true, lazy: page }],
  },
  { path: '/Coupon/index', titleKey: 'createCouponCode', hidden: true, lazy: page },
];

describe(menuTree.name, () => {
  const menu = menuTree(routes);

  it('leaves hidden pages out of the menu', () => {
    const keys = JSON.stringify(menu);
    expect(keys).not.toContain('/EditItem');
    expect(keys).not.toContain('/teamManagement/addJob');
    expect(keys).not.toContain('/Coupon/index');
  });

  it('drops a group whose pages are all hidden', () => {
    expect(menu.map((n) => n.key)).not.toContain('/onlyHidden');
  });

  it('turns a group with several pages into a submenu', () => {
    expect(menu.find((n) => n.key === '/salesReport')).toEqual({
      key: '/salesReport',
      titleKey: 'salesReport',
      icon: 'BarChartOutlined',
      children: [
        { key: '/salesReport/salesSummary', titleKey: 'salesReport.salesSummary' },
        { key: '/salesReport/payout', titleKey: 'salesReport.payout' },
      ],
    });
  });

  it('shows a group with one visible page as that page, with the group icon', () => {
    expect(menu.find((n) => n.key === '/teamManagement/index')).toEqual({
      key: '/teamManagement/index',
      titleKey: 'teamManagement.index',
      icon: 'TeamOutlined',
    });
  });

  it('lists every page with the submenus above it, for the header search', () => {
    expect(menuPages(menu)).toEqual([
      { path: '/dashboard', titleKeys: ['dashboard'] },
      { path: '/salesReport/salesSummary', titleKeys: ['salesReport', 'salesReport.salesSummary'] },
      { path: '/salesReport/payout', titleKeys: ['salesReport', 'salesReport.payout'] },
      { path: '/menu/newItemLibrary', titleKeys: ['menu', 'menu.newItemLibrary'] },
      { path: '/menu/menuMapping', titleKeys: ['menu', 'menu.menuMapping'] },
      { path: '/teamManagement/index', titleKeys: ['teamManagement.index'] },
    ]);
  });
});

describe(menuSelection.name, () => {
  const menu = menuTree(routes);

  it('selects the page on screen and opens its submenu', () => {
    expect(menuSelection(routes, menu, '/salesReport/payout')).toEqual({
      selectedKeys: ['/salesReport/payout'],
      openKeys: ['/salesReport'],
    });
  });

  it('highlights the activeMenu entry while a hidden page is open', () => {
    expect(menuSelection(routes, menu, '/EditItem')).toEqual({
      selectedKeys: ['/menu/newItemLibrary'],
      openKeys: ['/menu'],
    });
    expect(menuSelection(routes, menu, '/teamManagement/addJob')).toEqual({
      selectedKeys: ['/teamManagement/index'],
      openKeys: [],
    });
  });

  it('ignores a trailing slash and query', () => {
    expect(menuSelection(routes, menu, '/dashboard/?x=1').selectedKeys).toEqual(['/dashboard']);
  });

  it('tells /Coupon from /coupon: letter case matters', () => {
    expect(menuSelection(routes, menu, '/coupon/index')).toEqual({ selectedKeys: [], openKeys: [] });
  });

  it('selects nothing for a path outside the menu', () => {
    expect(menuSelection(routes, menu, '/404')).toEqual({ selectedKeys: [], openKeys: [] });
  });
});

describe(breadcrumbTrail.name, () => {
  const paths = (p: string) => breadcrumbTrail(routes, p).map((r) => r.path);

  it('starts at the dashboard and follows the group to the page', () => {
    expect(paths('/salesReport/payout')).toEqual(['/dashboard', '/salesReport', '/salesReport/payout']);
  });

  it('is just the dashboard on the dashboard', () => {
    expect(paths('/dashboard')).toEqual(['/dashboard']);
  });

  it('shows a hidden page under the entry it highlights', () => {
    expect(paths('/EditItem')).toEqual(['/dashboard', '/menu', '/menu/newItemLibrary', '/EditItem']);
  });

  it('is empty for an unknown path', () => {
    expect(paths('/nowhere')).toEqual([]);
  });
});

describe('the sales report in the sidebar (the real route table)', () => {
  it('is one entry, "Sales Report"; its sections are the page’s tabs, not sidebar entries', async () => {
    const { routeTable } = await import('../route-table.tsx');
    const menu = menuTree(routeTable);
    const entry = menu.find((n) => n.key.startsWith('/salesReport'));
    expect(entry).toEqual({ key: '/salesReport/salesSummary', titleKey: 'salesReport', icon: 'BarChartOutlined' });
    // a section open highlights that one entry
    expect(menuSelection(routeTable, menu, '/salesReport/taxes')).toEqual({
      selectedKeys: ['/salesReport/salesSummary'],
      openKeys: [],
    });
  });

  it('still lists each section in the header search, under "Sales Report"', async () => {
    const { routeTable } = await import('../route-table.tsx');
    const pages = searchablePages(routeTable);
    expect(pages).toContainEqual({
      path: '/salesReport/taxes',
      titleKeys: ['salesReport', 'salesReport.sections.taxes'],
    });
    expect(pages).toContainEqual({
      path: '/salesReport/itemSales',
      titleKeys: ['salesReport', 'salesReport.itemSales'],
    });
    // an editor opened from a list stays out of the search
    expect(pages.map((p) => p.path)).not.toContain('/EditItem');
  });
});
