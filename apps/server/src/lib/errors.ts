import { ERROR_CODES, MESSAGES } from '@ra/shared/errors';

/**
 * Codes the shared catalogue does not name yet. Each keeps the shared convention: the HTTP status
 * times 100, plus a small number that tells apart answers sharing a status.
 */
export const SERVER_ERROR_CODES = {
  /** 400, not 401: SPEC 8 makes every 401 open the re-login dialog, which a wrong password must not. */
  loginFailed: 40001,
  emailCodeInvalid: 40002,
  /** SPEC 6: an agent picks a restaurant after signing in; restaurant data waits until then. */
  restaurantNotSelected: 40901,
  emailUnavailable: 50300,
} as const;

export const SERVER_MESSAGES = {
  restaurantNotSelected: { en: 'Please select a restaurant first', zh: '请先选择餐厅' },
  emailUnavailable: {
    en: 'We could not send the verification email. Please try again later.',
    zh: '验证邮件发送失败，请稍后再试。',
  },
} as const;

/** An answer the client is meant to see: status, code and message go out as given. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: number;

  /** `cause` is for the server log only; the client sees status, code and message. */
  constructor(statusCode: number, code: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
  }
}

export const loggedOut = () => new AppError(401, ERROR_CODES.invalidToken, MESSAGES.loggedOut.en);
export const tokenExpired = () => new AppError(401, ERROR_CODES.expiredToken, MESSAGES.loggedOut.en);
export const forbidden = () => new AppError(403, ERROR_CODES.forbidden, MESSAGES.noPermission.en);
export const notFound = () => new AppError(404, ERROR_CODES.notFound, MESSAGES.notFound.en);
export const loginFailed = () => new AppError(400, SERVER_ERROR_CODES.loginFailed, MESSAGES.loginFailed.en);
export const restaurantNotSelected = () =>
  new AppError(409, SERVER_ERROR_CODES.restaurantNotSelected, SERVER_MESSAGES.restaurantNotSelected.en);

/**
 * A 400 about one field, shaped like a schema validation failure so the form can put the message under
 * the field (ARCHITECTURE.md "Errors").
 */
export class FieldError extends AppError {
  readonly errors: Record<string, string>;

  constructor(field: string, message: string) {
    super(400, ERROR_CODES.badRequest, MESSAGES.badRequest.en);
    this.errors = { [field]: message };
  }
}
