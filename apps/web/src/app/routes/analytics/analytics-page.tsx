import { AnalyticsView } from '../../../features/analytics/components/analytics-view.tsx';

export default function AnalyticsPage() {
  return <AnalyticsView />;
}
