import { z } from 'zod';
import { ROLE_FLAGS, type TRoleFlag, type TRoleFlags } from '../permissions.ts';
import { EMAIL, PIN, PIN_MAX_LENGTH } from '../validation/rules.ts';
import { zText } from '../validation/text.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import {
  EMPLOYEE_NUMBER_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  ROLE_NAME_MAX_LENGTH,
  TEAM_MESSAGES,
  type TTeamMessageKey,
} from './team.messages.ts';
import { ZDbId, ZIdParam, ZIdText, zQueryFlag } from '../validation/limits.ts';

/** A password's limit in UTF-16 units: PASSWORD_MAX_LENGTH characters may each take two. */
export const PASSWORD_MAX_UNITS = PASSWORD_MAX_LENGTH * 2;

/**
 * Request and response shapes of the team management API (SPEC 2 /teamManagement, 3 "Role" and
 * "User / employee", 5, 6, 7 /api/getrestperm, /api/updaterestperm, /api/user). The server validates
 * with these and the role and employee forms use the same rules, so both refuse the same input with
 * the same words. Contract: docs/api/team.md.
 */

const en = (key: TTeamMessageKey) => TEAM_MESSAGES[key].en;

/** Required text: missing, null, wrong type and blank all read as "please enter …". */
const requiredText = (required: TTeamMessageKey, tooLong: TTeamMessageKey, max: number) =>
  zText({ error: en(required) })
    .trim()
    .min(1, en(required))
    .max(max, en(tooLong));

// --- passwords ------------------------------------------------------------------------------

/**
 * SPEC 5 says "Password rules: not shown". The product asks for at least 8 characters and not the
 * account's own email (NIST SP 800-63B: length over composition rules, refuse the obvious guess).
 * Returns the message keys of every rule the password breaks, in the order a form shows them.
 */
export function passwordProblems(password: string, email?: string | null): TTeamMessageKey[] {
  const problems: TTeamMessageKey[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) problems.push('team.passwordTooShort');
  if (length > PASSWORD_MAX_LENGTH) problems.push('team.passwordTooLong');
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase()) problems.push('team.passwordIsEmail');
  return problems;
}

function addPasswordIssues(
  ctx: z.RefinementCtx,
  password: string | null | undefined,
  email: string | undefined,
  path: string,
): void {
  if (typeof password !== 'string') return;
  const [first] = passwordProblems(password, email);
  if (first) ctx.addIssue({ code: 'custom', path: [path], message: en(first) });
}

/** POST /api/account/changePassword (SPEC 2 /ChangePassword). The email rule is applied by the server. */
export const ZChangePasswordRequest = z
  .object({
    oldPassword: zText({ error: en('team.passwordRequired') })
      .min(1, en('team.passwordRequired'))
      .max(200),
    newPassword: zText({ error: en('team.passwordRequired') })
      .min(1, en('team.passwordRequired'))
      .max(PASSWORD_MAX_UNITS, en('team.passwordTooLong')),
    confirmPassword: zText({ error: en('team.passwordMismatch') }).max(PASSWORD_MAX_UNITS, en('team.passwordMismatch')),
  })
  .superRefine((body, ctx) => {
    addPasswordIssues(ctx, body.newPassword, undefined, 'newPassword');
    if (body.confirmPassword !== body.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: en('team.passwordMismatch') });
    }
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZChangePasswordResponse = z.object({ ok: z.literal(true), message: z.string() });
export type TChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;

// --- roles ----------------------------------------------------------------------------------

type TFlagShape<T extends z.ZodType> = { [K in TRoleFlag]: T };
const flagShape = <T extends z.ZodType>(make: () => T) =>
  Object.fromEntries(ROLE_FLAGS.map((flag) => [flag, make()])) as TFlagShape<T>;

/** Every SPEC 3 role flag, as stored and answered. */
export const ZRoleFlags = z.object(flagShape(() => z.boolean()));

/** A role editor's flags: a missing flag is off; an unknown flag name is refused, not ignored. */
export const ZRoleFlagsInput = z.strictObject(flagShape(() => z.boolean().optional()));

