/**
 * The sales report's sections (SPEC 2 "/salesReport" and its section titles), in menu order. The paths
 * are the route table's; the titles are keys of the `reports` namespace and read exactly like the
 * route titles, so a tab, the page title and the menu never name one page two ways.
 */
export const SALES_REPORT_SECTIONS = [
  { path: '/salesReport/salesSummary', titleKey: 'sections.salesSummary' },
  { path: '/salesReport/salesTrends', titleKey: 'sections.salesTrends' },
  { path: '/salesReport/operation', titleKey: 'sections.operation' },
  { path: '/salesReport/paymentMethods', titleKey: 'sections.paymentMethods' },
  { path: '/salesReport/itemSales', titleKey: 'sections.itemSales' },
  { path: '/salesReport/optionSales', titleKey: 'sections.optionSales' },
  { path: '/salesReport/discount', titleKey: 'sections.discount' },
  { path: '/salesReport/compsVoids', titleKey: 'sections.compsVoids' },
  { path: '/salesReport/taxes', titleKey: 'sections.taxes' },
  { path: '/salesReport/payout', titleKey: 'sections.payout' },
] as const;
