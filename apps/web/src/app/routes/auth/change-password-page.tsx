import { NotReadyNotice } from '../not-ready.tsx';

/** SPEC 2 /ChangePassword: the route exists; the form arrives with its own issue. */
export default function ChangePasswordPage() {
  return <NotReadyNotice titleKey="changePassword" standalone />;
}
