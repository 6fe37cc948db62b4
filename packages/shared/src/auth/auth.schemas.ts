import { z } from 'zod';
import { PAGE_PERMISSIONS, OPERATION_AUTHORITIES } from '../permissions.ts';
import { zText } from '../validation/text.ts';

import { EMAIL_PATTERN } from '../validation/rules.ts';

export { EMAIL_PATTERN };

/** Login email is trimmed before sending (SPEC 5); the server trims again so no client can skip it. */
export const ZLoginEmail = zText()
  .trim()
  .min(1, 'Please enter the correct email address')
  .max(254)
  .regex(EMAIL_PATTERN, 'Please enter the correct email address');

export const ZPreloginQuery = z.object({ data: ZLoginEmail });
export type TPreloginQuery = z.infer<typeof ZPreloginQuery>;
export const ZPreloginResponse = z.object({ email: z.string() });
export type TPreloginResponse = z.infer<typeof ZPreloginResponse>;

export const ZSigninRequest = z.object({
  email: ZLoginEmail,
  password: zText().min(1).max(200),
  cid: z.union([z.number(), zText().max(64)]).optional(),
  emailVerificationCodeNumber: z
    .union([
      zText()
        .trim()
        .regex(/^\d{6}$/)
        .max(6),
      z.literal(''),
      z.null(),
    ])
    .optional(),
});
export type TSigninRequest = z.infer<typeof ZSigninRequest>;

/**
 * Sign-in answers either a token, or — for an account that needs an email code and gave none — a
 * request for the code (the code has just been emailed). Both are 200s: the client acts on the shape.
 */
export const ZSigninResponse = z.union([
  z.object({ token: z.string() }),
  z.object({ emailVerificationRequired: z.literal(true), message: z.string() }),
]);
export type TSigninResponse = z.infer<typeof ZSigninResponse>;

/** A session token is a few hundred characters; 4096 leaves room for any claims it may carry. */
export const ZAcquireTokenRequest = z.object({ oldjwtToken: zText().max(4096).optional() });
export const ZTokenResponse = z.object({ token: z.string() });
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

/** The answer of a call that only succeeds or fails: sign-out, unlock, clearrestcacheLite. */
export const ZOkResponse = z.object({ ok: z.literal(true) });
export type TOkResponse = z.infer<typeof ZOkResponse>;

/** POST /api/account/unlock (lock screen): the signed-in user's password. */
export const ZUnlockRequest = z.object({ password: zText().min(1).max(200) });
export type TUnlockRequest = z.infer<typeof ZUnlockRequest>;

