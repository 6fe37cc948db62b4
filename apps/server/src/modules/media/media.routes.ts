import { ZOkResponse } from '@ra/shared/auth/auth.schemas';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEDIA_MESSAGES } from '@ra/shared/media/media.messages';
import {
  ZCustomerPhoto,
  ZCustomerPhotoFields,
  ZImageDeleteQuery,
  ZImageFileQuery,
  ZLibraryListQuery,
  ZLibraryListResponse,
  ZLibraryUploadResponse,
  ZMediaIdParam,
  ZPhotoApproveRequest,
  ZPhotoListQuery,
  ZPhotoListResponse,
  ZPhotoRefuseRequest,
  ZPhotoReviewResponse,
  ZPhotoToLibraryResponse,
  ZRewardCouponsResponse,
  ZUploadKeyResponse,
} from '@ra/shared/media/media.schemas';
import { requireRestaurantId } from '../../lib/auth-context.ts';
import { AppError, FieldError, RateLimited } from '../../lib/errors.ts';
import { readUploadedFiles } from '../../lib/uploads.ts';
import { authOf, type TRouteAccess } from '../../plugins/access-control.ts';
import { ERROR_CODES } from '@ra/shared/errors';
import type { MediaService } from './media.service.ts';

/** Issue 8: `editMenu` guards every menu call, images and photo approval included. */
const EDIT_MENU: TRouteAccess = { kind: 'page', permission: 'editMenu' };
const PUBLIC: TRouteAccess = { kind: 'public' };

/** Stored files never change under a key: a private copy may be kept an hour, a public one for good. */
const PRIVATE_CACHE = 'private, max-age=3600';
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
/**
 * Public images are for ordering sites and kiosks on other origins to show in <img>: they may be
 * embedded cross-origin. Every other answer keeps the same-origin policy of plugins/security-headers.ts.
 */
const EMBEDDABLE_ANYWHERE = 'cross-origin';

