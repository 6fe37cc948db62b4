import { DevicesView } from '../../../features/devices/components/devices-view.tsx';

export default function DevicesPage() {
  return <DevicesView />;
}
