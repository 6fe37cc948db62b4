import type { TFunction } from 'i18next';
import { SYSTEM_ROLES, type TSystemRole } from '@ra/shared/permissions';

const isSystemRole = (key: string): key is TSystemRole => (SYSTEM_ROLES as readonly string[]).includes(key);

/**
 * A role's name as a tag on the team pages. The system roles (owner, agent, admin, SPEC 6) are words
 * of the product, so they read in the page's language ("Owner" -> 店主); a restaurant's own role names
 * are shown as the restaurant typed them.
 */
export function roleTagLabel(t: TFunction<'team'>, name: string): string {
  const key = name.trim().toLowerCase();
  return isSystemRole(key) ? t(`roleTag.${key}`) : name;
}
