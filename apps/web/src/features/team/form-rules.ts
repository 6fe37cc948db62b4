import type { z } from 'zod';
import {
  passwordProblems,
  ZChangePasswordRequest,
  ZEmployeeCreateRequest,
  ZEmployeeUpdateRequest,
  ZRoleName,
} from '@ra/shared/team/team.schemas';
import { TEAM_MESSAGES } from '@ra/shared/team/team.messages';
import type { TEmployee, TEmployeeStatus } from '@ra/shared/team/team.schemas';
import type { TEmployeeCreateInput } from './api/create-employee.ts';
import type { TEmployeeUpdateInput } from './api/update-employee.ts';

/**
 * The forms check each field with the very schema the server validates with (packages/shared/src/team),
 * so a field is refused in the browser with the words the server would use. Each check returns the
 * English message (translated for display by translateTeamMessage) or undefined when the value is fine.
 */

function firstIssue(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export function roleNameProblem(name: unknown): string | undefined {
  return firstIssue(ZRoleName, name ?? '');
}

export type TEmployeeFormMode = 'create' | 'edit';

export interface TEmployeeFormValues {
  firstName: string;
  lastName: string;
  employeeNumber?: string;
  email: string;
  roleIds: number[];
  /** On edit, blank keeps the current PIN (it is never sent back). */
  pin?: string;
  /** Blank: no dashboard login on create, unchanged on edit. */
  password?: string;
  status: TEmployeeStatus;
}

export type TEmployeeField = keyof TEmployeeFormValues;
export const EMPLOYEE_FIELDS: readonly TEmployeeField[] = [
  'firstName',
  'lastName',
  'employeeNumber',
  'email',
  'roleIds',
  'pin',
  'password',
  'status',
];

export function employeeFieldProblem(
  field: TEmployeeField,
  values: Partial<TEmployeeFormValues>,
  mode: TEmployeeFormMode,
): string | undefined {
  const value = values[field];
  if (field === 'password') {
    if (typeof value !== 'string' || value === '') return undefined;
    const [problem] = passwordProblems(value, values.email);
    return problem ? TEAM_MESSAGES[problem].en : undefined;
  }
  const shape = mode === 'create' ? ZEmployeeCreateRequest.shape : ZEmployeeUpdateRequest.shape;
  // the form holds no value as undefined; the schema reads a missing required value as "please enter"
  const input = value === undefined && field !== 'employeeNumber' && !(mode === 'edit' && field === 'pin') ? '' : value;
  if (field === 'roleIds' && (!Array.isArray(value) || value.length === 0))
    return TEAM_MESSAGES['team.rolesRequired'].en;
  return firstIssue(shape[field], input);
}

/** Every field's problem, for a whole-form check before saving. */
export function employeeProblems(
  values: Partial<TEmployeeFormValues>,
  mode: TEmployeeFormMode,
): Partial<Record<TEmployeeField, string>> {
  const out: Partial<Record<TEmployeeField, string>> = {};
  for (const field of EMPLOYEE_FIELDS) {
    const problem = employeeFieldProblem(field, values, mode);
    if (problem) out[field] = problem;
  }
  return out;
}

const blankToUndefined = (value: string | undefined) => (value && value.trim() !== '' ? value : undefined);

export function toCreateRequest(values: TEmployeeFormValues): TEmployeeCreateInput {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    employeeNumber: values.employeeNumber?.trim() || null,
    email: values.email.trim(),
    roleIds: values.roleIds,
    pin: (values.pin ?? '').trim(),
    password: blankToUndefined(values.password),
    status: values.status,
  };
}

/** Only what the user changed: PUT changes just the fields given. A blank PIN or password keeps the current one. */
export function toUpdateRequest(values: TEmployeeFormValues, before: TEmployee): TEmployeeUpdateInput {
  const out: TEmployeeUpdateInput = {};
  if (values.firstName.trim() !== before.firstName) out.firstName = values.firstName.trim();
  if (values.lastName.trim() !== before.lastName) out.lastName = values.lastName.trim();
  const employeeNumber = values.employeeNumber?.trim() || null;
  if (employeeNumber !== before.employeeNumber) out.employeeNumber = employeeNumber;
  if (values.email.trim().toLowerCase() !== before.email) out.email = values.email.trim();
  const roleIds = [...values.roleIds].sort((a, b) => a - b);
  const beforeIds = before.roles.map((r) => r.id).sort((a, b) => a - b);
  if (roleIds.join(',') !== beforeIds.join(',')) out.roleIds = values.roleIds;
  const pin = blankToUndefined(values.pin)?.trim();
  if (pin) out.pin = pin;
  const password = blankToUndefined(values.password);
  if (password) {
    out.password = password;
    // the server checks "not the email" against the email it is given
    out.email ??= values.email.trim();
  }
  if (values.status !== before.status) out.status = values.status;
  return out;
}

export function formValuesOf(employee: TEmployee): TEmployeeFormValues {
  return {
    firstName: employee.firstName,
    lastName: employee.lastName,
    employeeNumber: employee.employeeNumber ?? '',
    email: employee.email,
    roleIds: employee.roles.map((r) => r.id),
    pin: '',
    password: '',
    status: employee.status,
  };
}

export interface TChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * The change-password form's problems by field: the shared request schema, plus "not your email"
 * which the schema leaves to the server because only the server knows the email for sure.
 */
export function changePasswordProblems(
  values: Partial<TChangePasswordValues>,
  email?: string,
): Partial<Record<keyof TChangePasswordValues, string>> {
  const input = { oldPassword: '', newPassword: '', confirmPassword: '', ...values };
  const out: Partial<Record<keyof TChangePasswordValues, string>> = {};
  const result = ZChangePasswordRequest.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof TChangePasswordValues | undefined;
      if (field && !(field in out)) out[field] = issue.message;
    }
  }
  if (!out.newPassword && input.newPassword) {
    const [problem] = passwordProblems(input.newPassword, email);
    if (problem) out.newPassword = TEAM_MESSAGES[problem].en;
  }
  // zod skips the match refinement while a field is missing; say it anyway once both are typed
  if (!out.confirmPassword && input.confirmPassword !== input.newPassword && input.confirmPassword) {
    out.confirmPassword = TEAM_MESSAGES['team.passwordMismatch'].en;
  }
  return out;
}