export const ZUserInfo = z.object({
  xid: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  isLeaf: z.boolean(),
  /** xid of the node the account signed in at (agent node or restaurant). */
  rootXid: z.string(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

/**
 * The token exchange's answer: the fresh token, and who it belongs to (what GET /api/getUserInfo
 * answers for it), so the sign-in sequence does not spend a round trip asking (issue 21). The SPEC 7
 * client reads `token` and ignores the rest; getUserInfo stays for everyone else.
 */
export const ZAcquireTokenResponse = ZTokenResponse.extend({ userInfo: ZUserInfo });
export type TAcquireTokenResponse = z.infer<typeof ZAcquireTokenResponse>;

const flagsOf = <T extends readonly string[]>(names: T) =>
  z.object(Object.fromEntries(names.map((n) => [n, z.boolean()])) as { [K in T[number]]: z.ZodBoolean });

export const ZPagePermissions = flagsOf(PAGE_PERMISSIONS);
export const ZOperationAuthority = flagsOf(OPERATION_AUTHORITIES);

export const ZLocales = z.object({
  /** e.g. "GMT-05:00" at the time of the answer. */
  GMT: z.string(),
  /** POS languages, e.g. ["en", "zh"]. */
  locales: z.array(z.string()),
  /** IANA zone, or "Unknown" when the restaurant has not chosen one (login then asks). */
  timeZone: z.string(),
  /** server time, seconds since epoch. */
  timestamp: z.number(),
});
export type TLocales = z.infer<typeof ZLocales>;

export const ZRestConfig = z.object({
  hourOffsetEndOfDay: z.number().int().min(0).max(12),
  version: z.string(),
  enableOrderToGoWithDateSelect: z.boolean(),
  configAdmin: z.boolean(),
  workHoursSteps: z.number().int(),
});
export type TRestConfig = z.infer<typeof ZRestConfig>;

/** GET /api/api/getrest (SPEC 3 "Restaurant info response fields read"). */
export const ZRestInfo = z.object({
  id: z.number().int(),
  xid: z.string(),
  name: z.string(),
  fullname: z.string(),
  restname: z.string(),
  locales: ZLocales,
  timestamp: z.number(),
  config: ZRestConfig,
  roles: z.array(z.string()),
  PagePermissions: ZPagePermissions,
  operationAuthority: ZOperationAuthority,
});
export type TRestInfo = z.infer<typeof ZRestInfo>;

/** The config getrest answers: ZRestConfig plus the settings every page needs at load (tip wording is applied app-wide, SPEC 1). */
export const ZRestInfoConfig = ZRestConfig.extend({
  tipWord: z.string().nullable(),
  tipWordZh: z.string().nullable(),
  tipsWord: z.string().nullable(),
  enablePremiumCoupon: z.boolean(),
});
export type TRestInfoConfig = z.infer<typeof ZRestInfoConfig>;

/** GET /api/api/getrest as this server answers it: ZRestInfo with ZRestInfoConfig. */
export const ZRestInfoResponse = ZRestInfo.extend({ config: ZRestInfoConfig });
export type TRestInfoResponse = z.infer<typeof ZRestInfoResponse>;

export const ZSwitchRestRequest = z.object({
  /** The chosen restaurant node. */
  xid: zText().min(1).max(64),
  /** The node the account signed in at. */
  root_xid: zText().max(64).optional(),
});
export type TSwitchRestRequest = z.infer<typeof ZSwitchRestRequest>;
/** POST /api/account/swtichRestByXid: the restaurant the session now works on. */
export const ZSwitchRestResponse = z.object({ ok: z.literal(true), restId: z.number().int() });
export type TSwitchRestResponse = z.infer<typeof ZSwitchRestResponse>;

/** SPEC 7: xid plus a fixed client-side code value. */
export const NODE_TREE_CODE = 'RA-NODE-TREE';
export const ZChildrenNodeRequest = z.object({ xid: zText().min(1).max(64), code: zText().max(64) });

/** SPEC 3 "Restaurant or node". */
export const ZNode = z.object({
  xid: z.string(),
  properties: z.object({
    type: z.enum(['agent', 'team', 'restaurant']),
    restname: z.string().optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
  }),
  restfullname: z.string().optional(),
  isLeaf: z.boolean(),
  hasChildren: z.boolean(),
});
export type TNode = z.infer<typeof ZNode>;
export const ZChildrenNodeResponse = z.object({ nodes: z.array(ZNode) });
export type TChildrenNodeResponse = z.infer<typeof ZChildrenNodeResponse>;

/**
 * The settings getRestConfig / updateRestConfig know (SPEC 7 shows only 'timezone'; the rest are the
 * SPEC 3 work-hour flags and SPEC 1 tip wording). Each value's own rule is the server's
 * (apps/server/src/modules/restaurant/restaurant.settings.ts); this list is the order the 400 names them.
 */
export const REST_SETTING_NAMES = [
  'timezone',
  'hourOffsetEndOfDay',
  'posLocales',
  'workHoursSteps',
  'enableOrderToGoWithDateSelect',
  'enableCaptureSignature',
  'captureSignature',
  'requireSignatureForWorkHoursEdit',
  'enableClockingOutWaitingTime',
  'tipWord',
  'tipWordZh',
  /** The plural of tipWord where simple English rules get it wrong (reports/tip-wording.ts). */
  'tipsWord',
] as const;
export type TRestSettingName = (typeof REST_SETTING_NAMES)[number];
export const ZRestSettingName = z.enum(REST_SETTING_NAMES, `Unknown setting; known: ${REST_SETTING_NAMES.join(', ')}`);

/** POST /api/api/getRestConfig: one named setting. */
export const ZRestConfigRequest = z.object({ name: ZRestSettingName });
export type TRestConfigRequest = z.infer<typeof ZRestConfigRequest>;
/** The answer of getRestConfig and updateRestConfig; values travel as text, null when unset without a default. */
export const ZRestConfigValue = z.object({ name: z.string(), value: z.string().nullable() });
export type TRestConfigValue = z.infer<typeof ZRestConfigValue>;
/** POST /api/api/updateRestConfig: the value is checked against the setting's own rule by the server. */
export const ZUpdateRestConfigRequest = z.object({ name: ZRestSettingName, value: zText().max(2000) });
export type TUpdateRestConfigRequest = z.infer<typeof ZUpdateRestConfigRequest>;
