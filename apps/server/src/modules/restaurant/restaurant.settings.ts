import { z } from 'zod';
import type { TRestSettingName } from '@ra/shared/auth/auth.schemas';
import type { TBusinessSettings } from '@ra/shared/business/business.schemas';
import type { TRestaurantConfigDoc } from '../../db/schema/restaurants.ts';
import { isSupportedTimeZone } from '../../lib/time-zone.ts';
import { zText } from '@ra/shared/validation/text';
import { CONFIG_DEFAULTS } from '@ra/shared/restaurant/config-defaults';

/**
 * The config document as this module reads and writes it: the schema's keys plus the English plural
 * tip word and the settings pages' sections (POS, kiosk, online ordering), each stored whole.
 */
export type TConfigDoc = TRestaurantConfigDoc & { tipsWord?: string } & Partial<TBusinessSettings>;

/** What a setting reads from and writes to: the restaurant row's own columns or its config document. */
export interface TSettingSource {
  timeZone: string | null;
  hourOffsetEndOfDay: number;
  posLocales: string[];
  config: TConfigDoc;
}

export interface TSettingWrite {
  columns?: Partial<Pick<TSettingSource, 'timeZone' | 'hourOffsetEndOfDay' | 'posLocales'>>;
  config?: Partial<TConfigDoc>;
}

interface TSettingDefinition {
  /** Validates the value as sent (always a string on the wire, SPEC 7 name/value pairs). */
  value: z.ZodType<string>;
  read(source: TSettingSource): string | null;
  write(value: string): TSettingWrite;
}

/** Moved to packages/shared (pure data the work-hours module reads too); re-exported for this module. */
export { CONFIG_DEFAULTS };

const ZBooleanText = z.enum(['true', 'false'], "Use 'true' or 'false'");
const ZIntText = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'Use a whole number')
    .refine((v) => Number(v) >= min && Number(v) <= max, `Use a number from ${min} to ${max}`);

type TBooleanConfigKey =
  'enableCaptureSignature' | 'captureSignature' | 'requireSignatureForWorkHoursEdit' | 'enableClockingOutWaitingTime';

function booleanConfig(key: TBooleanConfigKey): TSettingDefinition {
  return {
    value: ZBooleanText,
    read: (s) => String(s.config[key] ?? CONFIG_DEFAULTS[key]),
    write: (v) => ({ config: { [key]: v === 'true' } }),
  };
}

function wordConfig(key: 'tipWord' | 'tipWordZh' | 'tipsWord'): TSettingDefinition {
  return {
    value: zText().trim().max(20, 'At most 20 characters'),
    // Unset means the client's default wording (SPEC 1 "Tip wording can be customised").
    read: (s) => s.config[key] ?? null,
    write: (v) => ({ config: { [key]: v === '' ? undefined : v } }),
  };
}

/**
 * The rule, reading and writing of each setting getRestConfig / updateRestConfig know (the names are
 * REST_SETTING_NAMES in packages/shared, which the request schemas check). Values travel as text; a
 * setting that was never chosen reads as its default, or null when it has none.
 */
export const REST_SETTINGS = {
  timezone: {
    value: zText().trim().refine(isSupportedTimeZone, 'Unknown time zone'),
    read: (s) => s.timeZone,
    write: (v) => ({ columns: { timeZone: v } }),
  },
  hourOffsetEndOfDay: {
    value: ZIntText(0, 12),
    read: (s) => String(s.hourOffsetEndOfDay),
    write: (v) => ({ columns: { hourOffsetEndOfDay: Number(v) } }),
  },
  posLocales: {
    // SPEC 9 "POS languages English and Chinese", sent as 'en,zh'.
    value: z
      .string()
      .regex(/^(en|zh)(,(en|zh))?$/, "Use 'en', 'zh' or 'en,zh'")
      .refine((v) => new Set(v.split(',')).size === v.split(',').length, 'Each language once'),
    read: (s) => s.posLocales.join(','),
    write: (v) => ({ columns: { posLocales: v.split(',') } }),
  },
  workHoursSteps: {
    // SPEC 9 "Work hours adjust to 15-minute blocks": other steps must still divide the hour.
    value: z.enum(['1', '5', '10', '15', '20', '30', '60'], 'Use 1, 5, 10, 15, 20, 30 or 60 minutes'),
    read: (s) => String(s.config.workHoursSteps ?? CONFIG_DEFAULTS.workHoursSteps),
    write: (v) => ({ config: { workHoursSteps: Number(v) } }),
  },
  enableOrderToGoWithDateSelect: {
    // SPEC 4: "The to-go-with-date flag can only be set to true."
    value: z.literal('true', 'This setting can only be turned on'),
    read: (s) => String(s.config.enableOrderToGoWithDateSelect ?? CONFIG_DEFAULTS.enableOrderToGoWithDateSelect),
    write: () => ({ config: { enableOrderToGoWithDateSelect: true } }),
  },
  enableCaptureSignature: booleanConfig('enableCaptureSignature'),
  captureSignature: booleanConfig('captureSignature'),
  requireSignatureForWorkHoursEdit: booleanConfig('requireSignatureForWorkHoursEdit'),
  enableClockingOutWaitingTime: booleanConfig('enableClockingOutWaitingTime'),
  tipWord: wordConfig('tipWord'),
  tipWordZh: wordConfig('tipWordZh'),
  /** The plural of tipWord where simple English rules get it wrong (packages/shared reports/tip-wording.ts). */
  tipsWord: wordConfig('tipsWord'),
} satisfies Record<TRestSettingName, TSettingDefinition>;

export type { TRestSettingName };
