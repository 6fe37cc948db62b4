import type { TLang } from '../errors.ts';

/**
 * Wording of the account flows beyond SPEC 8's sign-in failure (forgot password, reset link, lock
 * screen), in both languages. The server sends the English text; the browser shows its own language
 * through `authMessage`.
 */
export const AUTH_MESSAGES = {
  resetRequested: {
    en: 'If an account uses this email, we have sent it a link to reset the password. The link works for 30 minutes.',
    zh: '如果该邮箱有对应的账号，我们已向其发送重置密码的链接。链接 30 分钟内有效。',
  },
  resetTooMany: {
    en: 'Too many reset requests from this network. Please wait an hour and try again.',
    zh: '此网络发出的重置请求过多，请一小时后再试。',
  },
  resetLinkInvalid: {
    en: 'This reset link is invalid, has expired or was already used. Please ask for a new one.',
    zh: '此重置链接无效、已过期或已被使用，请重新申请。',
  },
  resetDone: {
    en: 'Your password has been reset and every device has been signed out. Sign in with the new password.',
    zh: '密码已重置，所有设备均已退出登录。请使用新密码登录。',
  },
  unlockLimitReached: {
    en: 'Too many wrong passwords on the lock screen. Please sign in again.',
    zh: '锁屏密码错误次数过多，请重新登录。',
  },
  logoutNeedsHeader: {
    en: 'Sign-out must come from the app itself.',
    zh: '退出登录必须由应用本身发起。',
  },
} as const satisfies Record<string, Record<TLang, string>>;

export type TAuthMessageKey = keyof typeof AUTH_MESSAGES;

const byEnglish = new Map<string, Record<TLang, string>>(Object.values(AUTH_MESSAGES).map((m) => [m.en, m]));

/** The account-flow message in `lang` when `english` is one of ours; otherwise undefined. */
export function authMessage(english: string, lang: TLang): string | undefined {
  return byEnglish.get(english)?.[lang];
}

/** "Forgot password" links expire after this long and work once (docs/decisions.md "Password reset"). */
export const RESET_LINK_TTL_MINUTES = 30;
/** Seconds the sign-in form waits before it offers to email another code. */
export const EMAIL_CODE_RESEND_SECONDS = 60;