/** The library under /api/api/media, photo approval under /api/api/menuImage (SPEC 2 /menuImage/list). */
export function mediaRoutes(media: MediaService): FastifyPluginAsyncZod {
  return async (app) => {
    // --- image library -------------------------------------------------------------------------

    app.post('/api/api/media/images', {
      schema: {
        tags: ['media'],
        summary: 'Add images to the library (multipart, one or several files, field name any)',
        description:
          'Each file at most 10 MB, checked by content (JPEG, PNG, WebP, GIF, AVIF, HEIC); resized so the ' +
          'shorter side is 550 px (never enlarged), EXIF-oriented, stored as WebP and JPEG. 400 naming the ' +
          'problem when any file is refused; nothing is kept then.',
        response: { 200: ZLibraryUploadResponse },
      },
      config: { access: EDIT_MENU },
      handler: async (request) => {
        requireRestaurantId(authOf(request));
        const { files } = await readUploadedFiles(request);
        return { images: await media.uploadImages(authOf(request), files, request.ip) };
      },
    });

    app.get('/api/api/media/images', {
      schema: {
        tags: ['media'],
        summary: 'The restaurant’s image library, newest first, paginated',
        querystring: ZLibraryListQuery,
        response: { 200: ZLibraryListResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => media.listImages(authOf(request), request.query),
    });

    app.delete('/api/api/media/images/:id', {
      schema: {
        tags: ['media'],
        summary: 'Delete a library image (409 with errors.usedBy while used, unless force=true)',
        description:
          '409 with errors.usedBy naming the places (menu items…) while the image is used. With force=true ' +
          '(the person confirmed that list) the image is first taken off those items, then deleted.',
        params: ZMediaIdParam,
        querystring: ZImageDeleteQuery,
        response: { 200: ZOkResponse },
      },
      config: { access: EDIT_MENU },
      handler: async (request) => {
        await media.deleteImage(authOf(request), request.params.id, request.ip, request.query.force);
        return { ok: true as const };
      },
    });

    app.get('/api/api/media/images/:id/file', {
      schema: {
        tags: ['media'],
        summary: 'A library image’s file (WebP by default, or format=jpeg)',
        params: ZMediaIdParam,
        querystring: ZImageFileQuery,
      },
      config: { access: EDIT_MENU },
      handler: async (request, reply) => {
        const file = await media.imageFile(authOf(request), request.params.id, request.query.format);
        return reply.header('cache-control', PRIVATE_CACHE).type(file.contentType).send(file.body);
      },
    });

    app.get('/api/media/public/:file', {
      schema: {
        tags: ['media'],
        summary: 'A library image by its public address (menus, kiosks, ordering sites; no session)',
        description: 'The address is unguessable (144 random bits) and never changes; `.webp` or `.jpg`.',
        params: z.object({
          file: z
            .string()
            .regex(/^[A-Za-z0-9_-]{24}\.(webp|jpg)$/)
            .max(29),
        }),
      },
      config: { access: PUBLIC },
      handler: async (request, reply) => {
        const [token, extension] = request.params.file.split('.') as [string, string];
        const file = await media.publicFile(token, extension === 'jpg' ? 'jpeg' : 'webp');
        return reply
          .header('cache-control', PUBLIC_CACHE)
          .header('cross-origin-resource-policy', EMBEDDABLE_ANYWHERE)
          .type(file.contentType)
          .send(file.body);
      },
    });

    // --- customer photos (SPEC 2 /menuImage/list) -----------------------------------------------

    app.get('/api/api/menuImage/list', {
      schema: {
        tags: ['media'],
        summary: 'Customer photos, filtered by state; waiting ones oldest first, reviewed ones newest first',
        querystring: ZPhotoListQuery,
        response: { 200: ZPhotoListResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => media.listPhotos(authOf(request), request.query),
    });

    app.get('/api/api/menuImage/:id/file', {
      schema: {
        tags: ['media'],
        summary: 'A customer photo’s file (WebP by default, or format=jpeg); never public',
        params: ZMediaIdParam,
        querystring: ZImageFileQuery,
      },
      config: { access: EDIT_MENU },
      handler: async (request, reply) => {
        const file = await media.photoFile(authOf(request), request.params.id, request.query.format);
        return reply.header('cache-control', PRIVATE_CACHE).type(file.contentType).send(file.body);
      },
    });

    app.post('/api/api/menuImage/approve', {
      schema: {
        tags: ['media'],
        summary: 'Approve waiting photos, optionally with a reward coupon (all or none)',
        description: '404 for an id of another restaurant; 409 when one is no longer waiting.',
        body: ZPhotoApproveRequest,
        response: { 200: ZPhotoReviewResponse },
      },
      config: { access: EDIT_MENU },
      handler: async (request) => ({ photos: await media.approve(authOf(request), request.body, request.ip) }),
    });

    app.post('/api/api/menuImage/refuse', {
      schema: {
        tags: ['media'],
        summary: 'Refuse waiting photos with a reason (all or none)',
        body: ZPhotoRefuseRequest,
        response: { 200: ZPhotoReviewResponse },
      },
      config: { access: EDIT_MENU },
      handler: async (request) => ({ photos: await media.refuse(authOf(request), request.body, request.ip) }),
    });

    app.post('/api/api/menuImage/:id/toLibrary', {
      schema: {
        tags: ['media'],
        summary: 'Copy an approved photo into the image library, so it can become an item image',
        params: ZMediaIdParam,
        response: { 200: ZPhotoToLibraryResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => media.photoToLibrary(authOf(request), request.params.id, request.ip),
    });

    app.get('/api/api/menuImage/rewardCoupons', {
      schema: {
        tags: ['media'],
        summary: 'Coupons the approve dialog may offer as a reward (available false: no coupon source yet)',
        response: { 200: ZRewardCouponsResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => media.rewardCoupons(authOf(request)),
    });

    app.get('/api/api/menuImage/uploadKey', {
      schema: {
        tags: ['media'],
        summary: 'The key this restaurant’s ordering site sends with customer photos',
        response: { 200: ZUploadKeyResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => {
        const restaurantId = requireRestaurantId(authOf(request));
        return { restaurantId, key: media.uploadKey(restaurantId) };
      },
    });

    app.post('/api/public/menuImage/upload', {
      schema: {
        tags: ['media'],
        summary: 'The ordering site sends a customer’s dish photo (multipart: file, name, userId, menuItemId)',
        description:
          'Header x-photo-upload-key: the restaurant’s key (GET /api/api/menuImage/uploadKey). The photo ' +
          'arrives unapproved. 401 for a wrong key; 400 for a file that is not an image; 429 (with Retry-After) ' +
          'after 10 uploads from one address to one restaurant within 10 minutes.',
        response: { 200: ZCustomerPhoto },
      },
      config: { rateLimited: true, access: PUBLIC },
      handler: async (request) => {
        const header = request.headers['x-photo-upload-key'];
        const restaurantId = media.restaurantOfKey(typeof header === 'string' ? header : undefined);
        if (restaurantId === null)
          throw new AppError(401, ERROR_CODES.unauthorized, MEDIA_MESSAGES.uploadKeyInvalid.en);
        const retryAfter = media.uploadLimiter.take(restaurantId, request.ip);
        if (retryAfter !== null) throw new RateLimited(MEDIA_MESSAGES.uploadTooOften.en, retryAfter);
        const { files, fields } = await readUploadedFiles(request, { maxFiles: 1 });
        const parsed = ZCustomerPhotoFields.safeParse(fields);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw new FieldError(String(issue.path[0] ?? 'name'), issue.message);
        }
        return media.receiveCustomerPhoto(restaurantId, files[0]!, parsed.data);
      },
    });
  };
}
