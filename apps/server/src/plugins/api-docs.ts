import type { FastifyInstance, FastifySchema } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const API_DOCS_PREFIX = '/api/docs';

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
          'Errors answer `{ code, message }` (plus `errors` per field on 400).',
          '401 with code 50012 (invalid) or 50014 (expired) means: sign in again.',
          'Each operation lists the access it needs under `x-access`.',
        ].join('\n\n'),
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      if (!access) return out;
      const schema: FastifySchema & Record<string, unknown> = { ...out.schema, 'x-access': access };
      if (access.kind !== 'public') schema.security = [{ token: [] }];
      return { ...out, schema };
    },
  });
}

/** The viewer's own routes must come after the modules so the document is complete. */
export async function registerApiDocsUi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PREFIX });
}
