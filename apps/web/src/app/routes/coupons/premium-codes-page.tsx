import { PremiumCodesView } from '../../../features/coupons/components/premium-codes-view.tsx';

/** /Coupon/index (SPEC 6: platform staff only). */
export default function PremiumCodesPage() {
  return <PremiumCodesView />;
}
