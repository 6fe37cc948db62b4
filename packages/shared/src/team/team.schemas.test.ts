import { describe, expect, it } from 'vitest';
import { ROLE_FLAG_GROUPS, ROLE_FLAGS, allRoleFlags, emptyRoleFlags } from '../permissions.ts';
import {
  normaliseRoleFlags,
  passwordProblems,
  ZChangePasswordRequest,
  ZEmployeeCreateRequest,
  ZEmployeeGetQuery,
  ZEmployeeListQuery,
  ZEmployeeUpdateRequest,
  ZRoleUpsertRequest,
} from './team.schemas.ts';
import {
  matchTeamMessage,
  ROLE_FLAG_GROUP_LABELS,
  ROLE_FLAG_LABELS,
  TEAM_MESSAGES,
  teamMessage,
  type TTeamMessageKey,
} from './team.messages.ts';

const firstIssues = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe(passwordProblems.name, () => {
  it('asks for at least 8 characters', () => {
    expect(passwordProblems('short7!')).toEqual(['team.passwordTooShort']);
    expect(passwordProblems('eight888')).toEqual([]);
  });

  it('refuses the account email as the password, whatever its case or spaces', () => {
    expect(passwordProblems(' Grace@Example.com ', 'grace@example.com')).toEqual(['team.passwordIsEmail']);
    expect(passwordProblems('grace@example.com!', 'grace@example.com')).toEqual([]);
  });

  it('counts characters, not bytes, and caps the length', () => {
    expect(passwordProblems('密码密码密码密码')).toEqual([]);
    expect(passwordProblems('x'.repeat(129))).toEqual(['team.passwordTooLong']);
  });
});

describe(normaliseRoleFlags.name, () => {
  it('turns every flag on when full access is on', () => {
    expect(normaliseRoleFlags({ fullAccess: true })).toEqual(allRoleFlags());
  });

  it('turns full access on when every other flag is on', () => {
    const { fullAccess: _omitted, ...others } = allRoleFlags();
    expect(normaliseRoleFlags(others).fullAccess).toBe(true);
  });

  it('fills missing flags with false and keeps the ones given', () => {
    expect(normaliseRoleFlags({ editMenu: true })).toEqual({ ...emptyRoleFlags(), editMenu: true });
  });
});

describe('ZRoleUpsertRequest', () => {
  it('requires a name and trims it', () => {
    expect(firstIssues(ZRoleUpsertRequest.safeParse({ flags: {} }))).toEqual({
      name: TEAM_MESSAGES['team.roleNameRequired'].en,
    });
    expect(firstIssues(ZRoleUpsertRequest.safeParse({ name: '   ', flags: {} }))).toEqual({
      name: TEAM_MESSAGES['team.roleNameRequired'].en,
    });
    expect(ZRoleUpsertRequest.parse({ name: '  Cashier ', flags: {} }).name).toBe('Cashier');
  });

  it('refuses names over 50 characters', () => {
    expect(firstIssues(ZRoleUpsertRequest.safeParse({ name: 'x'.repeat(51), flags: {} }))).toEqual({
      name: TEAM_MESSAGES['team.roleNameTooLong'].en,
    });
  });

  it('refuses unknown flags and non-boolean values', () => {
    expect(ZRoleUpsertRequest.safeParse({ name: 'A', flags: { launchRockets: true } }).success).toBe(false);
    expect(ZRoleUpsertRequest.safeParse({ name: 'A', flags: { editMenu: 'yes' } }).success).toBe(false);
  });
});

describe('ZEmployeeCreateRequest', () => {
  const valid = {
    firstName: 'Ana',
    lastName: 'Lopez',
    email: 'Ana.Lopez@Example.com',
    roleIds: [3, 3, 4],
    pin: '0123',
  };

  it('accepts a minimal employee, lowercases the email and de-duplicates roles', () => {
    const parsed = ZEmployeeCreateRequest.parse(valid);
    expect(parsed).toMatchObject({ email: 'ana.lopez@example.com', roleIds: [3, 4], status: 'active' });
    expect(parsed.employeeNumber).toBeNull();
    expect(parsed.password).toBeUndefined();
  });

  it('reports every missing required field with its own message', () => {
    expect(firstIssues(ZEmployeeCreateRequest.safeParse({}))).toEqual({
      firstName: TEAM_MESSAGES['team.firstNameRequired'].en,
      lastName: TEAM_MESSAGES['team.lastNameRequired'].en,
      email: 'Please enter the correct email address',
      roleIds: TEAM_MESSAGES['team.rolesRequired'].en,
      pin: TEAM_MESSAGES['team.pinRequired'].en,
    });
    expect(firstIssues(ZEmployeeCreateRequest.safeParse({ ...valid, roleIds: [] }))).toEqual({
      roleIds: TEAM_MESSAGES['team.rolesRequired'].en,
    });
  });

  it('uses the SPEC 5 email message', () => {
    for (const email of ['ana@', 'ana@example', 'ana lopez@example.com', 'ana@example.company']) {
      expect(firstIssues(ZEmployeeCreateRequest.safeParse({ ...valid, email }))).toEqual({
        email: 'Please enter the correct email address',
      });
    }
  });

  it('takes the PIN as digits only, as text so leading zeros survive', () => {
    for (const pin of ['12a4', '12', '123456789', 1234]) {
      expect(ZEmployeeCreateRequest.safeParse({ ...valid, pin }).success, String(pin)).toBe(false);
    }
    expect(ZEmployeeCreateRequest.parse({ ...valid, pin: '0007' }).pin).toBe('0007');
  });

  it('applies the password rules, including "not the email"', () => {
    expect(firstIssues(ZEmployeeCreateRequest.safeParse({ ...valid, password: 'short' }))).toEqual({
      password: TEAM_MESSAGES['team.passwordTooShort'].en,
    });
    expect(firstIssues(ZEmployeeCreateRequest.safeParse({ ...valid, password: 'ana.lopez@example.com' }))).toEqual({
      password: TEAM_MESSAGES['team.passwordIsEmail'].en,
    });
    expect(ZEmployeeCreateRequest.parse({ ...valid, password: '' }).password).toBeUndefined();
  });

  it('refuses over-long names and employee numbers', () => {
    expect(
      firstIssues(
        ZEmployeeCreateRequest.safeParse({ ...valid, firstName: 'x'.repeat(51), employeeNumber: '1'.repeat(21) }),
      ),
    ).toEqual({
      firstName: TEAM_MESSAGES['team.nameTooLong'].en,
      employeeNumber: TEAM_MESSAGES['team.employeeNumberTooLong'].en,
    });
  });
});

