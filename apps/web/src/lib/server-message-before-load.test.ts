import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@ra/shared/errors';
import { MENU_MESSAGES } from '@ra/shared/menu/menu.messages';

/**
 * Before the catalog chunk has loaded (the sign-in page), the SPEC's common messages still show in
 * Chinese; a domain's message shows as sent until the catalog arrives.
 */
describe('server messages before the catalog loads', () => {
  it('knows the common messages, and the rest once loaded', async () => {
    vi.resetModules();
    const { translateServerMessage, loadServerMessages } = await import('./server-message.ts');
    expect(translateServerMessage(MESSAGES.invalidEmail.en, 'zh')).toBe(MESSAGES.invalidEmail.zh);
    expect(translateServerMessage(MENU_MESSAGES['menu.enterName'].en, 'zh')).toBe(MENU_MESSAGES['menu.enterName'].en);
    await loadServerMessages();
    expect(translateServerMessage(MENU_MESSAGES['menu.enterName'].en, 'zh')).toBe(MENU_MESSAGES['menu.enterName'].zh);
  });
});
