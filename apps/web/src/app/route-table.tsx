import type { TRouteRecord } from '../lib/route-types.ts';

/**
 * Routes as data (ARCHITECTURE "Web"): the sidebar, tags view, header search, page titles and the
 * navigation guard all read this table; `lib/access.ts` decides which records a user gets.
 *
 * Shape:
 * - Every path is absolute. A top-level record is either a page (it has `lazy`) or a menu group
 *   (it has `children` and a `redirect` to its default child). Children inherit the group's grant.
 * - `titleKey` is a key of the `route` namespace (locales/<lang>/route.json): t(`route:${titleKey}`).
 * - `icon` is the name of an @ant-design/icons component.
 * - `hidden` pages are editors opened from a list; `activeMenu` is the entry highlighted meanwhile.
 * - The dashboard is the first record (the "base set"), so the menu can be built from this table alone.
 *
 * Grant assignments (SPEC 2 "Which permission adds which routes"; SPEC 6 "Admin-only"):
 * - base set, always: /dashboard
 * - fixed set 1, always, roles owner/agent/admin: /business/index, /businessInfo/index, /userList/index,
 *   /orderCalendar/index
 * - fixed set 2, always, roles admin: /Coupon/index (premium coupon code generation),
 *   /Settings/SelforderPro (system admin config), /Settings/Providers (the outside providers, issue 20)
 * - editAccounts: /teamManagement; enableOrderToGoWithDateSelect with editConfig: /newSettings/OrdertogoPro;
 *   viewGiftcard: /giftcard; viewSalesReport: /salesReport, /itemProfitability/index; viewWorkHours: /workHours/index
 * - unless on the restricted host: editConfig: /Setting, /deviceSetting, /thirdParty/index;
 *   editCoupon: /coupon/index, /rewards/index; viewAnalyticCenter: /analyticCenter/index;
 *   viewTransactions: /transactions/index; editMenu: /menu, /menuMapping, /menuImage/list
 * - the `unrestricted` kind (the "another fixed set") is supported by access but holds no route today.
 */

/** Every sales report section is one page module, so switching sections downloads nothing more. */
const salesReportPage = () => import('./routes/sales-report/sales-report-page.tsx');
/** The three channel layout pages are one page module that reads its channel from the path. */
const menuMappingPage = () => import('./routes/menu/menu-mapping-page.tsx');

const OWNER_ROLES = ['owner', 'agent', 'admin'];
const ADMIN_ROLES = ['admin'];

export const dashboardRoute: TRouteRecord = {
  path: '/dashboard',
  titleKey: 'dashboard',
  icon: 'DashboardOutlined',
  grant: { kind: 'always' },
  affix: true,
  serverMessages: 'on-error',
  prefetch: async () => (await import('./routes/dashboard/prefetch-dashboard-page.ts')).prefetchDashboardPage(),
  // its largest paint is today's figures: drawn once, with them (issue 21)
  prefetchWaitMs: 2000,
  // the first page after sign-in: only the frame's translations (app/frame-translations.test.tsx)
  translations: 'frame',
  lazy: () => import('./routes/dashboard/dashboard-page.tsx'),
};

const MENU_EDITOR_HOME = '/menu/newItemLibrary';
const TEAM_HOME = '/teamManagement/index';

/** A sales report section other than the summary: opened by the page's tabs, not the sidebar. */
const SECTION = {
  hidden: true,
  searchable: true,
  activeMenu: '/salesReport/salesSummary',
  serverMessages: 'on-error',
  lazy: salesReportPage,
} as const;

