/**
 * The restaurant's own request and response shapes live in packages/shared/src/business/ so the
 * Business Info form and this server refuse the same input; re-exported here for the routes.
 */
export {
  US_STATE_CODES,
  ZWeekdayHours,
  ZRestAdminConfig,
  ZRestProfile,
  ZUpdateRestAdminConfigRequest,
  ZUpdateRestRequest,
  type TWeekdayHours,
  type TRestAdminConfig,
  type TRestProfile,
  type TUpdateRestAdminConfigRequest,
  type TUpdateRestRequest,
} from '@ra/shared/business/business.schemas';
