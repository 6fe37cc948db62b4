import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@ra/shared/errors';
import { TEAM_MESSAGES } from '@ra/shared/team/team.messages';
import { MENU_MESSAGES } from '@ra/shared/menu/menu.messages';
import { i18n } from './i18n.ts';
import { ApiError } from './request.ts';
import { SERVER_NAMESPACE, translateServerMessage } from './server-message.ts';

/** An error body's key and params render in the user's language through i18next (namespace `server`). */
beforeAll(async () => {
  await i18n.init({ lng: 'zh', fallbackLng: false, resources: { zh: {} }, keySeparator: false });
});

describe('server messages through i18next', () => {
  it('shows a body with a key and params in Chinese', () => {
    const body = {
      code: ERROR_CODES.conflict,
      key: 'team.roleHasMembers',
      params: { count: 3 },
      message: TEAM_MESSAGES['team.roleHasMembers'].en.replace('{count}', '3'),
    };
    const error = new ApiError(body.message, 409, body.code, undefined, body);
    expect(error.key).toBe('team.roleHasMembers');
    expect(error.params).toEqual({ count: 3 });
    expect(error.displayMessage).toBe('该角色还有 3 名成员。请先将他们移到其他角色，再删除该角色。');
    // the text came from the i18next namespace, not from the English table
    expect(i18n.hasResourceBundle('zh', SERVER_NAMESPACE)).toBe(true);
    expect(i18n.t(`${SERVER_NAMESPACE}:team.roleHasMembers`, { count: 5 })).toBe(
      '该角色还有 5 名成员。请先将他们移到其他角色，再删除该角色。',
    );
  });

  it('goes by the key, not the text, when the body has one', () => {
    expect(translateServerMessage('Whatever the server wrote', 'zh', 'menu.enterName')).toBe(
      MENU_MESSAGES['menu.enterName'].zh,
    );
  });

  it('translates a parameter that is itself a server message', () => {
    const english = `Sheet Items, row 4: ${MENU_MESSAGES['menu.enterName'].en}`;
    expect(translateServerMessage(english, 'zh')).toBe(`工作表 Items 第 4 行：${MENU_MESSAGES['menu.enterName'].zh}`);
  });

  it('keeps the text as sent when neither the key nor the text is in the catalog', () => {
    expect(translateServerMessage('Something new', 'zh', 'no.suchKey')).toBe('Something new');
  });
});
