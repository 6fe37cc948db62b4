import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TPhotoState } from '@ra/shared/media/media.schemas';
import type { Database } from '../../db/client.ts';
import { customerPhotos, mediaImages } from '../../db/schema/media.ts';
import { users } from '../../db/schema/users.ts';
import { AuditRepository } from '../../db/audit.repository.ts';

/**
 * The only place with media SQL. Every method takes the restaurant id first and filters on it: the
 * service passes the caller's restaurant, so another restaurant's image or photo is simply not found.
 */

export type TImageRow = typeof mediaImages.$inferSelect & { uploadedByName: string | null };
export type TPhotoRow = typeof customerPhotos.$inferSelect & { reviewedByName: string | null };

const uploader = sql<
  string | null
>`(select nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '') from ${users} where ${users.id} = ${mediaImages.uploadedBy})`;
const reviewer = sql<
  string | null
>`(select nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '') from ${users} where ${users.id} = ${customerPhotos.reviewedBy})`;

export class MediaRepository {
  constructor(private readonly db: Database) {}

  /** The connection or transaction this repository runs on (another module's hook writes in it too). */
  get handle(): Database {
    return this.db;
  }

  /** Runs `work` in one transaction with a repository and an audit trail on it (writes + audit commit together). */
  transaction<T>(work: (repo: MediaRepository, audit: AuditRepository) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) =>
      work(new MediaRepository(tx as Database), new AuditRepository(tx as Database)),
    );
  }

  // --- library ---------------------------------------------------------------------------------

  async insertImages(rows: Array<typeof mediaImages.$inferInsert>): Promise<number[]> {
    if (rows.length === 0) return [];
    const inserted = await this.db.insert(mediaImages).values(rows).returning({ id: mediaImages.id });
    return inserted.map((r) => r.id);
  }

  async images(restaurantId: number, ids: number[]): Promise<TImageRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ ...imageColumns, uploadedByName: uploader })
      .from(mediaImages)
      .where(and(eq(mediaImages.restaurantId, restaurantId), inArray(mediaImages.id, ids)));
  }

  async image(restaurantId: number, id: number): Promise<TImageRow | undefined> {
    return (await this.images(restaurantId, [id]))[0];
  }

  async imageByToken(token: string): Promise<typeof mediaImages.$inferSelect | undefined> {
    const [row] = await this.db.select().from(mediaImages).where(eq(mediaImages.publicToken, token)).limit(1);
    return row;
  }

  async listImages(
    restaurantId: number,
    page: number,
    pageSize: number,
  ): Promise<{ rows: TImageRow[]; total: number }> {
    const where = eq(mediaImages.restaurantId, restaurantId);
    const [rows, [totals]] = await Promise.all([
      this.db
        .select({ ...imageColumns, uploadedByName: uploader })
        .from(mediaImages)
        .where(where)
        .orderBy(desc(mediaImages.createdAt), desc(mediaImages.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ total: count() }).from(mediaImages).where(where),
    ]);
    return { rows, total: totals?.total ?? 0 };
  }

  /**
   * Locks a library image for deleting it (FOR UPDATE), in this repository's transaction: an item save
   * that is attaching it (`lockImagesForUse`) finishes first, so the uses read next include it; one that
   * starts now waits and then finds the image gone. Null when the image is not the restaurant's.
   */
  async lockImageForDelete(
    restaurantId: number,
    id: number,
  ): Promise<Pick<TImageRow, 'originalName' | 'webpKey' | 'jpegKey'> | null> {
    const [row] = await this.db
      .select({ originalName: mediaImages.originalName, webpKey: mediaImages.webpKey, jpegKey: mediaImages.jpegKey })
      .from(mediaImages)
      .where(and(eq(mediaImages.restaurantId, restaurantId), eq(mediaImages.id, id)))
      .for('update');
    return row ?? null;
  }

  /**
   * Locks images an item is about to use (FOR KEY SHARE, which a delete waits for), in the caller's
   * transaction; true when every one of them is the restaurant's and still there.
   */
  async lockImagesForUse(restaurantId: number, ids: number[]): Promise<boolean> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return true;
    const rows = await this.db
      .select({ id: mediaImages.id })
      .from(mediaImages)
      .where(and(eq(mediaImages.restaurantId, restaurantId), inArray(mediaImages.id, unique)))
      .for('key share');
    return rows.length === unique.length;
  }

  async deleteImage(restaurantId: number, id: number): Promise<boolean> {
    const deleted = await this.db
      .delete(mediaImages)
      .where(and(eq(mediaImages.restaurantId, restaurantId), eq(mediaImages.id, id)))
      .returning({ id: mediaImages.id });
    return deleted.length > 0;
  }

  // --- customer photos -------------------------------------------------------------------------

  async insertPhoto(row: typeof customerPhotos.$inferInsert): Promise<number> {
    const [inserted] = await this.db.insert(customerPhotos).values(row).returning({ id: customerPhotos.id });
    return inserted!.id;
  }

  async photos(restaurantId: number, ids: number[], options: { forUpdate?: boolean } = {}): Promise<TPhotoRow[]> {
    if (ids.length === 0) return [];
    const query = this.db
      .select({ ...photoColumns, reviewedByName: reviewer })
      .from(customerPhotos)
      .where(and(eq(customerPhotos.restaurantId, restaurantId), inArray(customerPhotos.id, ids)))
      .orderBy(customerPhotos.id);
    return options.forUpdate ? query.for('update', { of: customerPhotos }) : query;
  }

  async listPhotos(
    restaurantId: number,
    state: TPhotoState | undefined,
    page: number,
    pageSize: number,
  ): Promise<{ rows: TPhotoRow[]; total: number; waiting: number }> {
    const where = and(
      eq(customerPhotos.restaurantId, restaurantId),
      state ? eq(customerPhotos.state, state) : undefined,
    );
    const [rows, [totals], [waiting]] = await Promise.all([
      this.db
        .select({ ...photoColumns, reviewedByName: reviewer })
        .from(customerPhotos)
        .where(where)
        // Waiting photos oldest first (a queue, served in order); reviewed ones newest first.
        .orderBy(
          state === 'unapproved' ? customerPhotos.createdAt : desc(customerPhotos.createdAt),
          state === 'unapproved' ? customerPhotos.id : desc(customerPhotos.id),
        )
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ total: count() }).from(customerPhotos).where(where),
      this.db
        .select({ total: count() })
        .from(customerPhotos)
        .where(and(eq(customerPhotos.restaurantId, restaurantId), eq(customerPhotos.state, 'unapproved'))),
    ]);
    return { rows, total: totals?.total ?? 0, waiting: waiting?.total ?? 0 };
  }

  async reviewPhotos(
    restaurantId: number,
    ids: number[],
    change: {
      state: 'approved' | 'refused';
      reason: string | null;
      couponId: number | null;
      reviewedBy: number;
      at: Date;
    },
  ): Promise<void> {
    await this.db
      .update(customerPhotos)
      .set({
        state: change.state,
        reason: change.reason,
        couponId: change.couponId,
        reviewedBy: change.reviewedBy,
        reviewedAt: change.at,
        updatedAt: change.at,
      })
      .where(and(eq(customerPhotos.restaurantId, restaurantId), inArray(customerPhotos.id, ids)));
  }

  async linkPhotoToImage(restaurantId: number, photoId: number, imageId: number, at: Date): Promise<void> {
    await this.db
      .update(customerPhotos)
      .set({ libraryImageId: imageId, updatedAt: at })
      .where(and(eq(customerPhotos.restaurantId, restaurantId), eq(customerPhotos.id, photoId)));
  }
}

const imageColumns = {
  id: mediaImages.id,
  restaurantId: mediaImages.restaurantId,
  webpKey: mediaImages.webpKey,
  jpegKey: mediaImages.jpegKey,
  publicToken: mediaImages.publicToken,
  width: mediaImages.width,
  height: mediaImages.height,
  bytes: mediaImages.bytes,
  originalName: mediaImages.originalName,
  uploadedBy: mediaImages.uploadedBy,
  createdAt: mediaImages.createdAt,
};

const photoColumns = {
  id: customerPhotos.id,
  restaurantId: customerPhotos.restaurantId,
  name: customerPhotos.name,
  menuItemId: customerPhotos.menuItemId,
  userId: customerPhotos.userId,
  webpKey: customerPhotos.webpKey,
  jpegKey: customerPhotos.jpegKey,
  width: customerPhotos.width,
  height: customerPhotos.height,
  state: customerPhotos.state,
  reason: customerPhotos.reason,
  couponId: customerPhotos.couponId,
  reviewedBy: customerPhotos.reviewedBy,
  reviewedAt: customerPhotos.reviewedAt,
  libraryImageId: customerPhotos.libraryImageId,
  createdAt: customerPhotos.createdAt,
  updatedAt: customerPhotos.updatedAt,
};
