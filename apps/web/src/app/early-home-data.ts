import type { TRestInfoResponse } from '@ra/shared/auth/auth.schemas';
import { getAhead } from '../lib/request.ts';
import { useSession } from '../stores/session.ts';
import { HOME_PATH } from './navigation-guard.ts';

/** The home page's figures (features/dashboard/api/get-dashboard-today.ts reads them). */
const HOME_FIGURES = '/api/dashboard/today';
/** The signed-in user's name and e-mail, which the home page shows (features/auth/api/get-user-info.ts). */
const USER_INFO = '/api/getUserInfo';

/**
 * On a signed-in page load of the home page, asks for its data ahead of the chunks that read it
 * (issue 21); the page's queries take these answers once its code has arrived. The user's name at
 * once; the figures only for a user who may see sales (SPEC 6 viewSalesReport), as the page itself:
 * - on a reload in the same tab, the session the last page saved as it left (SPEC 3) says so at once,
 *   and the figures are asked for beside the restaurant info, not after it: one round trip sooner
 *   (0.56 s on issue 21's phone). The server decides on the token's permissions as always: had the
 *   role lost viewSalesReport since, the answer is a 403 and the fresh info leaves the panel out;
 * - otherwise (a new tab, nothing saved) once the restaurant info has answered.
 */
export function startHomeData(pathname: string, restInfo: Promise<TRestInfoResponse> | undefined): void {
  if (!restInfo || (pathname !== HOME_PATH && pathname !== '/')) return;
  // The page is drawn once with its figures and the user's name (its route waits for both). The name
  // depends on the token only: asked for beside the restaurant info, not a round trip after it. Quietly:
  // an expired token is the guard's to handle, from the restaurant info's answer.
  getAhead(USER_INFO, { silent: true, noRelogin: true });
  const saved = useSession.getState();
  if (saved.roles.length > 0 && saved.PagePermissions.viewSalesReport === true) {
    getAhead(HOME_FIGURES, { silent: true });
    return;
  }
  restInfo
    .then((info) => {
      if (info.PagePermissions.viewSalesReport === true) getAhead(HOME_FIGURES, { silent: true });
    })
    .catch(() => {});
}
