import { GiftcardOverview } from '../../../features/giftcards/components/giftcard-overview.tsx';

/** /giftcard/index (viewGiftcard): liability, breakage, issue and import. */
export default function GiftcardOverviewPage() {
  return <GiftcardOverview />;
}
