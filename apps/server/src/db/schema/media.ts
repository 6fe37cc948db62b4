import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { restaurants } from './restaurants.ts';

/**
 * The image library (issue 8 "An image library to reuse images across items"): each upload resized
 * once (lib/images.ts) and kept as WebP and JPEG in the storage adapter under the restaurant's prefix.
 * `publicToken` names the public copy menus and kiosks fetch without a session (docs/decisions.md).
 */
export const mediaImages = pgTable(
  'media_images',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    webpKey: text().notNull(),
    jpegKey: text().notNull(),
    publicToken: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    bytes: integer().notNull(),
    originalName: text().notNull(),
    /** users.id of who uploaded it; no foreign key, the library outlives people (like the audit log). */
    uploadedBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('media_images_restaurant_created_idx').on(t.restaurantId, t.createdAt, t.id),
    uniqueIndex('media_images_public_token_idx').on(t.publicToken),
  ],
);

/**
 * Photos customers send for a dish from the ordering site (SPEC 3 "Menu image upload": name, image,
 * user id, created and updated time, coupon id; SPEC 4 unapproved -> approved | refused).
 * `menuItemId` is a plain integer: the menu's tables come in a later migration, and a photo must
 * survive its dish being deleted.
 */
export const customerPhotos = pgTable(
  'customer_photos',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    menuItemId: integer(),
    /** The ordering site's customer id, as that site names its users. */
    userId: text().notNull(),
    webpKey: text().notNull(),
    jpegKey: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    state: text().$type<'unapproved' | 'approved' | 'refused'>().notNull().default('unapproved'),
    reason: text(),
    couponId: integer(),
    reviewedBy: integer(),
    reviewedAt: timestamp({ withTimezone: true }),
    /** The library image made from this photo ("an approved photo can become an item image"). */
    libraryImageId: integer().references(() => mediaImages.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('customer_photos_restaurant_state_idx').on(t.restaurantId, t.state, t.createdAt, t.id),
    check('customer_photos_state_check', sql`${t.state} in ('unapproved', 'approved', 'refused')`),
    check('customer_photos_refused_reason_check', sql`${t.state} <> 'refused' or ${t.reason} is not null`),
  ],
);
