/**
 * Error codes and the exact user-facing wording the SPEC fixes (SPEC 8), in both languages.
 * The server answers `{ code, message }` where message is the English text; the browser shows the
 * text for its current language by looking the code or English text up here.
 */

/** SPEC 8: 401 with these codes opens the non-dismissable re-login dialog. */
export const ERROR_CODES = {
  invalidToken: 50012,
  expiredToken: 50014,
  badRequest: 40000,
  /** 400, not 401: SPEC 8 makes every 401 open the re-login dialog, which a wrong password must not. */
  loginFailed: 40001,
  emailCodeInvalid: 40002,
  /** SPEC 6: an agent picks a restaurant after signing in; restaurant data waits until then. */
  restaurantNotSelected: 40901,
  emailUnavailable: 50300,
  /** 503 with Retry-After: the database is unreachable for a moment (a restart, a failover). */
  serviceUnavailable: 50301,
  unauthorized: 40100,
  forbidden: 40300,
  notFound: 40400,
  conflict: 40900,
  rateLimited: 42900,
  emailCodeRequired: 42800,
  internal: 50000,
} as const;

export const MESSAGES = {
  loginFailed: {
    en: 'The user name and password combination does not match our record.',
    zh: '用户名和密码不匹配。',
  },
  loggedOut: {
    en: 'You have been logged out, please log in again',
    zh: '您已登出，请重新登录',
  },
  hasError: { en: 'Has Error', zh: '出错了' },
  error: { en: 'Error', zh: '错误' },
  noPermission: { en: 'No permission', zh: '没有权限' },
  fetchFailed: { en: 'Fetch failed', zh: '获取失败' },
  invalidEmail: { en: 'Please enter the correct email address', zh: '请输入正确的邮箱地址' },
  tooManyAttempts: {
    en: 'Too many sign-in attempts. Please wait a few minutes and try again.',
    zh: '登录尝试次数过多，请稍等几分钟后再试。',
  },
  emailCodeRequired: {
    en: 'A verification code has been sent to your email. Enter it to sign in.',
    zh: '验证码已发送到您的邮箱，请输入验证码登录。',
  },
  emailCodeInvalid: {
    en: 'The verification code is wrong or has expired.',
    zh: '验证码错误或已过期。',
  },
  memberNotFound: {
    en: 'Member name does not exist. Please re-enter the following',
    zh: '成员名称不存在，请重新输入',
  },
  restaurantNotSelected: { en: 'Please select a restaurant first', zh: '请先选择餐厅' },
  emailUnavailable: {
    en: 'We could not send the verification email. Please try again later.',
    zh: '验证邮件发送失败，请稍后再试。',
  },
  badRequest: { en: 'Some fields are not valid.', zh: '部分字段无效。' },
  /** apps/server/src/lib/json-depth.ts MAX_JSON_DEPTH. */
  jsonTooDeep: {
    en: 'The request nests its data more than 64 levels deep.',
    zh: '请求数据的嵌套超过 64 层。',
  },
  notFound: { en: 'Not found', zh: '未找到' },
  internal: { en: 'Something went wrong on our side. Please try again.', zh: '服务器出错，请稍后再试。' },
  serviceUnavailable: {
    en: 'The service is briefly unavailable. Please try again in a moment.',
    zh: '服务暂时不可用，请稍后再试。',
  },
} as const;

export type TMessageKey = keyof typeof MESSAGES;
export type TLang = 'en' | 'zh';

/**
 * The body of every error answer. `key` and `params` name the message in the shared catalog
 * (messages/catalog.ts) so the browser shows its own language; `message` is the English text.
 * `errors` maps a field path to its message (400 only) and `fieldKeys` the same fields to their keys.
 */
export interface TErrorBody {
  code: number;
  key?: string;
  params?: Readonly<Record<string, string | number>>;
  message: string;
  errors?: Record<string, string>;
  fieldKeys?: Record<string, { key: string; params?: Readonly<Record<string, string | number>> }>;
}
