import { SelfOrderSettings } from '../../../features/settings/components/settings-forms.tsx';
import '../../../features/settings/components/settings.css';

export default function SelfOrderSettingsPage() {
  return (
    <div className="ra-settings__page">
      <SelfOrderSettings />
    </div>
  );
}
