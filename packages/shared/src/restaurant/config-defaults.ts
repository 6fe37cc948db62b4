/**
 * Defaults the client sees when the restaurant never chose (SPEC 3 "workHoursSteps (default 15)"). Pure
 * data: the restaurant module's settings and the work-hours module both read it.
 */
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
