import { ProfitabilityView } from '../../../features/insight/components/profitability-view.tsx';
import { DateRangeBar } from '../../../features/reports/components/date-range-bar.tsx';
import { useReportRange } from '../../../features/reports/hooks/use-report-range.ts';

/**
 * /itemProfitability/index (issue 24): menu engineering of the selected restaurant, over the same
 * business-day range picker as the sales report (kept in the URL).
 */
export default function ItemProfitabilityPage() {
  const { range, today, choosePreset, chooseDays } = useReportRange();
  return (
    <ProfitabilityView
      range={{ from: range.from, to: range.to }}
      rangeBar={<DateRangeBar range={range} today={today} onPreset={choosePreset} onDays={chooseDays} />}
    />
  );
}
