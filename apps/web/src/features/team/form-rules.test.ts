import { describe, expect, it } from 'vitest';
import type { TEmployee } from '@ra/shared/team/team.schemas';
import {
  changePasswordProblems,
  employeeFieldProblem,
  employeeProblems,
  roleNameProblem,
  toCreateRequest,
  toUpdateRequest,
  type TEmployeeFormValues,
} from './form-rules.ts';
import { translateTeamMessage } from './team-messages.ts';

const valid: TEmployeeFormValues = {
  firstName: 'Ana',
  lastName: 'Lopez',
  employeeNumber: '',
  email: 'ana@demo.test',
  roleIds: [3],
  pin: '1234',
  password: '',
  status: 'active',
};

describe('role form rules', () => {
  it('requires a role name, blank spaces included', () => {
    expect(roleNameProblem('')).toBe('Please enter the role name');
    expect(roleNameProblem('   ')).toBe('Please enter the role name');
    expect(roleNameProblem(undefined)).toBe('Please enter the role name');
    expect(roleNameProblem('Cashier')).toBeUndefined();
  });

  it('refuses a role name longer than the server accepts', () => {
    expect(roleNameProblem('x'.repeat(51))).toMatch(/at most 50/);
  });
});

describe('employee form rules (same schema as the server)', () => {
  it('accepts a complete employee', () => {
    expect(employeeProblems(valid, 'create')).toEqual({});
  });

  it('asks for names, email, a role and a PIN when adding', () => {
    expect(employeeProblems({ status: 'active', roleIds: [] }, 'create')).toEqual({
      firstName: 'Please enter the first name',
      lastName: 'Please enter the last name',
      email: 'Please enter the correct email address',
      roleIds: 'Please select at least one role',
      pin: 'Please enter a PIN',
    });
  });

  it('refuses an email that breaks the SPEC 5 rule with its exact message', () => {
    expect(employeeFieldProblem('email', { ...valid, email: 'ana@demo' }, 'create')).toBe(
      'Please enter the correct email address',
    );
  });

  it('allows digits only in the PIN', () => {
    expect(employeeFieldProblem('pin', { ...valid, pin: '12a4' }, 'create')).toBe('PIN must be 4 to 8 digits');
    expect(employeeFieldProblem('pin', { ...valid, pin: '123' }, 'create')).toBe('PIN must be 4 to 8 digits');
  });

  it('keeps the current PIN and password when left blank on edit', () => {
    expect(employeeFieldProblem('pin', { ...valid, pin: '' }, 'edit')).toBeUndefined();
    expect(employeeFieldProblem('password', { ...valid, password: '' }, 'edit')).toBeUndefined();
  });

  it('refuses a short dashboard password and one equal to the email', () => {
    expect(employeeFieldProblem('password', { ...valid, password: 'short' }, 'create')).toBe(
      'Passwords must be at least 8 characters',
    );
    expect(employeeFieldProblem('password', { ...valid, password: 'ANA@demo.test' }, 'create')).toBe(
      'The password must not be your email',
    );
  });

  it('shows the messages in Chinese from the shared wording', () => {
    expect(translateTeamMessage('Please enter the correct email address', 'zh')).toBe('请输入正确的邮箱地址');
    expect(translateTeamMessage('PIN must be 4 to 8 digits', 'zh')).toBe('PIN 码必须是 4 到 8 位数字');
    expect(translateTeamMessage('Please select at least one role', 'zh')).toBe('请至少选择一个角色');
  });

  it('sends no blank password and a null employee number when adding', () => {
    expect(toCreateRequest(valid)).toEqual({
      firstName: 'Ana',
      lastName: 'Lopez',
      employeeNumber: null,
      email: 'ana@demo.test',
      roleIds: [3],
      pin: '1234',
      password: undefined,
      status: 'active',
    });
  });

  it('sends only what changed when editing', () => {
    const before: TEmployee = {
      id: 7,
      xid: 'x7',
      firstName: 'Ana',
      lastName: 'Lopez',
      fullname: 'Ana Lopez',
      employeeNumber: null,
      email: 'ana@demo.test',
      status: 'active',
      roles: [{ id: 3, name: 'Cashier' }],
      hasPin: true,
      hasPassword: false,
      platformStaff: false,
      authorizedRepresentative: false,
      createdAt: '',
      updatedAt: '',
      deletedAt: null,
    };
    expect(toUpdateRequest({ ...valid, pin: '' }, before)).toEqual({});
    expect(toUpdateRequest({ ...valid, pin: '', status: 'inactive', roleIds: [3, 4] }, before)).toEqual({
      status: 'inactive',
      roleIds: [3, 4],
    });
    // the server checks a new password against the email, so it is sent along
    expect(toUpdateRequest({ ...valid, pin: '', password: 'long-enough-1' }, before)).toEqual({
      password: 'long-enough-1',
      email: 'ana@demo.test',
    });
  });
});

describe('change password rules', () => {
  it('asks for the current password and a new one', () => {
    expect(changePasswordProblems({})).toMatchObject({
      oldPassword: 'Please enter the password',
      newPassword: 'Please enter the password',
    });
  });

  it('refuses a new password under 8 characters, the account email, or a different confirmation', () => {
    expect(changePasswordProblems({ oldPassword: 'x', newPassword: 'abc', confirmPassword: 'abc' }).newPassword).toBe(
      'Passwords must be at least 8 characters',
    );
    expect(
      changePasswordProblems(
        { oldPassword: 'x', newPassword: 'owner@demo.test', confirmPassword: 'owner@demo.test' },
        'owner@demo.test',
      ).newPassword,
    ).toBe('The password must not be your email');
    expect(
      changePasswordProblems({ oldPassword: 'x', newPassword: 'long-enough-1', confirmPassword: 'long-enough-2' })
        .confirmPassword,
    ).toBe('The two passwords do not match');
  });

  it('accepts a good change', () => {
    expect(
      changePasswordProblems(
        { oldPassword: 'x', newPassword: 'long-enough-1', confirmPassword: 'long-enough-1' },
        'a@b.co',
      ),
    ).toEqual({});
  });
});
