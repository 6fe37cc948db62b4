import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, MESSAGES, type TErrorBody } from '@ra/shared/errors';
import { isDatabaseUnavailable } from '../db/client.ts';
import { findMessageKey, MESSAGE_CATALOG, type TMessageParams } from '@ra/shared/messages/catalog';
import { AppError, FieldError, RateLimited, type TMessageKeyOptions } from '../lib/errors.ts';

/**
 * Seconds a client (or a load balancer) should wait before asking again while the database is away:
 * a PostgreSQL restart or failover takes a few seconds, and the first request after it succeeds.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Retry-After of a 429 that does not say how long its limit lasts (a framework's, or one raised without
 * RateLimited): a minute, the shortest window any limit of the product counts over is longer.
 */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** '/businessHours/0/open' -> 'businessHours.0.open'; a whole-body problem is keyed by its part ('body'). */
function fieldPath(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || context || 'body';
}

type TKeyed = { key?: string; params?: TMessageParams };

/**
 * The catalog key of a message (packages/shared/src/messages/catalog.ts): the one the thrower named,
 * else the entry whose English text it is (with the parameters read back from the text), else none.
 */
export function messageKey(message: string, explicit?: TMessageKeyOptions): TKeyed {
  if (explicit?.key !== undefined && Object.hasOwn(MESSAGE_CATALOG, explicit.key))
    return explicit.params ? { key: explicit.key, params: explicit.params } : { key: explicit.key };
  const found = findMessageKey(message);
  if (!found) return {};
  return found.params ? { key: found.key, params: found.params } : { key: found.key };
}

/** `{ code, key, params?, message }`: the key goes right after the code so a body reads in that order. */
function errorBody(code: number, message: string, ref: TKeyed = messageKey(message)): TErrorBody {
  return { code, ...ref, message };
}

/** Each field's message key; a field whose text is no catalog entry (a list of names) is left out. */
function fieldKeys(errors: Record<string, string>, first?: { field: string; ref: TMessageKeyOptions }) {
  const out: Record<string, { key: string; params?: TMessageParams }> = {};
  for (const [field, text] of Object.entries(errors)) {
    const ref = messageKey(text, first?.field === field ? first.ref : undefined);
    if (ref.key !== undefined) out[field] = ref.params ? { key: ref.key, params: ref.params } : { key: ref.key };
  }
  return out;
}

/**
 * One place decides what an error looks like on the wire (ARCHITECTURE.md "Errors"): the SPEC's
 * `{ code, message }` body with the message's catalog `key` and `params`, `errors` per field for a
 * 400 (and `fieldKeys`, each field's key and params), and never a stack trace, SQL or library
 * message in a 5xx.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  // Every 429, whoever answers it, tells the client when to come back (RFC 9110 10.2.3, RFC 6585 4).
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after'))
      void reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
    if (reply.statusCode >= 400) return withKey(request, payload);
    return payload;
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body = errorBody(error.code, error.message, messageKey(error.message, error));
      if (error instanceof RateLimited) void reply.header('retry-after', String(error.retryAfterSeconds));
      if (error instanceof FieldError) {
        body.errors = error.errors;
        const field = Object.keys(error.errors)[0];
        body.fieldKeys = fieldKeys(error.errors, field && error.fieldKey ? { field, ref: error.fieldKey } : undefined);
      }
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error, code: error.code }, error.message);
      return reply.status(error.statusCode).send(body);
    }

    if (hasZodFastifySchemaValidationErrors(error) || (Array.isArray(error.validation) && error.validation.length)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation ?? []) {
        const key = fieldPath(issue.instancePath, error.validationContext);
        errors[key] ??= issue.message ?? MESSAGES.badRequest.en;
      }
      return reply
        .status(400)
        .send({ ...errorBody(ERROR_CODES.badRequest, MESSAGES.badRequest.en), errors, fieldKeys: fieldKeys(errors) });
    }

    // Fastify's own client errors (malformed JSON, body too large, wrong content type): their status is
    // right and their wording names nothing internal.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      const message = status === 400 ? MESSAGES.badRequest.en : error.message;
      // a library's own wording (405, 413, 415 …) is no catalog entry: the key says what kind of refusal it is
      const ref = messageKey(message);
      return reply
        .status(status)
        .send(
          errorBody(
            status === 400 ? ERROR_CODES.badRequest : status * 100,
            message,
            ref.key !== undefined ? ref : { key: status === 404 ? 'common.notFound' : 'common.requestRefused' },
          ),
        );
    }

    // The database restarting or failing over is not a bug: say "try again shortly" rather than 500,
    // and log it as a warning so the alert that fires is the database's, not a flood of API errors.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(errorBody(ERROR_CODES.serviceUnavailable, MESSAGES.serviceUnavailable.en));
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(ERROR_CODES.internal, MESSAGES.internal.en));
  });
}

/**
 * Errors Fastify raises before any route runs (a path that is not valid percent-encoding, a path
 * parameter longer than the router allows): the same 400 body as every other bad request, rather than
 * Fastify's own shape, which the client would not recognise.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ err: error }, 'client error before routing');
  void reply.status(400).send(errorBody(ERROR_CODES.badRequest, MESSAGES.badRequest.en));
}

/**
 * An error body a route or plugin sent itself (`reply.status(409).send({ code, message })`, the rate
 * limiter, the web app's 404) gets its key here, so no sender has to know the catalog. A body that
 * already has a key, or is not an error body, goes out unchanged.
 */
function withKey(request: FastifyRequest, payload: unknown): unknown {
  if (typeof payload !== 'string' || !payload.startsWith('{') || !payload.includes('"message"')) return payload;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return payload;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return payload;
  const record = body as Record<string, unknown>;
  if (typeof record.code !== 'number' || typeof record.message !== 'string' || 'key' in record) return payload;
  const ref = messageKey(record.message);
  if (ref.key === undefined) {
    request.log.warn({ message: record.message }, 'error message without a catalog key');
    return payload;
  }
  const { code, ...rest } = record;
  return JSON.stringify({ code, ...ref, ...rest });
}
