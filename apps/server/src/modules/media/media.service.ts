import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES } from '@ra/shared/errors';
import { MEDIA_MESSAGES } from '@ra/shared/media/media.messages';
import type {
  TCustomerPhoto,
  TImageFormat,
  TImageUse,
  TLibraryImage,
  TLibraryListQuery,
  TLibraryListResponse,
  TPhotoApproveRequest,
  TPhotoListQuery,
  TPhotoListResponse,
  TPhotoRefuseRequest,
  TRewardCouponsResponse,
} from '@ra/shared/media/media.schemas';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { UploadLimiter } from './upload-limit.ts';
import { AppError, FieldError, notFound } from '../../lib/errors.ts';
import { processImage, type TProcessedImage } from '../../lib/images.ts';
import { restaurantKey, StorageUnavailableError, type StorageAdapter } from '../../lib/storage/storage.ts';
import type { TUploadedFile } from '../../lib/uploads.ts';
import { demoSlugOf, drawDemoPhoto } from './demo-images.ts';
import type { TImageUsers } from './image-users.ts';
import type { Database } from '../../db/client.ts';
import { MediaRepository, type TImageRow, type TPhotoRow } from './media.repository.ts';

/** Public image addresses: unguessable tokens, no session (published menus, kiosks, ordering sites). */
export const PUBLIC_IMAGE_PREFIX = '/api/media/public/';

const CONTENT_TYPES: Record<TImageFormat, string> = { webp: 'image/webp', jpeg: 'image/jpeg' };

const refused = (message: { en: string }, field = 'file') => {
  const error = new FieldError(field, message.en);
  error.message = message.en;
  return error;
};
const conflict = (message: { en: string }) => new AppError(409, ERROR_CODES.conflict, message.en);
const storageDown = (cause: unknown) =>
  new AppError(503, ERROR_CODES.serviceUnavailable, MEDIA_MESSAGES.storageUnavailable.en, { cause });

const USE_KIND_LABELS: Record<TImageUse['kind'], string> = { item: 'Item' };

/** 409 naming the places that use the image (`errors.usedBy`, "Item: Kung Pao Chicken; …"). */
class ImageInUseError extends FieldError {
  constructor(usedBy: TImageUse[]) {
    super('usedBy', usedBy.map((u) => `${USE_KIND_LABELS[u.kind]}: ${u.name}`).join('; '));
    this.message = MEDIA_MESSAGES.imageInUse.en;
    (this as { statusCode: number }).statusCode = 409;
    (this as { code: number }).code = ERROR_CODES.conflict;
  }
}

/** Storage calls answer 503 with a clear message when the store is away (not a 500). */
async function stored<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StorageUnavailableError) throw storageDown(error);
    throw error;
  }
}

export function toLibraryImage(row: TImageRow): TLibraryImage {
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    originalName: row.originalName,
    uploadedBy: row.uploadedByName,
    uploadedAt: row.createdAt.toISOString(),
    webpUrl: `${PUBLIC_IMAGE_PREFIX}${row.publicToken}.webp`,
    jpegUrl: `${PUBLIC_IMAGE_PREFIX}${row.publicToken}.jpg`,
  };
}

