import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import { CompsVoidsSection } from '../../../features/reports/components/comps-voids-section.tsx';
import { DiscountsAndCouponsSection } from '../../../features/reports/components/coupons-section.tsx';
import { ItemSalesSection } from '../../../features/reports/components/item-sales-section.tsx';
import { OperationSection } from '../../../features/reports/components/operation-section.tsx';
import { OptionSalesSection } from '../../../features/reports/components/option-sales-section.tsx';
import { PaymentMethodsSection } from '../../../features/reports/components/payment-methods-section.tsx';
import { PayoutSection } from '../../../features/reports/components/payout-section.tsx';
import { ReportLayout } from '../../../features/reports/components/report-layout.tsx';
import { SalesSummarySection } from '../../../features/reports/components/sales-summary-section.tsx';
import { SalesTrendsSection } from '../../../features/reports/components/sales-trends-section.tsx';
import { TaxesSection } from '../../../features/reports/components/taxes-section.tsx';
import type { TReportRange } from '../../../features/reports/report-range.ts';

type TSection = ComponentType<{ range: TReportRange }>;

/** Each /salesReport/* route's section (SPEC 2); one page module so the report is one download. */
const SECTIONS: Record<string, TSection> = {
  '/salesReport/salesSummary': SalesSummarySection,
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

export default function SalesReportPage() {
  const { pathname } = useLocation();
  const Section = SECTIONS[pathname] ?? SalesSummarySection;
  return (
    <ReportLayout>
      {/* a new section or period starts afresh (a paged list back on its first page) */}
      {(range) => <Section key={`${pathname}_${range.from}_${range.to}_${range.preset}`} range={range} />}
    </ReportLayout>
  );
}
