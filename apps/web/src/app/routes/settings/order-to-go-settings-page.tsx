import { OrderToGoSettings } from '../../../features/settings/components/settings-forms.tsx';
import '../../../features/settings/components/settings.css';

export default function OrderToGoSettingsPage() {
  return (
    <div className="ra-settings__page">
      <OrderToGoSettings />
    </div>
  );
}
