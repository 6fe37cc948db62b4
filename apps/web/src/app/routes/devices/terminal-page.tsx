import { TerminalSettingsForm } from '../../../features/devices/components/terminal-settings-form.tsx';

export default function TerminalPage() {
  return <TerminalSettingsForm />;
}
