import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectTarget } from '@ra/shared/auth/safe-redirect';
import { useSession } from '../../../stores/session.ts';
import { BootScreen } from '../../boot-screen.tsx';

/**
 * SPEC 2 /auth-redirect: another system hands over a session (?token=) and where to go (?redirect=).
 * The token replaces any held one, roles are dropped so the guard loads them for the new session.
 */
export default function AuthRedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    const token = params.get('token');
    if (token) {
      const session = useSession.getState();
      session.resetToken();
      session.setToken(token);
    }
    navigate(safeRedirectTarget(params.get('redirect'), window.location.origin, '/'), { replace: true });
  }, [params, navigate]);
  return <BootScreen />;
}
