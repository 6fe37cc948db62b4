import { useEffect } from 'react';
import { useSession } from '../../../stores/session.ts';
import { useUserInfo } from '../api/get-user-info.ts';

/** The node the account signed in at; read from user info when the session does not hold it yet. */
export function useRootXid(): { rootXid: string; error: unknown } {
  const stored = useSession((s) => s.rootXid);
  const info = useUserInfo();
  useEffect(() => {
    if (info.data && !stored) useSession.getState().setUserInfo(info.data);
  }, [info.data, stored]);
  return { rootXid: stored || info.data?.rootXid || '', error: info.error };
}
