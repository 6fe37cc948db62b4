import { ERROR_CODES, MESSAGES } from '@ra/shared/errors';
import type { TMessageParams } from '@ra/shared/messages/catalog';

/**
 * The catalog entry an error's text comes from (packages/shared/src/messages/catalog.ts). Optional:
 * without it the error handler looks the key up by the English text; a thrower whose text is built
 * from parameters may pass them so the browser fills its own language's text.
 */
export interface TMessageKeyOptions {
  key?: string;
  params?: TMessageParams;
}

/** Server-side names for the shared codes (kept so call sites read as before). */
export const SERVER_ERROR_CODES = {
  loginFailed: ERROR_CODES.loginFailed,
  emailCodeInvalid: ERROR_CODES.emailCodeInvalid,
  restaurantNotSelected: ERROR_CODES.restaurantNotSelected,
  emailUnavailable: ERROR_CODES.emailUnavailable,
} as const;

export const SERVER_MESSAGES = {
  restaurantNotSelected: MESSAGES.restaurantNotSelected,
  emailUnavailable: MESSAGES.emailUnavailable,
} as const;

/** An answer the client is meant to see: status, code, key and message go out as given. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: number;
  /** The catalog key and parameters of `message`, when the thrower names them. */
  readonly key?: string;
  readonly params?: TMessageParams;

  /** `cause` is for the server log only; the client sees status, code, key and message. */
  constructor(statusCode: number, code: number, message: string, options?: { cause?: unknown } & TMessageKeyOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    if (options?.key !== undefined) this.key = options.key;
    if (options?.params !== undefined) this.params = options.params;
  }
}

/**
 * 429: the caller asked too often. Every 429 carries Retry-After (plugins/error-handler.ts): the
 * seconds until the limit lets the caller in again, or an upper bound of it.
 */
export class RateLimited extends AppError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(429, ERROR_CODES.rateLimited, message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
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
  /** The field message's catalog key and parameters, when the thrower names them. */
  readonly fieldKey?: TMessageKeyOptions;

  constructor(field: string, message: string, options?: TMessageKeyOptions) {
    super(400, ERROR_CODES.badRequest, MESSAGES.badRequest.en);
    this.errors = { [field]: message };
    if (options?.key !== undefined) this.fieldKey = options;
  }
}
