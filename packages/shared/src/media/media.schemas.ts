import { z } from 'zod';
import { zText } from '../validation/text.ts';
import { MEDIA_MESSAGES } from './media.messages.ts';
import { ZIdText } from '../validation/limits.ts';

/**
 * Shapes of the media API: the image library (issue 8 "Images") and customer photo approval
 * (SPEC 2 /menuImage/list, 3 "Menu image upload", 4 "unapproved, then passed/approved (optionally
 * sending a reward coupon) or refused"). Server and web validate with the same rules and words.
 */

export const MEDIA_PAGE_SIZE_DEFAULT = 24;
export const MEDIA_PAGE_SIZE_MAX = 100;
export const REFUSE_REASON_MAX_LENGTH = 200;
/** How many photos one approve / refuse may carry (a page of the list at most). */
export const PHOTO_BATCH_MAX = 100;

const ZId = ZIdText;
export const ZMediaIdParam = z.object({ id: ZId });

export const ZImageFormat = z.enum(['webp', 'jpeg']);
export type TImageFormat = z.infer<typeof ZImageFormat>;
export const ZImageFileQuery = z.object({ format: ZImageFormat.default('webp') });
/** A library image's public address: its unguessable token and `.webp` or `.jpg`. */
export const ZPublicImageParam = z.object({
  file: z
    .string()
    .regex(/^[A-Za-z0-9_-]{24}\.(webp|jpg)$/)
    .max(29),
});

// --- image library ----------------------------------------------------------------------------

export const ZLibraryImage = z.object({
  id: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** Bytes of the stored WebP + JPEG. */
  bytes: z.number().int(),
  originalName: z.string(),
  uploadedBy: z.string().nullable(),
  uploadedAt: z.string(),
  /** Public, unguessable addresses (menus, kiosks and ordering sites show these without a session). */
  webpUrl: z.string(),
  jpegUrl: z.string(),
});
export type TLibraryImage = z.infer<typeof ZLibraryImage>;

export const ZLibraryListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MEDIA_PAGE_SIZE_MAX).default(MEDIA_PAGE_SIZE_DEFAULT),
});
export type TLibraryListQuery = z.infer<typeof ZLibraryListQuery>;

/** A place that uses a library image (the menu registers its items; media imports nothing of the menu). */
export const IMAGE_USE_KINDS = ['item'] as const;
export const ZImageUse = z.object({ kind: z.enum(IMAGE_USE_KINDS), id: z.number().int(), name: z.string() });
export type TImageUse = z.infer<typeof ZImageUse>;

/** A library page's image with the places that use it (the library screen counts and lists them). */
export const ZLibraryListItem = ZLibraryImage.extend({ usedBy: z.array(ZImageUse) });
export type TLibraryListItem = z.infer<typeof ZLibraryListItem>;

export const ZLibraryListResponse = z.object({
  items: z.array(ZLibraryListItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TLibraryListResponse = z.infer<typeof ZLibraryListResponse>;

/**
 * DELETE …/images/:id?force=true also deletes an image in use, after the person confirmed the list of
 * places (the image is first taken off them); without it a used image answers 409 naming them.
 */
export const ZImageDeleteQuery = z.object({
  force: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const ZLibraryUploadResponse = z.object({ images: z.array(ZLibraryImage) });
export type TLibraryUploadResponse = z.infer<typeof ZLibraryUploadResponse>;

// --- customer photos ---------------------------------------------------------------------------

export const PHOTO_STATES = ['unapproved', 'approved', 'refused'] as const;
export const ZPhotoState = z.enum(PHOTO_STATES);
export type TPhotoState = z.infer<typeof ZPhotoState>;

export const ZCustomerPhoto = z.object({
  id: z.number().int(),
  /** SPEC 3 "Menu image upload": name (the dish), image, user id, created and updated time, coupon id. */
  name: z.string(),
  menuItemId: z.number().int().nullable(),
  userId: z.string(),
  state: ZPhotoState,
  reason: z.string().nullable(),
  couponId: z.number().int().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  libraryImageId: z.number().int().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCustomerPhoto = z.infer<typeof ZCustomerPhoto>;

export const ZPhotoListQuery = z.object({
  state: ZPhotoState.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MEDIA_PAGE_SIZE_MAX).default(MEDIA_PAGE_SIZE_DEFAULT),
});
export type TPhotoListQuery = z.infer<typeof ZPhotoListQuery>;

export const ZPhotoListResponse = z.object({
  items: z.array(ZCustomerPhoto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Photos waiting for review, whatever the filter (the tab's badge). */
  waiting: z.number().int(),
});
export type TPhotoListResponse = z.infer<typeof ZPhotoListResponse>;

const ZPhotoIds = z
  .array(ZId, { error: MEDIA_MESSAGES.selectPhotos.en })
  .min(1, MEDIA_MESSAGES.selectPhotos.en)
  .max(PHOTO_BATCH_MAX);

export const ZPhotoApproveRequest = z.object({
  ids: ZPhotoIds,
  /** A reward coupon for the customers whose photos pass (optional). */
  couponId: ZId.nullable().optional(),
});
export type TPhotoApproveRequest = z.infer<typeof ZPhotoApproveRequest>;

export const ZRefuseReason = zText({ error: MEDIA_MESSAGES.refuseReasonRequired.en })
  .trim()
  .min(1, MEDIA_MESSAGES.refuseReasonRequired.en)
  .max(REFUSE_REASON_MAX_LENGTH, MEDIA_MESSAGES.reasonTooLong.en);

export const ZPhotoRefuseRequest = z.object({ ids: ZPhotoIds, reason: ZRefuseReason });
export type TPhotoRefuseRequest = z.infer<typeof ZPhotoRefuseRequest>;

export const ZPhotoReviewResponse = z.object({ photos: z.array(ZCustomerPhoto) });
export type TPhotoReviewResponse = z.infer<typeof ZPhotoReviewResponse>;

export const ZPhotoToLibraryResponse = z.object({ image: ZLibraryImage, photo: ZCustomerPhoto });

/** Reward coupons the approve dialog offers; `available` false while no coupon provider is built. */
export const ZRewardCouponsResponse = z.object({
  available: z.boolean(),
  coupons: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TRewardCouponsResponse = z.infer<typeof ZRewardCouponsResponse>;

/** The ordering site's upload: text fields beside the photo file. */
export const ZCustomerPhotoFields = z.object({
  name: zText({ error: MEDIA_MESSAGES.dishNameRequired.en }).trim().min(1, MEDIA_MESSAGES.dishNameRequired.en).max(120),
  menuItemId: ZIdText.optional(),
  userId: zText().trim().min(1).max(100),
});

export const ZUploadKeyResponse = z.object({ restaurantId: z.number().int(), key: z.string() });
