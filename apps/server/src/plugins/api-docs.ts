import type { FastifyInstance, FastifySchema } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const API_DOCS_PREFIX = '/api/docs';

/**
 * A name for every operation, from its method and path, so a client generator can name its calls:
 * `GET /api/api/user/{id}` is `getUserById`, `POST /api/account/signin` is `postAccountSignin`. The
 * `/api` and `/api/api` prefixes say nothing, so they are left out; a test holds the names unique.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(\/api)?(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^[:{](\w+)}?$/.exec(segment);
      return param ? ['by', param[1]!] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  const pascal = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return `${method.toLowerCase()}${pascal}`;
}

/** The shared error body (ARCHITECTURE.md "Errors"): every refusal answers this shape. */
const ERROR_BODY = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'integer', description: 'Stable error code (SPEC 8: 50012 / 50014 mean sign in again).' },
    key: {
      type: 'string',
      description:
        "The message's stable key in the shared catalog (packages/shared/src/messages/catalog.ts), e.g. 'common.loginFailed'; the web shows that entry in the user's language.",
    },
    params: {
      type: 'object',
      additionalProperties: { type: ['string', 'number'] },
      description: "Values for the entry's `{placeholders}` (e.g. `{ count: 3 }`), when it has any.",
    },
    message: { type: 'string', description: 'What went wrong, in English; the web shows its own translation.' },
    errors: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'On 400: the message for each field that was refused.',
    },
    fieldKeys: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['key'],
        properties: { key: { type: 'string' }, params: { type: 'object', additionalProperties: true } },
      },
      description:
        "On 400: each refused field's message key and params (fields whose text is no catalog entry are left out).",
    },
  },
} as const;

/** A file (an export, an image, a PDF) or another answer whose body has no JSON schema. */
const SUCCESS_WITHOUT_SCHEMA = { description: 'Done: the body is the file or answer named by the operation.' };

const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_BODY } } });

/**
 * The refusals an operation can answer, beside its success: 400 where it reads input, 401 and 403
 * where it needs a caller, 404 where the path names a record, 409 where it needs a chosen restaurant
 * or changes a record whose state can refuse it, 429 where it is rate-limited, and
 * 500/503 everywhere (503 with Retry-After while the database is unreachable).
 */
export function errorAnswers(route: {
  url: string;
  method?: string;
  schema?: Record<string, unknown>;
  access?: { kind: string };
  rateLimited?: boolean;
}): Record<string, unknown> {
  const writes = route.method !== undefined && route.method.toUpperCase() !== 'GET';
  // a write reads a body even where it has no schema of its own (a multipart upload)
  const readsInput = writes || ['body', 'querystring', 'params'].some((k) => route.schema?.[k]);
  const out: Record<string, unknown> = {};
  if (readsInput) out[400] = errorAnswer('Bad input: nothing was changed; `errors` names the fields.');
  if (route.access && route.access.kind !== 'public') {
    out[401] = errorAnswer('No valid session (codes 50012 / 50014: sign in again).');
    out[403] = errorAnswer('The caller may not do this, or not at this restaurant.');
  }
  // a record is named by the path, or by the body of a write (an item id, a card number)
  if (/[:{]\w+/.test(route.url) || (writes && route.access?.kind !== 'public'))
    out[404] = errorAnswer("No such record at the caller's restaurant.");
  const conflicts: string[] = [];
  if (route.access && ['restaurant', 'page', 'operation'].includes(route.access.kind))
    conflicts.push('no restaurant chosen yet (code 40901: an agent picks one first)');
  if (route.access && route.access.kind !== 'public' && writes)
    conflicts.push('the record is in a state that refuses the change (in use, closed, already done, taken)');
  if (conflicts.length > 0) out[409] = errorAnswer(`Conflict: ${conflicts.join('; or ')}.`);
  if (route.rateLimited) out[429] = errorAnswer('Too many attempts: try again after `Retry-After` seconds.');
  out[500] = errorAnswer('Something failed on the server; no internals are shown.');
  out[503] = errorAnswer('The database is unreachable for a moment: retry after `Retry-After` seconds.');
  return out;
}

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/**
 * Completes what zod's JSON Schema leaves out: every `integer` gets its `format` (OWASP API4), int32
 * when its bounds fit PostgreSQL's integer, else int64 (zod writes the bounds but no format); and a
 * nullable enum lists null among its values.
 */
export function completeSchemas(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) completeSchemas(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema.type === 'integer' && schema.format === undefined) {
    const fits = (n: unknown) => typeof n === 'number' && n >= INT32_MIN && n <= INT32_MAX;
    const min = schema.minimum ?? schema.exclusiveMinimum;
    const max = schema.maximum ?? schema.exclusiveMaximum;
    schema.format = fits(min) && fits(max) ? 'int32' : 'int64';
  }
  // OpenAPI 3.0 reads `nullable` with `enum` as the enum's values only: a nullable enum lists null too.
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...(schema.enum as unknown[]), null];
  }
  for (const value of Object.values(schema)) completeSchemas(value);
}

/**
 * The OpenAPI document is generated from the same zod schemas that validate requests, so it cannot
 * drift from the code (ARCHITECTURE.md "documented in the OpenAPI document served at /api/docs").
 * Register before the modules so it sees their routes.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Restaurant Admin System API',
        version: '1.0.0',
        description: [
          'Browser base path is /api; paths below are complete.',
          'Errors answer `{ code, key, params?, message }` (plus `errors` and `fieldKeys` per field on 400).',
          '401 with code 50012 (invalid) or 50014 (expired) means: sign in again.',
          'Each operation lists the access it needs under `x-access`.',
        ].join('\n\n'),
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transformObject: (documentObject) => {
      const doc = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      completeSchemas(doc.paths);
      return doc;
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      const method = [input.route.method].flat()[0] ?? 'get';
      const schema: FastifySchema & Record<string, unknown> = {
        ...out.schema,
        operationId: operationIdOf(method, out.url),
        response: {
          ...errorAnswers({
            url: out.url,
            method,
            schema: input.schema as Record<string, unknown> | undefined,
            access,
            rateLimited: input.route.config?.rateLimited === true,
          }),
          ...((out.schema as { response?: object } | undefined)?.response ?? { 200: SUCCESS_WITHOUT_SCHEMA }),
        },
      };
      if (!access) return { ...out, schema };
      schema['x-access'] = access;
      if (access.kind !== 'public') schema.security = [{ token: [] }];
      return { ...out, schema };
    },
  });
}

/** The viewer's own routes must come after the modules so the document is complete. */
export async function registerApiDocsUi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PREFIX });
}
