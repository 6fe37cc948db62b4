import { sql } from 'drizzle-orm';
import type { TMatrixEnv, TBuilder } from './types.ts';

const AGENT = 'agent@demo.test';
const rows = async (env: TMatrixEnv, query: ReturnType<typeof sql>) =>
  ((await env.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;

/**
 * Request builders for the agent area (issue 13). Agent routes are called by the demo agent (the
 * allowed caller); Golden Dragon's owner and an agent of another subtree must get nothing of it.
 */
export async function agentBuilders(env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  const token = await env.tokenFor(AGENT);
  const agent = (options: { method: 'POST'; url: string; payload: string; headers: Record<string, string> }) =>
    env.app.inject({ ...options, headers: { authorization: token, ...options.headers } });

  // A notification with a file to Harbor alone, so Golden Dragon's owner has no copy of it.
  const boundary = 'matrixAgentBoundary';
  const pdf = '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="restaurantXids"\r\n\r\n${env.home.xid}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="messageEn"\r\n\r\nMatrix Harbor-only notice\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="messageZh"\r\n\r\n矩阵通知\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="matrix.pdf"\r\nContent-Type: application/pdf\r\n\r\n${pdf}\r\n` +
    `--${boundary}--\r\n`;
  const sent = await agent({
    method: 'POST',
    url: '/api/api/agent/notifications',
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  if (sent.statusCode !== 200) throw new Error(`matrix notification: ${sent.statusCode} ${sent.body}`);
  const notificationId = Number(sent.json().id);
  const [application] = await rows(
    env,
    sql`select id from agent_applications where business_name = 'Lotus Noodle Bar'`,
  );
  const [memberApplication] = await rows(
    env,
    sql`select id from agent_applications where kind = 'member' and status = 'pending' limit 1`,
  );
  const [earning] = await rows(
    env,
    sql`select e.id from agent_earnings e where e.restaurant_id = ${env.home.id} and e.kind = 'commission' and e.status <> 'pending' order by e.id limit 1`,
  );
  const [paycheck] = await rows(env, sql`select id from agent_paychecks order by period_start desc limit 1`);
  const [member] = await rows(env, sql`select xid from users where email = 'kevin.park@demo.test'`);
  env.homeMarkers.push('Matrix Harbor-only notice', 'Lotus Noodle Bar', 'Kevin');

  const ids = {
    applicationId: Number(application?.id),
    memberApplicationId: Number(memberApplication?.id),
    earningId: Number(earning?.id),
    paycheckId: Number(paycheck?.id),
    memberXid: String(member?.xid),
  };
  const asAgent = (build: TBuilder['build'], extra: Partial<TBuilder> = {}): TBuilder => ({
    build,
    allowedAs: AGENT,
    ...extra,
  });
  const period = { periodStart: '2026-03-01' };

  return {
    'GET /api/api/agent/me': asAgent(() => ({ url: '/api/api/agent/me' })),
    'GET /api/api/agent/portfolio': asAgent(() => ({ url: '/api/api/agent/portfolio' })),
    'PUT /api/api/agent/portfolio/:xid': asAgent(() => ({
      url: `/api/api/agent/portfolio/${env.home.xid}`,
      payload: { status: 'live' },
    })),
    'GET /api/api/agent/dashboard': asAgent(() => ({ url: '/api/api/agent/dashboard' })),
    'GET /api/api/agent/team': asAgent(() => ({ url: '/api/api/agent/team' })),
    'POST /api/api/agent/team/invite': asAgent(() => ({
      url: '/api/api/agent/team/invite',
      payload: {
        firstName: 'Matrix',
        lastName: 'Invite',
        email: `matrix-${Math.random().toString(36).slice(2, 8)}@partners.test`,
      },
    })),
    'PUT /api/api/agent/team/:xid': asAgent(() => ({
      url: `/api/api/agent/team/${ids.memberXid}`,
      payload: { teamRole: 'member' },
    })),
    'GET /api/api/agent/commission-rules': asAgent(() => ({ url: '/api/api/agent/commission-rules' })),
    'POST /api/api/agent/commission-rules': asAgent(() => ({
      url: '/api/api/agent/commission-rules',
      payload: { restaurantXid: env.home.xid, basis: 'cardVolume', rateBps: 30, startsOn: '2026-04-01' },
    })),
    'POST /api/api/agent/earnings/compute': asAgent(() => ({
      url: '/api/api/agent/earnings/compute',
      payload: period,
    })),
    'POST /api/api/agent/earnings/approve': asAgent(() => ({
      url: '/api/api/agent/earnings/approve',
      payload: period,
    })),
    'GET /api/api/agent/earnings': asAgent(() => ({ url: '/api/api/agent/earnings', query: period })),
    'GET /api/api/agent/earnings/export': asAgent(() => ({
      url: '/api/api/agent/earnings/export',
      query: { ...period, format: 'csv' },
    })),
    'POST /api/api/agent/earnings/:id/clawback': asAgent(() => ({
      url: `/api/api/agent/earnings/${ids.earningId}/clawback`,
      payload: { reason: 'Matrix reversal', amountCents: 1 },
    })),
    'GET /api/api/agent/paychecks': asAgent(() => ({ url: '/api/api/agent/paychecks' })),
    'POST /api/api/agent/paychecks/close': asAgent(() => ({
      url: '/api/api/agent/paychecks/close',
      payload: { periodStart: '2026-02-16' },
    })),
    // Platform staff; refused with 409 (no verified bank) for the demo agent's paycheck.
    'POST /api/api/agent/paychecks/:id/pay': {
      build: () => ({ url: `/api/api/agent/paychecks/${ids.paycheckId}/pay` }),
    },
    'GET /api/api/agent/paychecks/:id/pdf': asAgent(() => ({
      url: `/api/api/agent/paychecks/${ids.paycheckId}/pdf`,
      query: { lang: 'en' },
    })),
    // Not multipart: refused by its own check after the access check.
    'POST /api/api/agent/notifications': asAgent(() => ({ url: '/api/api/agent/notifications', payload: {} })),
    'GET /api/api/agent/notifications': asAgent(() => ({ url: '/api/api/agent/notifications' })),
    'GET /api/api/agent/notifications/:id': asAgent(() => ({ url: `/api/api/agent/notifications/${notificationId}` })),
    'GET /api/api/agent/notifications/:id/file': asAgent(() => ({
      url: `/api/api/agent/notifications/${notificationId}/file`,
    })),
    'GET /api/api/notifications/inbox': { build: () => ({ url: '/api/api/notifications/inbox' }) },
    'POST /api/api/notifications/:id/read': { build: () => ({ url: `/api/api/notifications/${notificationId}/read` }) },
    'GET /api/api/notifications/:id/file': { build: () => ({ url: `/api/api/notifications/${notificationId}/file` }) },
    'GET /api/api/agent/applications': asAgent(() => ({ url: '/api/api/agent/applications' })),
    'POST /api/api/agent/applications/:id/approve': asAgent(() => ({
      url: `/api/api/agent/applications/${ids.applicationId}/approve`,
    })),
    'POST /api/api/agent/applications/:id/reject': asAgent(() => ({
      url: `/api/api/agent/applications/${ids.memberApplicationId}/reject`,
      payload: { reason: 'other', note: 'Matrix' },
    })),
  };
}
