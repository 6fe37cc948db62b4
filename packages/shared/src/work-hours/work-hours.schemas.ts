import { z } from 'zod';
import { zIsoDay } from '../validation/dates.ts';
import { BREAK_KINDS } from './timesheet.ts';
import { OVERTIME_RULES } from './overtime.ts';
import { PAY_PERIOD_KINDS } from './pay-period.ts';
import { WORK_HOURS_MESSAGES as M } from './work-hours.messages.ts';
import { ZDbId, ZIdText } from '../validation/limits.ts';

/**
 * SPEC 9: "a 10-digit timestamp is seconds". Anything smaller than 1e11 is read as seconds, anything
 * larger as milliseconds; the result is always epoch milliseconds.
 */
export const ZTimestamp = z.coerce
  .number('Use a timestamp')
  .int('Use a timestamp')
  .positive('Use a timestamp')
  .transform((v) => (v < 1e11 ? v * 1000 : v));

export const REASON_MAX = 200;
export const ZReason = z
  .string(M.reasonRequired.en)
  .trim()
  .min(1, M.reasonRequired.en)
  .max(REASON_MAX, M.reasonTooLong.en);

export const ZBreakInput = z.object({
  kind: z.enum(BREAK_KINDS),
  paid: z.boolean(),
  startAt: ZTimestamp,
  endAt: ZTimestamp,
});
export type TBreakInput = z.input<typeof ZBreakInput>;

/**
 * SPEC 7 POST/PUT /api/restaurant/{restId}/user/{xid}/clock/in and /clock/out: `timeReportedAs` the
 * punch's instant, `id` the shift being changed (PUT, and POST clock/out), `signatureUrl` from the
 * signature call, `value` the cash tips declared at clock-out in cents. Every change made from the
 * dashboard carries a `reason`; clock-out may also carry the shift's breaks and waiting minutes.
 */
export const ZClockRequest = z.object({
  timeReportedAs: ZTimestamp,
  value: z.number().int().min(0).max(10_000_000).optional(),
  signatureUrl: z.string().max(300).nullable().optional(),
  id: z.number().int().positive().optional(),
  reason: z.string().max(1000).optional(),
  breaks: z.array(ZBreakInput).max(12).optional(),
  waitingMinutes: z.number().int().min(0).max(240).optional(),
  roleId: z.number().int().positive().nullable().optional(),
  /**
   * clock/out only: POST without id adds a whole past shift from this clock-in; PUT moves the shift's
   * clock-in too, so both punches, breaks and tips change in one step.
   */
  inTimeReportedAs: ZTimestamp.optional(),
});
export type TClockRequest = z.input<typeof ZClockRequest>;

const ZRestId = ZIdText;
/** Employees' login ids look like 'U100001' (users.xid); anything else (NUL, junk) is refused with 400. */
export const ZClockParams = z.object({
  restId: ZRestId,
  xid: z
    .string()
    .regex(/^U\d{1,12}$/, 'Expected an employee id like U100001')
    .max(13, 'Expected an employee id like U100001'),
});
export const ZRestParams = z.object({ restId: ZRestId });
/** GET workhour-signature/:name (the store refuses any name it did not give out). */
export const ZSignatureParams = ZRestParams.extend({ name: z.string().max(64) });
/** What a clock-in or clock-out call answers: the shift it opened or changed. */
export const ZShiftIdResponse = z.object({ id: z.number() });

/** SPEC 7 POST /api/restaurant/user/delete: the shift's clock-in and clock-out entries (one shift). */
export const ZDeleteShiftRequest = z.object({
  inId: z.number().int().positive(),
  outId: z.number().int().positive().nullable().optional(),
  reason: z.string().max(1000).optional(),
  signatureUrl: z.string().max(300).nullable().optional(),
});
export type TDeleteShiftRequest = z.input<typeof ZDeleteShiftRequest>;

/** About 300 KB of base64: a signature pad's PNG is a few KB. */
export const SIGNATURE_MAX_CHARS = 400_000;
/**
 * A signature's width and height at most (signatureTooManyPixels): a pad 600 px wide on a 4x screen is
 * 2,400. A PNG of a few bytes can declare far more, and decoding it would take gigabytes.
 */
export const SIGNATURE_MAX_SIDE_PX = 4000;
export const ZSignatureRequest = z.object({
  imageDataURL: z
    .string()
    .max(SIGNATURE_MAX_CHARS, M.signatureTooLarge.en)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, M.signatureInvalid.en),
});
export const ZSignatureResponse = z.object({ signatureUrl: z.string() });

