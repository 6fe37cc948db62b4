import { sql } from 'drizzle-orm';
import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for saved segments' routes (see ../authorization-matrix.test.ts). */
export async function segmentsBuilders(env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  // A Harbor-only segment with a name found nowhere else.
  const inserted = await env.db
    .execute(sql`insert into customer_segments (restaurant_id, name, filter, created_by_user_id,
      created_at, updated_at)
    select ${env.home.id}, 'Harbor matrix segment', '{"range":"all","sort":"lastOrderAt","order":"desc","q":"matrix"}'::jsonb,
      id, now(), now() from users where email = 'owner@demo.test' returning id`);
  const id = Number((inserted as unknown as { rows: Array<{ id: unknown }> }).rows[0]!.id);
  env.homeMarkers.push('Harbor matrix segment');
  // Each allowed write makes or keeps a segment of its own name, so a repeated run never collides.
  let n = 0;
  return {
    'GET /api/api/customers/segments': { build: () => ({ url: '/api/api/customers/segments' }) },
    'POST /api/api/customers/segments': {
      build: (caller) => ({
        url: '/api/api/customers/segments',
        payload: { name: `Matrix ${caller} segment ${(n += 1)}`, filter: { range: '3m' } },
      }),
      // Another restaurant's owner saves a segment of their own: allowed, and it shows none of Harbor's.
      crossTenant: [200],
    },
    'GET /api/api/customers/segments/:id': { build: () => ({ url: `/api/api/customers/segments/${id}` }) },
    'PUT /api/api/customers/segments/:id': {
      build: () => ({ url: `/api/api/customers/segments/${id}`, payload: { name: 'Harbor matrix segment' } }),
    },
    'DELETE /api/api/customers/segments/:id': {
      // The last request the matrix makes of this segment may delete it; a later one answers 404.
      build: () => ({ url: `/api/api/customers/segments/${id}` }),
    },
  };
}
