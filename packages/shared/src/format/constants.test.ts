import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';

describe('SPEC 9 constants', () => {
  it('match the values the SPEC fixes', () => {
    expect({ ...constants }).toEqual({
      REQUEST_TIMEOUT_MS: 50000,
      MOBILE_BREAKPOINT: 992,
      SIDEBAR_WIDTH: 227,
      ROUTING_NUMBER_LENGTH: 9,
      IMAGE_SHORT_SIDE: 550,
      SUBTITLE_MAX: 80,
      DESCRIPTION_MAX: 300,
      MAX_SMS_USERS: 1000,
      COUPON_TOTAL_MIN: 2,
      DISCOUNT_MIN: 1,
      DISCOUNT_MAX: 100,
      LOCK_SCREEN_OPTIONS_MINUTES: [1, 2, 60, 120],
      WORK_HOURS_STEP_MINUTES: 15,
      SAMPLE_TAX_RATE_BASIS_POINTS: 1010,
      DEFAULT_TITLE: 'Restaurant Admin System',
      THEME_COLOR: '#18acaf',
    });
  });
});