export const ZWorkDurationQuery = z.object({ from: ZTimestamp, to: ZTimestamp });

export const ZCheckPermResponse = z.object({ editWorkHour: z.boolean(), viewWorkHours: z.boolean() });
export type TCheckPermResponse = z.infer<typeof ZCheckPermResponse>;

const ZEntry = z.object({
  id: z.number(),
  timeReportedAs: z.number(),
  value: z.number(),
  signatureUrl: z.string().nullable(),
});

/** SPEC 3 "Work-hour record: xid, clockedIn and clockedOut entries with id, timeReportedAs, value, signatureUrl". */
export const ZWorkHourRecord = z.object({
  xid: z.string(),
  name: z.string(),
  clockedIn: z.array(ZEntry),
  clockedOut: z.array(ZEntry),
});
export type TWorkHourRecord = z.infer<typeof ZWorkHourRecord>;

const ZBreakOut = z.object({ kind: z.enum(BREAK_KINDS), paid: z.boolean(), startAt: z.number(), endAt: z.number() });

export const ZSheetShift = z.object({
  id: z.number(),
  userId: z.number(),
  xid: z.string(),
  businessDay: z.string(),
  clockInAt: z.number(),
  clockOutAt: z.number().nullable(),
  roundedIn: z.number(),
  roundedOut: z.number().nullable(),
  breaks: z.array(ZBreakOut),
  waitingMinutes: z.number(),
  declaredTipsCents: z.number(),
  wageCents: z.number(),
  /** Hundredths of an hour. */
  paid: z.number(),
  regular: z.number(),
  ot15: z.number(),
  ot2: z.number(),
  paidBreaks: z.number(),
  unpaidBreaks: z.number(),
  flags: z.object({ missedMeal: z.boolean(), openTooLong: z.boolean(), overlap: z.boolean() }),
  clockInSignatureUrl: z.string().nullable(),
  clockOutSignatureUrl: z.string().nullable(),
  /** The signature of the last edit; cleared by any later edit. */
  editSignatureUrl: z.string().nullable(),
  edited: z.boolean(),
  editedAt: z.string().nullable(),
  editedBy: z.string().nullable(),
  editReason: z.string().nullable(),
});
export type TSheetShift = z.infer<typeof ZSheetShift>;

export const ZSheetRow = z.object({
  userId: z.number(),
  xid: z.string(),
  name: z.string(),
  days: z.record(z.string(), z.number()),
  total: z.number(),
  regular: z.number(),
  ot15: z.number(),
  ot2: z.number(),
  paidBreaks: z.number(),
  unpaidBreaks: z.number(),
  regularRateCents: z.number(),
  grossCents: z.number(),
  wages: z.array(z.number()),
  shifts: z.array(ZSheetShift),
});
export type TSheetRow = z.infer<typeof ZSheetRow>;

