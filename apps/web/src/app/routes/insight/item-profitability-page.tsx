import { ProfitabilityView } from '../../../features/insight/components/profitability-view.tsx';

/** /itemProfitability/index (issue 24): menu engineering of the selected restaurant. */
export default function ItemProfitabilityPage() {
  return <ProfitabilityView />;
}
