/**
 * A restaurant's config document's defaults, shared by the modules that read the document (restaurant,
 * work hours).
 */

/** Defaults the client sees when the restaurant never chose (SPEC 3 "workHoursSteps (default 15)"). */
export const CONFIG_DEFAULTS = {
  version: '1.0.0',
  enableOrderToGoWithDateSelect: false,
  workHoursSteps: 15,
  enableCaptureSignature: false,
  captureSignature: false,
  requireSignatureForWorkHoursEdit: false,
  enableClockingOutWaitingTime: false,
  enablePremiumCoupon: false,
} as const;
