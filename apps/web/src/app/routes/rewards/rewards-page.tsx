import { RewardsView } from '../../../features/rewards/components/rewards-view.tsx';

/** /rewards/index (editCoupon): the loyalty rewards catalogue and report. */
export default function RewardsPage() {
  return <RewardsView />;
}
