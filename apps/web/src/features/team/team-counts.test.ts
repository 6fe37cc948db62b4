import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n.ts';
import { switchToChinese } from '../../test-support/form-harness.tsx';
import { countText } from './team-counts.ts';

const t = (lang: string) => i18n.getFixedT(lang, 'team');

describe(countText.name, () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('says "1 member" and "1 employee", and the plural for any other count', () => {
    expect(countText(t('en'), 'roles.members', 1, 'en')).toBe('1 member');
    expect(countText(t('en'), 'roles.members', 0, 'en')).toBe('0 members');
    expect(countText(t('en'), 'roles.members', 2, 'en')).toBe('2 members');
    expect(countText(t('en'), 'employees.total', 1, 'en')).toBe('1 employee');
    expect(countText(t('en'), 'employees.total', 12, 'en')).toBe('12 employees');
  });

  it('writes counts with thousand separators', () => {
    expect(countText(t('en'), 'employees.total', 1234, 'en')).toBe('1,234 employees');
  });

  it('has one form in Chinese', async () => {
    await switchToChinese();
    expect(countText(t('zh'), 'roles.members', 1, 'zh')).toBe('1 名成员');
    expect(countText(t('zh'), 'roles.members', 1234, 'zh')).toBe('1,234 名成员');
    expect(countText(t('zh'), 'employees.total', 3, 'zh')).toBe('共 3 名员工');
  });
});
