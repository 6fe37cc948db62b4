import { ERROR_CODES } from '@ra/shared/errors';
import type { TRouteAccess } from '../../plugins/access-control.ts';
import { UsedElsewhereError } from './menu-write.ts';

// What every menu routes file shares: its access declarations and the 409 of a used entry.

/** SPEC 2 /menu and its hidden pages are the editMenu page; every call behind them needs the flag. */
export const EDIT_MENU: TRouteAccess = { kind: 'page', permission: 'editMenu' };
/**
 * The published menu is read by whatever rings up or shows the menu (POS, kiosk, ordering site): any
 * signed-in caller with the restaurant selected, staff today, paired devices once they have their own
 * credential (docs/decisions.md "Menu: published menu credential").
 */
export const MENU_READER: TRouteAccess = { kind: 'restaurant' };

/**
 * Deletes answer 409 with where the entry is used (`{ code, message, usedIn }`), so the page can ask
 * before `force=true`. Sent here: the shared error handler only carries code, message and errors.
 */
export const usedElsewhere = async <T>(
  reply: { code(n: number): { send(body: unknown): unknown } },
  work: () => Promise<T>,
) => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UsedElsewhereError)
      return reply
        .code(409)
        .send({ code: ERROR_CODES.conflict, message: error.message, usedIn: error.usage.usedIn }) as never;
    throw error;
  }
};
