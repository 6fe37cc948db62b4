import type { ComponentType } from 'react';
import type { TReportRange } from '../report-range.ts';
import { CompsVoidsSection } from './comps-voids-section.tsx';
import { DiscountsAndCouponsSection } from './coupons-section.tsx';
import { ItemSalesSection } from './item-sales-section.tsx';
import { OperationSection } from './operation-section.tsx';
import { OptionSalesSection } from './option-sales-section.tsx';
import { PaymentMethodsSection } from './payment-methods-section.tsx';
import { PayoutSection } from './payout-section.tsx';
import { SalesTrendsSection } from './sales-trends-section.tsx';
import { TaxesSection } from './taxes-section.tsx';

/**
 * The sales report's sections other than the summary, by route (SPEC 2), as one module the report page
 * loads when one of them is opened (issue 21): the summary, the page most people open, does not wait
 * for their code (their tables, lists and exports), and opening any other section loads all nine at
 * once, so moving between them costs no further download.
 */
export const OTHER_SECTIONS: Record<string, ComponentType<{ range: TReportRange }>> = {
  '/salesReport/salesTrends': SalesTrendsSection,
  '/salesReport/operation': OperationSection,
  '/salesReport/paymentMethods': PaymentMethodsSection,
  '/salesReport/itemSales': ItemSalesSection,
  '/salesReport/optionSales': OptionSalesSection,
  '/salesReport/discount': DiscountsAndCouponsSection,
  '/salesReport/compsVoids': CompsVoidsSection,
  '/salesReport/taxes': TaxesSection,
  '/salesReport/payout': PayoutSection,
};
