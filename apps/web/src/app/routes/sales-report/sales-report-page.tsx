import { lazy, Suspense, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { ReportLayout } from '../../../features/reports/components/report-layout.tsx';
import { SectionSkeleton } from '../../../features/reports/components/query-state.tsx';
import { SalesSummarySection } from '../../../features/reports/components/sales-summary-section.tsx';
import type { TReportRange } from '../../../features/reports/report-range.ts';

type TSection = ComponentType<{ range: TReportRange }>;

/**
 * The other nine sections come in one module loaded when one of them is first opened (issue 21: the
 * summary, which most people open, does not wait for their code). The module is asked for once; each
 * section is the same component every time, so React keeps its state across renders.
 */
let otherSections: Promise<Record<string, TSection>> | undefined;
const loadOtherSections = () =>
  (otherSections ??= import('../../../features/reports/components/other-sections.tsx').then((m) => m.OTHER_SECTIONS));
const lazySections = new Map<string, TSection>();
function lazySection(path: string): TSection {
  let section = lazySections.get(path);
  if (!section) {
    section = lazy(async () => ({ default: (await loadOtherSections())[path] ?? SalesSummarySection }));
    lazySections.set(path, section);
  }
  return section;
}

/** Each /salesReport/* route's section (SPEC 2); the summary in this page's own module. */
export default function SalesReportPage() {
  const { pathname } = useLocation();
  const Section = pathname === '/salesReport/salesSummary' ? SalesSummarySection : lazySection(pathname);
  return (
    <ReportLayout>
      {/* a new section or period starts afresh (a paged list back on its first page) */}
      {(range) => (
        <Suspense fallback={<SectionSkeleton shape="table" />}>
          <Section key={`${pathname}_${range.from}_${range.to}_${range.preset}`} range={range} />
        </Suspense>
      )}
    </ReportLayout>
  );
}