/**
 * SPEC 6 "full access toggles all": full access on means every flag on, and every flag on means
 * full access, so what is stored is what the editor shows.
 */
export function normaliseRoleFlags(input: Partial<TRoleFlags>): TRoleFlags {
  const others = ROLE_FLAGS.filter((flag) => flag !== 'fullAccess');
  const full = input.fullAccess === true || others.every((flag) => input[flag] === true);
  return Object.fromEntries(ROLE_FLAGS.map((flag) => [flag, full || input[flag] === true])) as TRoleFlags;
}

export const ZRoleName = requiredText('team.roleNameRequired', 'team.roleNameTooLong', ROLE_NAME_MAX_LENGTH);

const ZId = ZDbId;
export { ZIdParam };

/** POST /api/api/updaterestperm: without `id` it creates a role, with `id` it replaces that role. */
export const ZRoleUpsertRequest = z.object({
  id: ZId.optional(),
  name: ZRoleName,
  flags: ZRoleFlagsInput,
});
export type TRoleUpsertRequest = z.infer<typeof ZRoleUpsertRequest>;

export const ZRole = z.object({
  id: z.number().int(),
  name: z.string(),
  flags: ZRoleFlags,
  /** Employees holding the role, deactivated ones included (they keep their roles). */
  memberCount: z.number().int(),
  updatedAt: z.string(),
});
export type TRole = z.infer<typeof ZRole>;

/** GET /api/api/getrestperm. */
export const ZRoleListResponse = z.object({
  roles: z.array(ZRole),
  /** Whether the caller may give the Owner role or full access here (team.authority.ts mayGrantOwnership). */
  mayGrantFullAccess: z.boolean(),
});
export type TRoleListResponse = z.infer<typeof ZRoleListResponse>;

/** POST /api/api/deleterestperm. */
export const ZDeleteRoleRequest = z.object({ id: ZId });

// --- history --------------------------------------------------------------------------------

