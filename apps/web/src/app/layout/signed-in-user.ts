import { useQuery } from '@tanstack/react-query';
import { userInfoQueryOptions } from '../../features/auth/api/get-user-info.ts';
import { useSession } from '../../stores/session.ts';

/**
 * The person signed in (not the restaurant being managed: the session's `name` is the restaurant's),
 * from user info (SPEC 7 getUserInfo). Until it arrives, the account typed at sign-in stands in.
 */
export function useSignedInUser(): { name: string; account: string } {
  const info = useQuery(userInfoQueryOptions());
  const loginAccount = useSession((s) => s.loginAccount);
  const account = info.data?.email || loginAccount;
  return { name: info.data?.name || account, account };
}
