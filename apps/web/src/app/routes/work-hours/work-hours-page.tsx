import { WorkHoursView } from '../../../features/work-hours/components/work-hours-view.tsx';

export default function WorkHoursPage() {
  return <WorkHoursView />;
}
