/** Business constants and limits fixed by SPEC 9 (with the SPEC 5 limits they back). */

/** SPEC 7/9: API client timeout. */
export const REQUEST_TIMEOUT_MS = 50_000;

/** SPEC 2 Layout: below this width (px) the dashboard switches to mobile mode and closes the sidebar. */
export const MOBILE_BREAKPOINT = 992;

/** SPEC 2 Layout: sidebar width in px. */
export const SIDEBAR_WIDTH = 227;

export const ROUTING_NUMBER_LENGTH = 9;

/** SPEC 5: uploaded menu images are resized so their shorter side is this many px. */
export const IMAGE_SHORT_SIDE = 550;

/** SPEC 5: menu item subtitle and description limits, in characters. */
export const SUBTITLE_MAX = 80;
export const DESCRIPTION_MAX = 300;

/** SPEC 5: most users one SMS campaign can target. */
export const MAX_SMS_USERS = 1000;

/** SPEC 5 coupon generator: the optional total-use limit, when set, is at least this. */
export const COUPON_TOTAL_MIN = 2;

/** SPEC 5 coupon generator: percentage discount bounds, inclusive. */
export const DISCOUNT_MIN = 1;
export const DISCOUNT_MAX = 100;

/** SPEC 9: inactivity lock-screen choices (1 min, 2 mins, 1 hour, 2 hours). */
export const LOCK_SCREEN_OPTIONS_MINUTES = [1, 2, 60, 120] as const;

/** SPEC 9: clock-in/out edits snap to this block; restaurants may configure `workHoursSteps`. */
export const WORK_HOURS_STEP_MINUTES = 15;

/** SPEC 9 sample tax rate 10.1%, in basis points so rates stay integers. */
export const SAMPLE_TAX_RATE_BASIS_POINTS = 1010;

export const DEFAULT_TITLE = 'Restaurant Admin System';

export const THEME_COLOR = '#18acaf';
