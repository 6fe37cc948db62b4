import { ERROR_CODES } from '@ra/shared/errors';
import { MENU_MESSAGES, menuMessage, type TMenuMessageKey } from '@ra/shared/menu/menu.messages';
import type { TUsage } from '@ra/shared/menu/menu.schemas';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, FieldError } from '../../lib/errors.ts';
import type { AuditRepository } from '../../db/audit.repository.ts';
import type { Database } from '../../db/client.ts';
import type { MenuRepository } from './menu.repository.ts';

export const en = (key: TMenuMessageKey) => MENU_MESSAGES[key].en;
export const menuFieldError = (field: string, key: TMenuMessageKey, params: Record<string, string | number> = {}) =>
  new FieldError(field, menuMessage(key, 'en', params));
export const menuConflict = (key: TMenuMessageKey) => new AppError(409, ERROR_CODES.conflict, en(key));

/** A delete refused because the entry is used: the route answers 409 with the list. */
export class UsedElsewhereError extends AppError {
  constructor(readonly usage: TUsage) {
    super(409, ERROR_CODES.conflict, en('menu.usedElsewhere'));
  }
}

/** Who did it: a person, or the server applying a scheduled change. */
export type TActor = { userId: number | null; ip?: string | undefined };
export const actorOf = (auth: AuthContext, ip?: string): TActor => ({ userId: auth.userId, ip });

export function fullName(first: string | null, last: string | null, email: string | null) {
  return `${first ?? ''} ${last ?? ''}`.trim() || (email ?? '');
}

/** A reorder lists every entry once (issue 8 "reorder endpoints that take the full new order"). */
export function assertFullOrder(given: number[], existing: number[]) {
  const all = new Set(existing);
  if (given.length !== all.size || given.some((id) => !all.has(id)))
    throw menuFieldError('ids', 'menu.orderIncomplete');
}

/**
 * The media library's images as the menu sees them (menu.module.ts wires them to the media module's
 * api): whether ids exist, and a lock on them in a write's transaction `db`, so a delete of one waits
 * for the save (and then sees the item use it) or the save for the delete (and then refuses the gone
 * image); false when one is gone.
 */
export interface TMenuImages {
  exist(restaurantId: number, ids: number[]): Promise<boolean>;
  lock(restaurantId: number, ids: number[], db: Database): Promise<boolean>;
}

/**
 * Every menu write goes through here: one transaction, the menu revision bumped, one audit row. Every
 * call is scoped to the caller's restaurant.
 */
export class MenuWriter {
  constructor(
    private readonly repo: MenuRepository,
    private readonly clock: Clock,
  ) {}

  /** Runs a menu write: one transaction, the revision bumped, one audit row. */
  async write<T>(
    restaurantId: number,
    actor: TActor,
    audit: {
      action: string;
      targetType: string;
      targetId?: number | null;
      details?: (result: T) => Record<string, unknown>;
    },
    work: (repo: MenuRepository, now: Date) => Promise<T>,
    /** Another module's transaction to write in (a savepoint of it); the menu's own by default. */
    on: MenuRepository = this.repo,
  ): Promise<T> {
    const now = this.clock.now();
    return on.transaction(async (repo, auditLog: AuditRepository) => {
      const result = await work(repo, now);
      await repo.bumpRevision(restaurantId, now);
      await auditLog.record({
        restaurantId,
        actorUserId: actor.userId,
        action: audit.action,
        targetType: audit.targetType,
        targetId: audit.targetId == null ? undefined : String(audit.targetId),
        details: audit.details?.(result) ?? {},
        ip: actor.ip,
        at: now,
      });
      return result;
    });
  }
}
