import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/request.ts';
import { serverFieldErrors, translateTeamMessage } from './team-messages.ts';

describe('server team messages in the user language', () => {
  it('says in Chinese how many members keep a role from being deleted', () => {
    expect(
      translateTeamMessage('This role still has 3 members. Move them to another role before deleting it.', 'zh'),
    ).toBe('该角色还有 3 名成员。请先将他们移到其他角色，再删除该角色。');
  });

  it('keeps the SPEC delete confirmation wording in English', () => {
    expect(translateTeamMessage('Do you really want to delete this role?', 'en')).toBe(
      'Do you really want to delete this role?',
    );
  });

  it('shows an unknown message as sent', () => {
    expect(translateTeamMessage('Something new', 'zh')).toBe('Something new');
  });

  it('puts a 400 field error under the form field it names, translated', () => {
    const error = new ApiError('Bad request', 400, 40000, {
      name: 'Role name already exists',
      'roleIds.0': 'Please select at least one role',
      other: 'x',
    });
    expect(serverFieldErrors(error, ['name', 'roleIds'])).toEqual({
      name: 'Role name already exists',
      roleIds: 'Please select at least one role',
    });
  });
});
