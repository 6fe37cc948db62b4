import { Outlet, useLocation } from 'react-router';
import AppLayout from './layout/app-layout.tsx';
import { useSession } from '../stores/session.ts';

/**
 * The signed-in frame. Messages and dialogs come from lib/feedback.ts, loaded when first shown, so
 * the first signed-in page does not carry antd's dialog code. The no-permission page sits here too:
 * with a restaurant's roles loaded it keeps the frame; without (an agent who has not picked a
 * restaurant yet) there is no menu to show, so it stands alone.
 */
export default function SignedInShell() {
  const { pathname } = useLocation();
  const withoutRestaurant = useSession((s) => s.token === '' || s.roles.length === 0);
  return pathname === '/401' && withoutRestaurant ? <Outlet /> : <AppLayout />;
}