export const ZHistoryQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** One audit entry: who changed what, when and from where (details never hold passwords or PINs). */
export const ZAuditEntry = z.object({
  id: z.number().int(),
  /** e.g. 'role.create', 'role.update', 'employee.status', 'account.password.change'. */
  action: z.string(),
  at: z.string(),
  ip: z.string().nullable(),
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZHistoryResponse = z.object({ items: z.array(ZAuditEntry) });

// --- employees ------------------------------------------------------------------------------

export const EMPLOYEE_STATUSES = ['active', 'inactive'] as const;
export type TEmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];
const ZStatus = z.enum(EMPLOYEE_STATUSES, 'Status must be active or inactive');

const invalidEmail = VALIDATION_MESSAGES['user.EmailFormatrules'].en;
/** SPEC 5 email rule; stored lowercased because it is also the login. */
export const ZEmployeeEmail = zText({ error: invalidEmail })
  .trim()
  .min(1, invalidEmail)
  .max(254, invalidEmail)
  .regex(EMAIL, invalidEmail)
  .transform((email) => email.toLowerCase());

/** SPEC 5 "pin (digits only)", with the shared PIN length rule. Text, so leading zeros survive. */
export const ZPin = zText({ error: en('team.pinRequired') })
  .trim()
  .min(1, en('team.pinRequired'))
  .regex(PIN, VALIDATION_MESSAGES['user.pinError'].en)
  .max(PIN_MAX_LENGTH, VALIDATION_MESSAGES['user.pinError'].en);

const ZFirstName = requiredText('team.firstNameRequired', 'team.nameTooLong', PERSON_NAME_MAX_LENGTH);
const ZLastName = requiredText('team.lastNameRequired', 'team.nameTooLong', PERSON_NAME_MAX_LENGTH);
/** Optional; blank means none. */
const ZEmployeeNumber = zText()
  .trim()
  .max(EMPLOYEE_NUMBER_MAX_LENGTH, en('team.employeeNumberTooLong'))
  .nullish()
  .transform((value) => (value ? value : null));
const ZRoleIds = z
  .array(ZId, { error: en('team.rolesRequired') })
  .min(1, en('team.rolesRequired'))
  .max(50)
  .transform((ids) => [...new Set(ids)]);
/** A blank password field means "no change" (or "no dashboard login" when creating). */
const ZPasswordField = zText()
  .max(PASSWORD_MAX_UNITS, en('team.passwordTooLong'))
  .nullish()
  .transform((value) => (value === '' ? undefined : value));

/** POST /api/api/user. Without a password the employee uses only the POS PIN (no dashboard sign-in). */
export const ZEmployeeCreateRequest = z
  .object({
    firstName: ZFirstName,
    lastName: ZLastName,
    employeeNumber: ZEmployeeNumber,
    email: ZEmployeeEmail,
    roleIds: ZRoleIds,
    pin: ZPin,
    password: ZPasswordField,
    status: ZStatus.default('active'),
    /** SPEC 4: the restaurant's authorized representative for payments; one per restaurant. */
    authorizedRepresentative: z.boolean().optional(),
  })
  .superRefine((body, ctx) => addPasswordIssues(ctx, body.password, body.email, 'password'));
export type TEmployeeCreateRequest = z.infer<typeof ZEmployeeCreateRequest>;

/**
 * PUT /api/api/user/{id}: only the fields given change. `pin` and `password` are never sent back, so
 * the form leaves them blank unless setting new ones; `password: null` removes the dashboard login.
 */
export const ZEmployeeUpdateRequest = z
  .object({
    firstName: ZFirstName.optional(),
    lastName: ZLastName.optional(),
    employeeNumber: ZEmployeeNumber.optional(),
    email: ZEmployeeEmail.optional(),
    roleIds: ZRoleIds.optional(),
    pin: zText()
      .trim()
      .max(PIN_MAX_LENGTH, VALIDATION_MESSAGES['user.pinError'].en)
      .refine((pin) => pin === '' || PIN.test(pin), VALIDATION_MESSAGES['user.pinError'].en)
      .optional()
      .transform((pin) => (pin ? pin : undefined)),
    password: ZPasswordField,
    status: ZStatus.optional(),
    authorizedRepresentative: z.boolean().optional(),
  })
  .superRefine((body, ctx) => addPasswordIssues(ctx, body.password, body.email, 'password'));
export type TEmployeeUpdateRequest = z.infer<typeof ZEmployeeUpdateRequest>;

export const ZEmployee = z.object({
  id: z.number().int(),
  /** Login id (SPEC 3 "login id (xid)"). */
  xid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullname: z.string(),
  employeeNumber: z.string().nullable(),
  email: z.string(),
  status: ZStatus,
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The PIN itself is never answered; the form sets a new one. */
  hasPin: z.boolean(),
  /** Has a dashboard password (can sign in to the dashboard while active). */
  hasPassword: z.boolean(),
  /** Platform staff: their account is changed only by platform staff (team.authority.ts). */
  platformStaff: z.boolean(),
  authorizedRepresentative: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Set only for a soft-deleted employee fetched with ignoreDeletedAt=true. */
  deletedAt: z.string().nullable(),
});
export type TEmployee = z.infer<typeof ZEmployee>;

export const EMPLOYEE_PAGE_SIZE_DEFAULT = 20;
export const EMPLOYEE_PAGE_SIZE_MAX = 100;

/** GET /api/api/user query: q matches first, last or full name, email or employee number. */
export const ZEmployeeListQuery = z.object({
  q: zText().trim().max(100).optional(),
  roleId: ZIdText.optional(),
  status: ZStatus.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(EMPLOYEE_PAGE_SIZE_MAX).default(EMPLOYEE_PAGE_SIZE_DEFAULT),
});
export type TEmployeeListQuery = z.infer<typeof ZEmployeeListQuery>;

export const ZEmployeeListResponse = z.object({
  items: z.array(ZEmployee),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TEmployeeListResponse = z.infer<typeof ZEmployeeListResponse>;

/** GET /api/api/user/{id}?ignoreDeletedAt=true also finds a soft-deleted employee (SPEC 7). */
export const ZEmployeeGetQuery = z.object({ ignoreDeletedAt: zQueryFlag().default(false) });
