import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client.ts';

export const HEALTH_PATH = '/api/healthz';
export const READY_PATH = '/api/readyz';

/**
 * A database that neither answers nor refuses (a dead host) must not hold the probe open: the load
 * balancer's own timeout would then decide, and report nothing useful.
 */
const READY_CHECK_TIMEOUT_MS = 2_000;

const ZProbeResponse = z.object({ status: z.enum(['ok', 'ready']) });

class ReadyCheckTimeout extends Error {
  // Classified like a connection timeout, so the error handler answers 503 with Retry-After.
  readonly code = 'ETIMEDOUT';
  constructor() {
    super(`database did not answer within ${READY_CHECK_TIMEOUT_MS} ms`);
  }
}

async function pingDatabase(db: Database): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ReadyCheckTimeout()), READY_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for whoever runs the servers (a load balancer, Kubernetes, a process manager). Both are public
 * and say nothing about the data: healthz means the process answers (restart it if not), readyz means
 * it can also reach the database (send it traffic). When the database is away, readyz answers the
 * same 503 with Retry-After that every other route does then (plugins/error-handler.ts).
 */
export function healthRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(HEALTH_PATH, {
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process is up and answering',
        response: { 200: ZProbeResponse },
      },
      config: { access: { kind: 'public' } },
      handler: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const };
      },
    });

    app.get(READY_PATH, {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database answers; 503 with Retry-After while it does not',
        response: { 200: ZProbeResponse },
      },
      config: { access: { kind: 'public' } },
      handler: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        await pingDatabase(db);
        return { status: 'ready' as const };
      },
    });
  };
}
