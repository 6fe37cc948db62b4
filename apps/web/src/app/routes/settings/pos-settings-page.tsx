import { PosSettings } from '../../../features/settings/components/settings-forms.tsx';
import '../../../features/settings/components/settings.css';

export default function PosSettingsPage() {
  return (
    <div className="ra-settings__page">
      <PosSettings />
    </div>
  );
}
