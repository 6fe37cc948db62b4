import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lsnText, lsnValue, type ReplicaReads } from '../db/replica-reads.ts';

/**
 * Which requests may read from the replica (DATABASE_REPLICA_URL), and how stale each may be: the
 * sales report and its files, the transactions list, the analytic center, location comparison and
 * item profitability, the order calendar. Every other request (and every write, the live "today"
 * figures, an order's detail) reads the primary. A module that serves a listed route is given the
 * replica-routing query builder in app.ts; the routing itself is db/replica-reads.ts.
 */
export type TReplicaReadClass = 'reports' | 'analytics' | 'calendar' | 'export';

/** The most stale, in ms, a read of each class may be (measured against the primary's WAL position). */
export const REPLICA_MAX_LAG_MS: Readonly<Record<TReplicaReadClass, number>> = {
  reports: 30_000,
  analytics: 10_000,
  calendar: 30_000,
  export: 60_000,
};

const CLASS_OF_ROUTE: ReadonlyArray<[RegExp, TReplicaReadClass]> = [
  [/^\/api\/api\/reports\/[a-z-]+\/export$/, 'export'],
  [/^\/api\/api\/reports\/[a-z-]+$/, 'reports'],
  [/^\/api\/api\/transactions\/export$/, 'export'],
  [/^\/api\/api\/transactions$/, 'reports'],
  [/^\/api\/api\/analytics\/overview$/, 'analytics'],
  [/^\/api\/insight\/(comparison|profitability)\/export$/, 'export'],
  [/^\/api\/insight\/(comparison|profitability)$/, 'analytics'],
  [/^\/api\/api\/order-calendar(\/year)?$/, 'calendar'],
];

/** The class of a route (its URL pattern, e.g. '/api/api/transactions'), or null: the primary. */
export function replicaReadClass(method: string, routeUrl: string | undefined): TReplicaReadClass | null {
  if (method !== 'GET' || !routeUrl) return null;
  return CLASS_OF_ROUTE.find(([pattern]) => pattern.test(routeUrl))?.[1] ?? null;
}

/**
 * The LSN of the caller's last write rides in this cookie, so the next read sees it whichever API
 * server answers it (the web app sends it with its requests: same origin). After its lifetime every
 * class's staleness bound covers the write anyway (the longest bound is 60 s).
 */
export const READ_AFTER_COOKIE = 'ra_read_after';
const READ_AFTER_MAX_AGE_S = 120;
/** Sessions whose last write this server remembers (for callers that keep no cookies). */
const REMEMBERED_SESSIONS = 10_000;

function cookieLsn(request: FastifyRequest): bigint {
  const value = request.cookies?.[READ_AFTER_COOKIE];
  if (!value || value.length > 17) return 0n;
  try {
    return lsnValue(value);
  } catch {
    return 0n;
  }
}

const isWrite = (request: FastifyRequest) =>
  !(request.method === 'GET' || request.method === 'HEAD') || request.routeOptions.config.writes === true;

/**
 * Read-your-writes across servers: after a person's write the answer carries the primary's LSN
 * (cookie) and this server remembers it for the session; the listed reads of that session then wait
 * for the replica to replay it, or read the primary (db/replica-reads.ts). Register before the access
 * check, so the rest of every request runs in its read scope.
 */
export function registerReplicaReads(app: FastifyInstance, replica: ReplicaReads): void {
  const lastWrite = new Map<string, bigint>();

  app.addHook('onRequest', (request, _reply, done) => {
    const readClass = replicaReadClass(request.method, request.routeOptions.url);
    if (!readClass) return done();
    replica.runInScope(
      {
        maxLagMs: REPLICA_MAX_LAG_MS[readClass],
        mustSee: () => {
          const remembered = request.auth ? (lastWrite.get(request.auth.sessionId) ?? 0n) : 0n;
          const sent = cookieLsn(request);
          return remembered > sent ? remembered : sent;
        },
      },
      done,
    );
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // A device's call (an order from a till) is nobody's report read; the POS path stays one round trip shorter.
    if (!request.auth || request.auth.device || !isWrite(request)) return payload;
    const lsn = await replica.lsnAfterWrite().catch(() => null);
    if (lsn === null) return payload;
    const session = request.auth.sessionId;
    lastWrite.delete(session);
    lastWrite.set(session, lsn);
    if (lastWrite.size > REMEMBERED_SESSIONS) lastWrite.delete(lastWrite.keys().next().value!);
    const cookie = `${READ_AFTER_COOKIE}=${lsnText(lsn)}; Max-Age=${READ_AFTER_MAX_AGE_S}; Path=/api; HttpOnly; SameSite=Strict${
      request.protocol === 'https' ? '; Secure' : ''
    }`;
    reply.header('set-cookie', cookie); // appended to any other set-cookie (fastify keeps them all)
    return payload;
  });
}