describe('ZEmployeeUpdateRequest', () => {
  it('leaves out what is not given, and a blank PIN or password means no change', () => {
    expect(ZEmployeeUpdateRequest.parse({ status: 'inactive', pin: '', password: '' })).toEqual({
      status: 'inactive',
      pin: undefined,
      password: undefined,
    });
  });

  it('takes password null as "remove the dashboard login"', () => {
    expect(ZEmployeeUpdateRequest.parse({ password: null }).password).toBeNull();
  });

  it('still checks a PIN and a status when given', () => {
    expect(ZEmployeeUpdateRequest.safeParse({ pin: '12ab' }).success).toBe(false);
    expect(ZEmployeeUpdateRequest.safeParse({ status: 'fired' }).success).toBe(false);
  });
});

describe('ZEmployeeListQuery', () => {
  it('defaults to the first page of 20 and caps the page size at 100', () => {
    expect(ZEmployeeListQuery.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(ZEmployeeListQuery.parse({ page: '2', pageSize: '100', roleId: '7' })).toEqual({
      page: 2,
      pageSize: 100,
      roleId: 7,
    });
    expect(ZEmployeeListQuery.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(ZEmployeeListQuery.safeParse({ page: '0' }).success).toBe(false);
  });

  it('reads ignoreDeletedAt as a boolean', () => {
    expect(ZEmployeeGetQuery.parse({ ignoreDeletedAt: 'true' }).ignoreDeletedAt).toBe(true);
    expect(ZEmployeeGetQuery.parse({}).ignoreDeletedAt).toBe(false);
  });
});

describe('ZChangePasswordRequest', () => {
  it('asks for the same new password twice', () => {
    expect(
      firstIssues(
        ZChangePasswordRequest.safeParse({ oldPassword: 'old', newPassword: 'new-password', confirmPassword: 'other' }),
      ),
    ).toEqual({ confirmPassword: TEAM_MESSAGES['team.passwordMismatch'].en });
  });

  it('applies the length rule to the new password', () => {
    expect(
      firstIssues(
        ZChangePasswordRequest.safeParse({ oldPassword: 'old', newPassword: 'short', confirmPassword: 'short' }),
      ),
    ).toEqual({ newPassword: TEAM_MESSAGES['team.passwordTooShort'].en });
  });
});

describe('team messages', () => {
  it('has both languages for every message', () => {
    for (const [key, text] of Object.entries(TEAM_MESSAGES)) {
      expect(text.en, key).not.toBe('');
      expect(text.zh, key).not.toBe('');
    }
  });

  it('has the wording the issue fixes', () => {
    const expected: Array<[TTeamMessageKey, string]> = [
      ['team.deleteRoleConfirm', 'Do you really want to delete this role?'],
      ['team.roleNameExists', 'Role name already exists'],
      ['team.pinTaken', 'This PIN is already used by another employee'],
      ['team.passwordTooShort', 'Passwords must be at least 8 characters'],
      ['team.passwordIsEmail', 'The password must not be your email'],
      ['team.passwordMismatch', 'The two passwords do not match'],
      ['team.passwordWrong', 'The current password is wrong'],
    ];
    for (const [key, text] of expected) expect(TEAM_MESSAGES[key].en).toBe(text);
  });

  it('fills placeholders and finds the key of a filled English message', () => {
    const text = teamMessage('team.roleHasMembers', 'en', { count: 3 });
    expect(text).toBe('This role still has 3 members. Move them to another role before deleting it.');
    const found = matchTeamMessage(text);
    expect(found).toEqual({ key: 'team.roleHasMembers', params: { count: '3' } });
    expect(teamMessage(found!.key, 'zh', found!.params)).toContain('3 名成员');
    expect(matchTeamMessage('Role name already exists')).toEqual({ key: 'team.roleNameExists', params: {} });
    expect(matchTeamMessage('Something else')).toBeUndefined();
  });

  it('labels every role flag and every SPEC 6 group in both languages', () => {
    for (const flag of ROLE_FLAGS) expect(ROLE_FLAG_LABELS[flag].zh, flag).toBeTruthy();
    for (const group of ROLE_FLAG_GROUPS) expect(ROLE_FLAG_GROUP_LABELS[group.key]?.en, group.key).toBeTruthy();
  });
});
