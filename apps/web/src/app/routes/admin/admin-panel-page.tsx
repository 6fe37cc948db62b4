import { NotReadyNotice } from '../not-ready.tsx';

export default function AdminPanelPage() {
  return <NotReadyNotice titleKey="adminPanel" standalone />;
}