export const routeTable: TRouteRecord[] = [
  dashboardRoute,

  // fixed set 1
  {
    path: '/businessInfo/index',
    titleKey: 'businessInfo',
    icon: 'ShopOutlined',
    grant: { kind: 'always' },
    roles: OWNER_ROLES,
    lazy: () => import('./routes/business/business-info-page.tsx'),
  },
  {
    path: '/business/index',
    titleKey: 'businessHour',
    icon: 'ClockCircleOutlined',
    grant: { kind: 'always' },
    roles: OWNER_ROLES,
    lazy: () => import('./routes/business/business-hours-page.tsx'),
  },
  {
    path: '/userList/index',
    titleKey: 'userList',
    icon: 'UserOutlined',
    grant: { kind: 'always' },
    roles: OWNER_ROLES,
    lazy: () => import('./routes/customers/user-list-page.tsx'),
  },
  {
    path: '/orderCalendar/index',
    titleKey: 'orderCalendar',
    icon: 'CalendarOutlined',
    grant: { kind: 'always' },
    roles: OWNER_ROLES,
    lazy: () => import('./routes/order-calendar/order-calendar-page.tsx'),
  },

  {
    path: '/salesReport',
    titleKey: 'salesReport',
    icon: 'BarChartOutlined',
    grant: { kind: 'permission', permission: 'viewSalesReport' },
    redirect: '/salesReport/salesSummary',
    children: [
      // One sidebar entry, "Sales Report": the sections are the tab strip of the page (docs/decisions.md
      // "Sales report sections"); each keeps its own path, title and tag.
      {
        path: '/salesReport/salesSummary',
        titleKey: 'salesReport.salesSummary',
        menuTitleKey: 'salesReport',
        serverMessages: 'on-error',
        prefetch: async (url) =>
          (await import('../features/reports/api/prefetch-sales-summary.ts')).prefetchSalesSummary(url),
        // drawn once, with its figures and on the day it opens on (issue 21)
        prefetchWaitMs: 2000,
        // its own translations and the frame's, not every page's (app/frame-translations.test.tsx)
        translations: 'reports',
        lazy: salesReportPage,
      },
      { path: '/salesReport/salesTrends', titleKey: 'salesReport.salesTrends', ...SECTION },
      { path: '/salesReport/operation', titleKey: 'salesReport.sections.operation', ...SECTION },
      { path: '/salesReport/paymentMethods', titleKey: 'salesReport.sections.paymentMethods', ...SECTION },
      { path: '/salesReport/itemSales', titleKey: 'salesReport.itemSales', ...SECTION },
      { path: '/salesReport/optionSales', titleKey: 'salesReport.optionSales', ...SECTION },
      { path: '/salesReport/discount', titleKey: 'salesReport.sections.discount', ...SECTION },
      { path: '/salesReport/compsVoids', titleKey: 'salesReport.sections.compsVoids', ...SECTION },
      { path: '/salesReport/taxes', titleKey: 'salesReport.sections.taxes', ...SECTION },
      { path: '/salesReport/payout', titleKey: 'salesReport.payout', ...SECTION },
      {
        path: '/salesReport/emailReports',
        titleKey: 'salesReport.emailReports',
        hidden: true,
        searchable: true,
        activeMenu: '/salesReport/salesSummary',
        lazy: () => import('./routes/report-mail/report-mail-page.tsx'),
      },
    ],
  },
  {
    path: '/itemProfitability/index',
    titleKey: 'itemProfitability',
    icon: 'DollarOutlined',
    grant: { kind: 'permission', permission: 'viewSalesReport' },
    lazy: () => import('./routes/insight/item-profitability-page.tsx'),
  },
  {
    path: '/transactions/index',
    titleKey: 'transactions',
    icon: 'TransactionOutlined',
    grant: { kind: 'unrestrictedPermission', permission: 'viewTransactions' },
    lazy: () => import('./routes/transactions/transactions-page.tsx'),
  },
  {
    path: '/analyticCenter/index',
    titleKey: 'analyticCenter',
    icon: 'LineChartOutlined',
    grant: { kind: 'unrestrictedPermission', permission: 'viewAnalyticCenter' },
    lazy: () => import('./routes/analytics/analytics-page.tsx'),
  },

  {
    path: '/menu',
    titleKey: 'menu',
    icon: 'ReadOutlined',
    grant: { kind: 'unrestrictedPermission', permission: 'editMenu' },
    redirect: MENU_EDITOR_HOME,
    children: [
      {
        path: MENU_EDITOR_HOME,
        titleKey: 'menu.newItemLibrary',
        lazy: () => import('./routes/menu/item-library-page.tsx'),
      },
      { path: '/menu/menuMapping', titleKey: 'menu.menuMapping', lazy: menuMappingPage },
      {
        path: '/AddItem',
        titleKey: 'menu.addItem',
        hidden: true,
        activeMenu: MENU_EDITOR_HOME,
        lazy: () => import('./routes/menu/add-item-page.tsx'),
      },
      {
        path: '/EditItem',
        titleKey: 'menu.editItem',
        hidden: true,
        activeMenu: MENU_EDITOR_HOME,
        lazy: () => import('./routes/menu/edit-item-page.tsx'),
      },
      {
        path: '/menugroup',
        titleKey: 'menu.menuGroup',
        hidden: true,
        activeMenu: MENU_EDITOR_HOME,
        lazy: () => import('./routes/menu/menu-group-page.tsx'),
      },
      {
        path: '/category',
        titleKey: 'menu.category',
        hidden: true,
        activeMenu: MENU_EDITOR_HOME,
        lazy: () => import('./routes/menu/category-page.tsx'),
      },
      {
        path: '/modifiergroup',
        titleKey: 'menu.modifierGroup',
        hidden: true,
        activeMenu: MENU_EDITOR_HOME,
        lazy: () => import('./routes/menu/modifier-group-page.tsx'),
      },
      {
        path: '/menu/imageLibrary',
        titleKey: 'menu.imageLibrary',
        hidden: true,
        activeMenu: MENU_EDITOR_HOME,
        lazy: () => import('./routes/menu/image-library-page.tsx'),
      },
    ],
  },
  {
    path: '/menuMapping',
    titleKey: 'menuMapping',
    icon: 'ApartmentOutlined',
    grant: { kind: 'unrestrictedPermission', permission: 'editMenu' },
    redirect: '/menuMapping/customer',
    children: [
      { path: '/menuMapping/customer', titleKey: 'menuMapping.customer', lazy: menuMappingPage },
      { path: '/menuMapping/store', titleKey: 'menuMapping.store', lazy: menuMappingPage },
    ],
  },
  {
    path: '/menuImage/list',
    titleKey: 'menuImage',
    icon: 'PictureOutlined',
    grant: { kind: 'unrestrictedPermission', permission: 'editMenu' },
    lazy: () => import('./routes/menu-image/menu-image-page.tsx'),
  },

  {
    path: '/coupon/index',
    titleKey: 'coupon',
    icon: 'TagsOutlined',
    grant: { kind: 'unrestrictedPermission', permission: 'editCoupon' },
    lazy: () => import('./routes/coupons/coupons-page.tsx'),
  },
  {
    // Loyalty rewards (issue 24): a reward is a coupon or a free dish paid for with points, so the
    // coupon editor's flag opens it (docs/decisions.md "Loyalty rewards").
    path: '/rewards/index',
    titleKey: 'rewards',
    icon: 'GiftOutlined',
    grant: { kind: 'unrestrictedPermission', permission: 'editCoupon' },
    lazy: () => import('./routes/rewards/rewards-page.tsx'),
  },
  {
    path: '/giftcard',
    titleKey: 'giftcard',
    icon: 'CreditCardOutlined',
    grant: { kind: 'permission', permission: 'viewGiftcard' },
    redirect: '/giftcard/index',
    children: [
      {
        path: '/giftcard/index',
        titleKey: 'giftcard.index',
        lazy: () => import('./routes/giftcards/giftcard-overview-page.tsx'),
      },
      {
        path: '/giftcard/list',
        titleKey: 'giftcard.list',
        lazy: () => import('./routes/giftcards/giftcard-list-page.tsx'),
      },
    ],
  },

  {
    path: '/teamManagement',
    titleKey: 'teamManagement',
    icon: 'TeamOutlined',
    grant: { kind: 'permission', permission: 'editAccounts' },
    redirect: TEAM_HOME,
    children: [
      { path: TEAM_HOME, titleKey: 'teamManagement.index', lazy: () => import('./routes/team/team-index-page.tsx') },
      {
        path: '/teamManagement/addJob',
        titleKey: 'teamManagement.addJob',
        hidden: true,
        activeMenu: TEAM_HOME,
        lazy: () => import('./routes/team/add-job-page.tsx'),
      },
      {
        path: '/teamManagement/editJob',
        titleKey: 'teamManagement.editJob',
        hidden: true,
        activeMenu: TEAM_HOME,
        lazy: () => import('./routes/team/edit-job-page.tsx'),
      },
      {
        path: '/teamManagement/JobMobile',
        titleKey: 'teamManagement.jobMobile',
        hidden: true,
        activeMenu: TEAM_HOME,
        lazy: () => import('./routes/team/job-mobile-page.tsx'),
      },
      {
        path: '/teamManagement/userMobile',
        titleKey: 'teamManagement.userMobile',
        hidden: true,
        activeMenu: TEAM_HOME,
        lazy: () => import('./routes/team/user-mobile-page.tsx'),
      },
    ],
  },
  {
    path: '/workHours/index',
    titleKey: 'workHours',
    icon: 'FieldTimeOutlined',
    grant: { kind: 'permission', permission: 'viewWorkHours' },
    lazy: () => import('./routes/work-hours/work-hours-page.tsx'),
  },

  {
    path: '/Setting',
    titleKey: 'setting',
    icon: 'SettingOutlined',
    grant: { kind: 'unrestrictedPermission', permission: 'editConfig' },
    redirect: '/Setting/POSsettings',
    children: [
      {
        path: '/Setting/POSsettings',
        titleKey: 'setting.posSettings',
        lazy: () => import('./routes/settings/pos-settings-page.tsx'),
      },
      {
        path: '/Setting/Selforder',
        titleKey: 'setting.selfOrder',
        lazy: () => import('./routes/settings/self-order-settings-page.tsx'),
      },
      {
        path: '/Setting/Ordertogo',
        titleKey: 'setting.orderToGo',
        lazy: () => import('./routes/settings/order-to-go-settings-page.tsx'),
      },
    ],
  },
  {
    path: '/newSettings/OrdertogoPro',
    titleKey: 'orderToGoPro',
    icon: 'ScheduleOutlined',
    grant: { kind: 'orderToGoWithDate' },
    lazy: () => import('./routes/settings/order-to-go-pro-page.tsx'),
  },
  {
    path: '/deviceSetting',
    titleKey: 'deviceSetting',
    icon: 'TabletOutlined',
    grant: { kind: 'unrestrictedPermission', permission: 'editConfig' },
    redirect: '/deviceSetting/index',
    children: [
      {
        path: '/deviceSetting/index',
        titleKey: 'deviceSetting.index',
        lazy: () => import('./routes/devices/devices-page.tsx'),
      },
      {
        path: '/deviceSetting/terminal',
        titleKey: 'deviceSetting.terminal',
        lazy: () => import('./routes/devices/terminal-page.tsx'),
      },
    ],
  },
  {
    path: '/thirdParty/index',
    titleKey: 'thirdParty',
    icon: 'ApiOutlined',
    grant: { kind: 'unrestrictedPermission', permission: 'editConfig' },
    lazy: () => import('./routes/delivery/delivery-page.tsx'),
  },

  // fixed set 2 (SPEC 6: admin only)
  {
    path: '/Coupon/index',
    titleKey: 'createCouponCode',
    icon: 'BarcodeOutlined',
    grant: { kind: 'always' },
    roles: ADMIN_ROLES,
    lazy: () => import('./routes/coupons/premium-codes-page.tsx'),
  },
  {
    path: '/Settings/SelforderPro',
    titleKey: 'selfOrderPro',
    icon: 'ControlOutlined',
    grant: { kind: 'always' },
    roles: ADMIN_ROLES,
    lazy: () => import('./routes/settings/self-order-pro-page.tsx'),
  },
  {
    // issue 20: which provider each adapter uses, with a live check (no secrets)
    path: '/Settings/Providers',
    titleKey: 'providers',
    icon: 'CloudServerOutlined',
    grant: { kind: 'always' },
    roles: ADMIN_ROLES,
    serverMessages: 'on-error',
    lazy: () => import('./routes/admin/providers-page.tsx'),
  },
];
