import { authMessage } from '@ra/shared/auth/auth.messages';
import type { TLang } from '@ra/shared/errors';
import { matchTeamMessage, teamMessage } from '@ra/shared/team/team.messages';
import { translateServerMessage } from '../../lib/server-message.ts';

/**
 * A message of the account flows as the server sent it (English), in `lang`: reset-link and lock-screen
 * wording, the password rules shared with change password, or a SPEC 8 message; anything else as sent.
 */
export function accountMessage(english: string, lang: TLang): string {
  const own = authMessage(english, lang);
  if (own) return own;
  const team = matchTeamMessage(english);
  if (team) return teamMessage(team.key, lang, team.params);
  return translateServerMessage(english, lang);
}