function toPhoto(row: TPhotoRow): TCustomerPhoto {
  return {
    id: row.id,
    name: row.name,
    menuItemId: row.menuItemId,
    userId: row.userId,
    state: row.state,
    reason: row.reason,
    couponId: row.couponId,
    reviewedBy: row.reviewedByName,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    libraryImageId: row.libraryImageId,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface MediaServiceDeps {
  repo: MediaRepository;
  storage: StorageAdapter;
  clock: Clock;
  /** The other modules' uses of images and the reward coupons (image-users.ts). */
  users: TImageUsers;
  /** Signs the ordering site's photo upload keys. */
  secret: string;
}

/**
 * The image library and customer photo approval. Files are written to storage before the rows that
 * name them (a crash leaves an orphan file, never a row without its file) and removed after the rows
 * are gone.
 */
export class MediaService {
  /** The ordering site's customer photo uploads, per restaurant and client address (upload-limit.ts). */
  readonly uploadLimiter: UploadLimiter;

  constructor(private readonly deps: MediaServiceDeps) {
    this.uploadLimiter = new UploadLimiter(() => deps.clock.now());
  }

  private async process(file: TUploadedFile): Promise<TProcessedImage> {
    try {
      return await processImage(file.buffer);
    } catch (cause) {
      throw Object.assign(refused(MEDIA_MESSAGES.unreadableImage), { cause });
    }
  }

  /** Resizes and stores each file, then adds them to the library in one transaction with the audit rows. */
  async uploadImages(auth: AuthContext, files: TUploadedFile[], ip?: string): Promise<TLibraryImage[]> {
    const restaurantId = requireRestaurantId(auth);
    const processed = [];
    for (const file of files) processed.push({ file, image: await this.process(file) });
    const now = this.deps.clock.now();
    const rows = processed.map(({ file, image }) => {
      const base = randomUUID();
      return {
        restaurantId,
        webpKey: restaurantKey(restaurantId, 'images', `${base}.webp`),
        jpegKey: restaurantKey(restaurantId, 'images', `${base}.jpg`),
        publicToken: randomBytes(18).toString('base64url'),
        width: image.width,
        height: image.height,
        bytes: image.webp.length + image.jpeg.length,
        originalName: file.filename.slice(0, 200),
        uploadedBy: auth.userId,
        createdAt: now,
        image,
      };
    });
    await stored(() =>
      Promise.all(
        rows.flatMap((r) => [
          this.deps.storage.put(r.webpKey, r.image.webp, CONTENT_TYPES.webp),
          this.deps.storage.put(r.jpegKey, r.image.jpeg, CONTENT_TYPES.jpeg),
        ]),
      ),
    );
    try {
      const ids = await this.deps.repo.transaction(async (repo, audit) => {
        const inserted = await repo.insertImages(rows.map(({ image: _image, ...row }) => row));
        await audit.recordMany(
          inserted.map((id, i) => ({
            restaurantId,
            actorUserId: auth.userId,
            action: 'media.image.upload',
            targetType: 'media_image',
            targetId: String(id),
            details: { name: rows[i]!.originalName, width: rows[i]!.width, height: rows[i]!.height },
            ip,
            at: now,
          })),
        );
        return inserted;
      });
      const saved = await this.deps.repo.images(restaurantId, ids);
      return ids.map((id) => toLibraryImage(saved.find((r) => r.id === id)!));
    } catch (error) {
      await Promise.allSettled(
        rows.flatMap((r) => [this.deps.storage.delete(r.webpKey), this.deps.storage.delete(r.jpegKey)]),
      );
      throw error;
    }
  }

  async listImages(auth: AuthContext, query: TLibraryListQuery): Promise<TLibraryListResponse> {
    const restaurantId = requireRestaurantId(auth);
    const { rows, total } = await this.deps.repo.listImages(restaurantId, query.page, query.pageSize);
    const usedBy = await this.deps.users.imageUsedBy(
      restaurantId,
      rows.map((r) => r.id),
    );
    return {
      items: rows.map((row) => ({ ...toLibraryImage(row), usedBy: usedBy.get(row.id) ?? [] })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /**
   * Deletes a library image. One in use answers 409 with the places that use it, unless `force`
   * (the person confirmed that list): then it is first taken off those places, like a used category.
   * All of it runs in one transaction that first locks the image, so the uses are read after any item
   * save attaching it has committed, and a save starting meanwhile waits and then finds it gone: no
   * item is left with the id of a deleted image, and no item loses one without its image going.
   */
  async deleteImage(auth: AuthContext, id: number, ip?: string, force = false): Promise<void> {
    const restaurantId = requireRestaurantId(auth);
    const image = await this.deps.repo.transaction(async (repo, audit) => {
      const locked = await repo.lockImageForDelete(restaurantId, id);
      if (!locked) throw notFound();
      const usedBy = (await this.deps.users.imageUsedBy(restaurantId, [id], repo.handle)).get(id) ?? [];
      if (usedBy.length > 0 && !force) throw new ImageInUseError(usedBy);
      if (force) await this.deps.users.releaseImage(restaurantId, id, { userId: auth.userId, ip }, repo.handle);
      if (!(await repo.deleteImage(restaurantId, id))) throw notFound();
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'media.image.delete',
        targetType: 'media_image',
        targetId: String(id),
        details: { name: locked.originalName, usedBy: usedBy.length },
        ip,
        at: this.deps.clock.now(),
      });
      return locked;
    });
    await Promise.allSettled([this.deps.storage.delete(image.webpKey), this.deps.storage.delete(image.jpegKey)]);
  }

  /**
   * For the menu server, inside its write transaction `db`: locks the images an item is about to use
   * (a delete of one of them waits for the save, or the save for the delete); false when one is gone.
   */
  async lockImagesForUse(restaurantId: number, ids: number[], db: Database): Promise<boolean> {
    return new MediaRepository(db).lockImagesForUse(restaurantId, ids);
  }

  /** For the menu server: the restaurant's library image, or null when it is not theirs. */
  async attachable(restaurantId: number, imageId: number): Promise<TLibraryImage | null> {
    const row = await this.deps.repo.image(restaurantId, imageId);
    return row ? toLibraryImage(row) : null;
  }

  /** For the menu server: several at once (a published menu), keyed by id; unknown ids are left out. */
  async imagesByIds(restaurantId: number, ids: number[]): Promise<Map<number, TLibraryImage>> {
    const rows = await this.deps.repo.images(restaurantId, [...new Set(ids)]);
    return new Map(rows.map((r) => [r.id, toLibraryImage(r)]));
  }

  private async readFile(key: string): Promise<Buffer> {
    const bytes = await stored(() => this.deps.storage.get(key));
    if (bytes) return bytes;
    const slug = demoSlugOf(key);
    if (!slug) throw notFound();
    const drawn = await drawDemoPhoto(slug);
    const webpKey = key.replace(/\.jpg$/, '.webp');
    const jpegKey = key.replace(/\.webp$/, '.jpg');
    await stored(() =>
      Promise.all([
        this.deps.storage.put(webpKey, drawn.webp, CONTENT_TYPES.webp),
        this.deps.storage.put(jpegKey, drawn.jpeg, CONTENT_TYPES.jpeg),
      ]),
    );
    return key.endsWith('.webp') ? drawn.webp : drawn.jpeg;
  }

  async imageFile(auth: AuthContext, id: number, format: TImageFormat): Promise<{ body: Buffer; contentType: string }> {
    const image = await this.deps.repo.image(requireRestaurantId(auth), id);
    if (!image) throw notFound();
    return {
      body: await this.readFile(format === 'webp' ? image.webpKey : image.jpegKey),
      contentType: CONTENT_TYPES[format],
    };
  }

  async publicFile(token: string, format: TImageFormat): Promise<{ body: Buffer; contentType: string }> {
    const image = await this.deps.repo.imageByToken(token);
    if (!image) throw notFound();
    return {
      body: await this.readFile(format === 'webp' ? image.webpKey : image.jpegKey),
      contentType: CONTENT_TYPES[format],
    };
  }

  // --- customer photos -------------------------------------------------------------------------

  async listPhotos(auth: AuthContext, query: TPhotoListQuery): Promise<TPhotoListResponse> {
    const restaurantId = requireRestaurantId(auth);
    const { rows, total, waiting } = await this.deps.repo.listPhotos(
      restaurantId,
      query.state,
      query.page,
      query.pageSize,
    );
    return { items: rows.map(toPhoto), total, waiting, page: query.page, pageSize: query.pageSize };
  }

  async photoFile(auth: AuthContext, id: number, format: TImageFormat): Promise<{ body: Buffer; contentType: string }> {
    const [photo] = await this.deps.repo.photos(requireRestaurantId(auth), [id]);
    if (!photo) throw notFound();
    return {
      body: await this.readFile(format === 'webp' ? photo.webpKey : photo.jpegKey),
      contentType: CONTENT_TYPES[format],
    };
  }

  async rewardCoupons(auth: AuthContext): Promise<TRewardCouponsResponse> {
    const provider = this.deps.users.rewardCoupons();
    if (!provider) return { available: false, coupons: [] };
    return { available: true, coupons: await provider.list(requireRestaurantId(auth)) };
  }

  /**
   * Approves or refuses several waiting photos at once (SPEC 4): all or none. Every id must be this
   * restaurant's (404 otherwise) and still waiting (409: someone else reviewed it meanwhile).
   */
  private async review(
    auth: AuthContext,
    ids: number[],
    change: { state: 'approved' | 'refused'; reason: string | null; couponId: number | null },
    ip?: string,
  ): Promise<TCustomerPhoto[]> {
    const restaurantId = requireRestaurantId(auth);
    const unique = [...new Set(ids)];
    const at = this.deps.clock.now();
    await this.deps.repo.transaction(async (repo, audit) => {
      const photos = await repo.photos(restaurantId, unique, { forUpdate: true });
      if (photos.length !== unique.length) throw notFound();
      if (photos.some((p) => p.state !== 'unapproved')) throw conflict(MEDIA_MESSAGES.photoNotWaiting);
      await repo.reviewPhotos(restaurantId, unique, { ...change, reviewedBy: auth.userId, at });
      await audit.recordMany(
        photos.map((p) => ({
          restaurantId,
          actorUserId: auth.userId,
          action: change.state === 'approved' ? 'media.photo.approve' : 'media.photo.refuse',
          targetType: 'customer_photo',
          targetId: String(p.id),
          details: { name: p.name, reason: change.reason, couponId: change.couponId },
          ip,
          at,
        })),
      );
    });
    return (await this.deps.repo.photos(restaurantId, unique)).map(toPhoto);
  }

  async approve(auth: AuthContext, request: TPhotoApproveRequest, ip?: string): Promise<TCustomerPhoto[]> {
    const restaurantId = requireRestaurantId(auth);
    const couponId = request.couponId ?? null;
    const provider = this.deps.users.rewardCoupons();
    if (couponId !== null) {
      const coupons = provider ? await provider.list(restaurantId) : [];
      if (!coupons.some((c) => c.id === couponId)) throw refused(MEDIA_MESSAGES.couponNotFound, 'couponId');
    }
    const photos = await this.review(auth, request.ids, { state: 'approved', reason: null, couponId }, ip);
    if (couponId !== null && provider?.reward) {
      await provider.reward(
        restaurantId,
        couponId,
        photos.map((p) => ({ photoId: p.id, userId: p.userId })),
      );
    }
    return photos;
  }

  refuse(auth: AuthContext, request: TPhotoRefuseRequest, ip?: string): Promise<TCustomerPhoto[]> {
    return this.review(auth, request.ids, { state: 'refused', reason: request.reason, couponId: null }, ip);
  }

  /** "An approved photo can become an item image": a copy in the library (once; again answers the same). */
  async photoToLibrary(
    auth: AuthContext,
    id: number,
    ip?: string,
  ): Promise<{ image: TLibraryImage; photo: TCustomerPhoto }> {
    const restaurantId = requireRestaurantId(auth);
    const [photo] = await this.deps.repo.photos(restaurantId, [id]);
    if (!photo) throw notFound();
    if (photo.state !== 'approved') throw conflict(MEDIA_MESSAGES.photoNotApproved);
    if (photo.libraryImageId !== null) {
      const existing = await this.deps.repo.image(restaurantId, photo.libraryImageId);
      if (existing) return { image: toLibraryImage(existing), photo: toPhoto(photo) };
    }
    const [webp, jpeg] = await Promise.all([this.readFile(photo.webpKey), this.readFile(photo.jpegKey)]);
    const base = randomUUID();
    const row = {
      restaurantId,
      webpKey: restaurantKey(restaurantId, 'images', `${base}.webp`),
      jpegKey: restaurantKey(restaurantId, 'images', `${base}.jpg`),
      publicToken: randomBytes(18).toString('base64url'),
      width: photo.width,
      height: photo.height,
      bytes: webp.length + jpeg.length,
      originalName: `${photo.name} (customer photo #${photo.id})`.slice(0, 200),
      uploadedBy: auth.userId,
      createdAt: this.deps.clock.now(),
    };
    await stored(() =>
      Promise.all([
        this.deps.storage.put(row.webpKey, webp, CONTENT_TYPES.webp),
        this.deps.storage.put(row.jpegKey, jpeg, CONTENT_TYPES.jpeg),
      ]),
    );
    const imageId = await this.deps.repo.transaction(async (repo, audit) => {
      const [inserted] = await repo.insertImages([row]);
      await repo.linkPhotoToImage(restaurantId, photo.id, inserted!, row.createdAt);
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'media.photo.to-library',
        targetType: 'customer_photo',
        targetId: String(photo.id),
        details: { imageId: inserted },
        ip,
        at: row.createdAt,
      });
      return inserted!;
    });
    const [image] = await this.deps.repo.images(restaurantId, [imageId]);
    const [updated] = await this.deps.repo.photos(restaurantId, [id]);
    return { image: toLibraryImage(image!), photo: toPhoto(updated!) };
  }

  // --- the ordering site's upload --------------------------------------------------------------

  /** The key the restaurant's ordering site sends with customer photos: `<restaurantId>.<signature>`. */
  uploadKey(restaurantId: number): string {
    const signature = createHmac('sha256', this.deps.secret)
      .update(`customer-photos:${restaurantId}`)
      .digest('base64url');
    return `${restaurantId}.${signature.slice(0, 32)}`;
  }

  /** The restaurant a key belongs to, or null for a key that is not one of ours. */
  restaurantOfKey(key: string | undefined): number | null {
    const match = /^(\d{1,10})\.([A-Za-z0-9_-]{32})$/.exec(key ?? '');
    if (!match) return null;
    const restaurantId = Number(match[1]);
    const expected = Buffer.from(this.uploadKey(restaurantId));
    const given = Buffer.from(key!);
    return expected.length === given.length && timingSafeEqual(expected, given) ? restaurantId : null;
  }

  async receiveCustomerPhoto(
    restaurantId: number,
    file: TUploadedFile,
    fields: { name: string; userId: string; menuItemId?: number | undefined },
  ): Promise<TCustomerPhoto> {
    const image = await this.process(file);
    const base = randomUUID();
    const webpKey = restaurantKey(restaurantId, 'customer-photos', `${base}.webp`);
    const jpegKey = restaurantKey(restaurantId, 'customer-photos', `${base}.jpg`);
    await stored(() =>
      Promise.all([
        this.deps.storage.put(webpKey, image.webp, CONTENT_TYPES.webp),
        this.deps.storage.put(jpegKey, image.jpeg, CONTENT_TYPES.jpeg),
      ]),
    );
    const now = this.deps.clock.now();
    const id = await this.deps.repo.insertPhoto({
      restaurantId,
      name: fields.name,
      menuItemId: fields.menuItemId ?? null,
      userId: fields.userId,
      webpKey,
      jpegKey,
      width: image.width,
      height: image.height,
      createdAt: now,
      updatedAt: now,
    });
    const [photo] = await this.deps.repo.photos(restaurantId, [id]);
    return toPhoto(photo!);
  }
}
