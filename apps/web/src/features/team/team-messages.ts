import type { TLang } from '@ra/shared/errors';
import { matchTeamMessage, teamMessage } from '@ra/shared/team/team.messages';
import { VALIDATION_MESSAGES } from '@ra/shared/validation/messages';
import { currentLanguage } from '../../lib/i18n.ts';
import { errorText, isApiError } from '../../lib/request.ts';
import { translateServerMessage } from '../../lib/server-message.ts';

const validationByEnglish = new Map<string, Readonly<Record<TLang, string>>>(
  Object.values(VALIDATION_MESSAGES).map((entry) => [entry.en, entry]),
);

/**
 * The server and the shared schemas word team messages in English (packages/shared/src/team);
 * this shows them in the user's language: team wording first (with its {count} filled), then the
 * shared validation and error wording, else the text as sent.
 */
export function translateTeamMessage(english: string, lang: TLang = currentLanguage()): string {
  const team = matchTeamMessage(english);
  if (team) return teamMessage(team.key, lang, team.params);
  return validationByEnglish.get(english)?.[lang] ?? translateServerMessage(english, lang);
}

/** A failed team call as one line for a message or alert. */
export function teamErrorText(error: unknown): string {
  if (isApiError(error)) return translateTeamMessage(error.message);
  return errorText(error);
}

/**
 * A 400's field errors ({ 'roleIds.0': '…' }) keyed by the form field they belong to, translated.
 * Only fields the form has are returned; the rest stay in the general message.
 */
export function serverFieldErrors(error: unknown, fields: readonly string[]): Record<string, string> {
  if (!isApiError(error) || !error.errors) return {};
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.errors)) {
    const field = path.split('.')[0] ?? path;
    if (fields.includes(field) && !(field in out)) out[field] = translateTeamMessage(message);
  }
  return out;
}
