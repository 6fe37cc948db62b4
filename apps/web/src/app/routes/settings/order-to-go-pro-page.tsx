import { OrderToGoSettings } from '../../../features/settings/components/settings-forms.tsx';
import '../../../features/settings/components/settings.css';

/** /newSettings/OrdertogoPro: order ahead with a date (time slots, days ahead, slot capacity, lead time). */
export default function OrderToGoProPage() {
  return (
    <div className="ra-settings__page">
      <OrderToGoSettings pro />
    </div>
  );
}
