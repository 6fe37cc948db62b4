import { DeliveryView } from '../../../features/delivery/components/delivery-view.tsx';

export default function DeliveryPage() {
  return <DeliveryView />;
}
