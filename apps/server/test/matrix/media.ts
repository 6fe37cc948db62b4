import { and, asc, eq } from 'drizzle-orm';
import { customerPhotos, mediaImages } from '../../src/db/schema/media.ts';
import type { TMatrixEnv, TBuilder } from './types.ts';

/** Request builders for the media domain's routes (see ../authorization-matrix.test.ts). */
export async function mediaBuilders(env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  const { db, home } = env;
  const [image] = await db
    .select({ id: mediaImages.id })
    .from(mediaImages)
    .where(eq(mediaImages.restaurantId, home.id))
    .orderBy(asc(mediaImages.id))
    .limit(1);
  const photosIn = (state: 'unapproved' | 'approved') =>
    db
      .select({ id: customerPhotos.id })
      .from(customerPhotos)
      .where(and(eq(customerPhotos.restaurantId, home.id), eq(customerPhotos.state, state)))
      .orderBy(asc(customerPhotos.id));
  const waiting = await photosIn('unapproved');
  const [approved] = await photosIn('approved');
  if (!image || waiting.length < 2 || !approved)
    throw new Error('media matrix: the demo photos and images are missing');
  // Names found only in Harbor's media rows (media.seed.ts).
  env.homeMarkers.push(
    'Harbor Smash Burger',
    'Harbor Garden Salad',
    'Harbor Lobster Linguine',
    'harbor-smash-burger.jpg',
  );

  return {
    'POST /api/api/media/images': { build: () => ({ url: '/api/api/media/images' }) },
    'GET /api/api/media/images': { build: () => ({ url: '/api/api/media/images' }) },
    'DELETE /api/api/media/images/:id': { build: () => ({ url: `/api/api/media/images/${image.id}` }) },
    'GET /api/api/media/images/:id/file': { build: () => ({ url: `/api/api/media/images/${image.id}/file` }) },
    'GET /api/api/menuImage/list': { build: () => ({ url: '/api/api/menuImage/list' }) },
    'GET /api/api/menuImage/:id/file': { build: () => ({ url: `/api/api/menuImage/${waiting[0]!.id}/file` }) },
    'POST /api/api/menuImage/approve': {
      build: () => ({ url: '/api/api/menuImage/approve', payload: { ids: [waiting[0]!.id] } }),
      crossTenant: [404],
    },
    'POST /api/api/menuImage/refuse': {
      build: () => ({ url: '/api/api/menuImage/refuse', payload: { ids: [waiting[1]!.id], reason: 'Blurry' } }),
      crossTenant: [404],
    },
    'POST /api/api/menuImage/:id/toLibrary': { build: () => ({ url: `/api/api/menuImage/${approved.id}/toLibrary` }) },
    'GET /api/api/menuImage/rewardCoupons': { build: () => ({ url: '/api/api/menuImage/rewardCoupons' }) },
    'GET /api/api/menuImage/uploadKey': { build: () => ({ url: '/api/api/menuImage/uploadKey' }) },
  };
}
