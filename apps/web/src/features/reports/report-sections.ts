/**
 * The sales report's sections (SPEC 2 "/salesReport" and its section titles), in menu order. The paths
 * are the route table's; the titles are keys of the `route` namespace.
 */
export const SALES_REPORT_SECTIONS = [
  { path: '/salesReport/salesSummary', titleKey: 'salesReport.sections.summary' },
  { path: '/salesReport/salesTrends', titleKey: 'salesReport.sections.trends' },
  { path: '/salesReport/operation', titleKey: 'salesReport.sections.operation' },
  { path: '/salesReport/paymentMethods', titleKey: 'salesReport.sections.paymentMethods' },
  { path: '/salesReport/itemSales', titleKey: 'salesReport.sections.itemCategorySales' },
  { path: '/salesReport/optionSales', titleKey: 'salesReport.sections.optionSales' },
  { path: '/salesReport/discount', titleKey: 'salesReport.sections.discount' },
  { path: '/salesReport/compsVoids', titleKey: 'salesReport.sections.compsVoids' },
  { path: '/salesReport/taxes', titleKey: 'salesReport.sections.taxes' },
  { path: '/salesReport/payout', titleKey: 'salesReport.sections.payout' },
] as const;