export const PERIOD_STATUSES = ['open', 'closed', 'reopened'] as const;
export const ZPeriodState = z.object({
  start: z.string(),
  end: z.string(),
  /** True when from..to is exactly one of the restaurant's pay periods (only those close). */
  isPayPeriod: z.boolean(),
  status: z.enum(PERIOD_STATUSES),
  ended: z.boolean(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  closeSignatureUrl: z.string().nullable(),
  reopenedAt: z.string().nullable(),
  reopenedBy: z.string().nullable(),
  reopenReason: z.string().nullable(),
});
export type TPeriodState = z.infer<typeof ZPeriodState>;

export const ZWorkHoursSettings = z.object({
  payPeriod: z.enum(PAY_PERIOD_KINDS),
  anchor: z.string(),
  overtimeRules: z.enum(OVERTIME_RULES),
  workHoursSteps: z.number(),
  hourOffsetEndOfDay: z.number(),
  timeZone: z.string(),
  enableCaptureSignature: z.boolean(),
  captureSignature: z.boolean(),
  requireSignatureForWorkHoursEdit: z.boolean(),
  enableClockingOutWaitingTime: z.boolean(),
});
export type TWorkHoursSettings = z.infer<typeof ZWorkHoursSettings>;

export const ZWorkHoursSettingsUpdate = z.object({
  payPeriod: z.enum(PAY_PERIOD_KINDS),
  anchor: zIsoDay(M.anchorWeekday.en),
  overtimeRules: z.enum(OVERTIME_RULES),
});
export type TWorkHoursSettingsUpdate = z.infer<typeof ZWorkHoursSettingsUpdate>;

export const ZWorkDurationResponse = z.object({
  records: z.array(ZWorkHourRecord),
  /** True when the caller may see everyone's hours and edit them (editWorkHour). */
  canEdit: z.boolean(),
  settings: ZWorkHoursSettings,
  period: ZPeriodState,
  timesheet: z.object({
    days: z.array(z.string()),
    rows: z.array(ZSheetRow),
    dayTotals: z.record(z.string(), z.number()),
    total: z.number(),
    grossCents: z.number(),
    /** Labour cost and net sales per day, cents (only for those who edit). */
    laborCents: z.record(z.string(), z.number()),
    netSalesCents: z.record(z.string(), z.number()),
    laborByHourCents: z.array(z.number()),
    netSalesByHourCents: z.array(z.number()),
  }),
});
export type TWorkDurationResponse = z.infer<typeof ZWorkDurationResponse>;

export const ZPeriodCloseRequest = z.object({
  start: zIsoDay(),
  signatureUrl: z.string().max(300).nullable().optional(),
});
export const ZPeriodReopenRequest = z.object({
  start: zIsoDay(),
  reason: z.string().max(1000).optional(),
});
export const ZPeriodExportQuery = z.object({
  start: zIsoDay(),
  format: z.enum(['csv', 'xlsx']).default('csv'),
});

/** Wages per employee (overrides) and per role, cents per hour. */
export const WAGE_MAX_CENTS = 100_000;
export const ZWageUpdate = z
  .object({
    userId: ZDbId.optional(),
    roleId: ZDbId.optional(),
    /** null removes the wage. */
    hourlyCents: z
      .number()
      .int(M.wageInvalid.en)
      .min(0, M.wageInvalid.en)
      .max(WAGE_MAX_CENTS, M.wageInvalid.en)
      .nullable(),
  })
  .refine((v) => (v.userId === undefined) !== (v.roleId === undefined), 'Give either userId or roleId');
export const ZWagesResponse = z.object({
  roles: z.array(z.object({ roleId: z.number(), name: z.string(), hourlyCents: z.number().nullable() })),
  employees: z.array(
    z.object({
      userId: z.number(),
      xid: z.string(),
      name: z.string(),
      roles: z.array(z.string()),
      hourlyCents: z.number().nullable(),
    }),
  ),
});
export type TWagesResponse = z.infer<typeof ZWagesResponse>;

/** Clocking in or out at the POS with a staff session and the employee's PIN. */
export const ZPosClockRequest = z.object({
  pin: z
    .string()
    .regex(/^\d{1,12}$/, M.pinWrong.en)
    .max(12, M.pinWrong.en),
  action: z.enum(['in', 'out']),
  signatureUrl: z.string().max(300).nullable().optional(),
  declaredTipsCents: z.number().int().min(0).max(10_000_000).optional(),
  waitingMinutes: z.number().int().min(0).max(240).optional(),
  breaks: z.array(ZBreakInput).max(12).optional(),
});
export const ZPosClockResponse = z.object({
  shiftId: z.number(),
  xid: z.string(),
  name: z.string(),
  clockedIn: z.boolean(),
  at: z.number(),
});
export const ZPosPinInRequest = z.object({
  pin: z
    .string()
    .regex(/^\d{1,12}$/, M.pinWrong.en)
    .max(12, M.pinWrong.en),
});
export const ZPosPinInResponse = z.object({ xid: z.string(), name: z.string(), clockedIn: z.boolean() });

/** Labour cost against net sales over business days (the analytic center's labour section). */
export const LABOR_MAX_DAYS = 366;
export const ZLaborQuery = z
  .object({
    from: zIsoDay(),
    to: zIsoDay(),
  })
  .refine((v) => v.from <= v.to, { message: 'to must not be before from', path: ['to'] });
export const ZLaborResponse = z.object({
  days: z.array(z.object({ day: z.string(), hours: z.number(), laborCents: z.number(), netSalesCents: z.number() })),
  /** Local hour of the day, 0-23: labour cost of the hours worked in it, net sales of the orders opened in it. */
  byHour: z.array(z.object({ hour: z.number(), laborCents: z.number(), netSalesCents: z.number() })),
  totals: z.object({ hours: z.number(), laborCents: z.number(), netSalesCents: z.number() }),
});
export type TLaborResponse = z.infer<typeof ZLaborResponse>;
