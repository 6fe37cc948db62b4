import { CouponsView } from '../../../features/coupons/components/coupons-view.tsx';

/** /coupon/index (editCoupon). */
export default function CouponsPage() {
  return <CouponsView />;
}
