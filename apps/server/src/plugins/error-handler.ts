import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, MESSAGES, type TErrorBody } from '@ra/shared/errors';
import { isDatabaseUnavailable } from '../db/client.ts';
import { AppError, FieldError, RateLimited } from '../lib/errors.ts';

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

/**
 * One place decides what an error looks like on the wire (ARCHITECTURE.md "Errors"): the SPEC's
 * `{ code, message }` body, `errors` per field for a 400, and never a stack trace, SQL or library
 * message in a 5xx.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  // Every 429, whoever answers it, tells the client when to come back (RFC 9110 10.2.3, RFC 6585 4).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after'))
      void reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
    return payload;
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: TErrorBody = { code: error.code, message: error.message };
      if (error instanceof RateLimited) void reply.header('retry-after', String(error.retryAfterSeconds));
      if (error instanceof FieldError) body.errors = error.errors;
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error, code: error.code }, error.message);
      return reply.status(error.statusCode).send(body);
    }

    if (hasZodFastifySchemaValidationErrors(error) || (Array.isArray(error.validation) && error.validation.length)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation ?? []) {
        const key = fieldPath(issue.instancePath, error.validationContext);
        errors[key] ??= issue.message ?? MESSAGES.badRequest.en;
      }
      return reply.status(400).send({ code: ERROR_CODES.badRequest, message: MESSAGES.badRequest.en, errors });
    }

    // Fastify's own client errors (malformed JSON, body too large, wrong content type): their status is
    // right and their wording names nothing internal.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.status(status).send({
        code: status === 400 ? ERROR_CODES.badRequest : status * 100,
        message: status === 400 ? MESSAGES.badRequest.en : error.message,
      });
    }

    // The database restarting or failing over is not a bug: say "try again shortly" rather than 500,
    // and log it as a warning so the alert that fires is the database's, not a flood of API errors.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ code: ERROR_CODES.serviceUnavailable, message: MESSAGES.serviceUnavailable.en });
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: ERROR_CODES.internal, message: MESSAGES.internal.en });
  });
}

/**
 * Errors Fastify raises before any route runs (a path that is not valid percent-encoding, a path
 * parameter longer than the router allows): the same 400 body as every other bad request, rather than
 * Fastify's own shape, which the client would not recognise.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ err: error }, 'client error before routing');
  void reply.status(400).send({ code: ERROR_CODES.badRequest, message: MESSAGES.badRequest.en });
}
