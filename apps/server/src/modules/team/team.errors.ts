import { ERROR_CODES } from '@ra/shared/errors';
import { TEAM_MESSAGES, teamMessage, type TTeamMessageKey } from '@ra/shared/team/team.messages';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, FieldError } from '../../lib/errors.ts';
import type { AuditRepository } from '../../db/audit.repository.ts';

/** A 400 under one form field, worded from the shared team messages. */
export const teamFieldError = (field: string, key: TTeamMessageKey) => new FieldError(field, TEAM_MESSAGES[key].en);

/** 409: the request is well formed but the restaurant's current state forbids it. */
export const teamConflict = (key: TTeamMessageKey, params: Record<string, string | number> = {}) =>
  new AppError(409, ERROR_CODES.conflict, teamMessage(key, 'en', params));

/**
 * 403: the caller may use the team pages but not on this account or role (team.authority.ts). The
 * message is the shared English text, which the browser shows in its own language.
 */
export const teamForbidden = (key: TTeamMessageKey) => new AppError(403, ERROR_CODES.forbidden, teamMessage(key, 'en'));

/**
 * Answers 403 with the reason, after recording the attempt on its own (nothing else was written, so
 * there is nothing to share a transaction with): the owner can see who tried what.
 */
export async function refuseTeamChange(
  audit: AuditRepository,
  attempt: {
    auth: AuthContext;
    restaurantId: number;
    action: string;
    target: { type: 'user' | 'role'; id: number | null };
    ip: string;
    reason: TTeamMessageKey;
    details: Record<string, unknown>;
  },
): Promise<never> {
  await audit.record({
    restaurantId: attempt.restaurantId,
    actorUserId: attempt.auth.userId,
    action: `${attempt.action}.refused`,
    targetType: attempt.target.type,
    targetId: attempt.target.id === null ? undefined : String(attempt.target.id),
    details: { ...attempt.details, reason: attempt.reason },
    ip: attempt.ip,
  });
  throw teamForbidden(attempt.reason);
}
