import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { TDomainSeedContext } from './seed-context.ts';
import { customerPhotos, mediaImages } from '../db/schema/media.ts';
import { restaurants } from '../db/schema/restaurants.ts';
import { users } from '../db/schema/users.ts';
import { demoKey, type TDemoSlug } from '../modules/media/demo-images.ts';

const HOUR = 60 * 60 * 1000;

/**
 * A few customer photos waiting at Harbor Bistro (and one at Golden Dragon), a reviewed pair, and
 * library images for each of the two (the menu seed puts them on their dishes; one is left unused). Rows only: the files are drawn on first read (modules/media/demo-images.ts), so this stays fast.
 * Names are the restaurant's own dishes; Harbor's are found nowhere else (authorization matrix).
 */
export async function seedMediaDemo(ctx: TDomainSeedContext): Promise<void> {
  const { db, now } = ctx;
  const rows = await db
    .select({ id: restaurants.id, name: restaurants.name })
    .from(restaurants)
    .where(inArray(restaurants.name, ['Harbor Bistro', '金龙餐厅 Golden Dragon']));
  const harbor = rows.find((r) => r.name === 'Harbor Bistro')?.id;
  const dragon = rows.find((r) => r.name !== 'Harbor Bistro')?.id;
  if (!harbor || !dragon) return;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'owner@demo.test')).limit(1);
  // Golden Dragon has no staff account of its own: its agent keeps its library
  const [agent] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'agent@demo.test')).limit(1);
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  const photo = (restaurantId: number, slug: TDemoSlug, name: string, userId: string, hoursAgo: number) => ({
    restaurantId,
    name,
    userId,
    webpKey: demoKey(slug, 'webp'),
    jpegKey: demoKey(slug, 'jpeg'),
    width: 733,
    height: 550,
    createdAt: at(hoursAgo),
    updatedAt: at(hoursAgo),
  });
  await db.insert(customerPhotos).values([
    photo(harbor, 'burger', 'Harbor Smash Burger', 'guest-2041', 2),
    photo(harbor, 'salad', 'Harbor Garden Salad', 'guest-1877', 5),
    photo(harbor, 'noodles', 'Harbor Lobster Linguine', 'guest-3310', 26),
    {
      ...photo(harbor, 'dumplings', 'Harbor Crab Dumplings', 'guest-0932', 50),
      state: 'approved' as const,
      reviewedBy: owner?.id ?? null,
      reviewedAt: at(30),
      updatedAt: at(30),
    },
    {
      ...photo(harbor, 'kung-pao', 'Harbor Blurry Special', 'guest-5120', 72),
      state: 'refused' as const,
      reason: 'Too dark and blurry to show the dish',
      reviewedBy: owner?.id ?? null,
      reviewedAt: at(70),
      updatedAt: at(70),
    },
    photo(dragon, 'kung-pao', '宫保鸡丁 Kung Pao Chicken', 'guest-8801', 3),
  ]);
  const image = (restaurantId: number, slug: TDemoSlug, originalName: string, hoursAgo: number) => ({
    uploadedBy: (restaurantId === harbor ? owner?.id : agent?.id) ?? null,
    restaurantId,
    webpKey: demoKey(slug, 'webp'),
    jpegKey: demoKey(slug, 'jpeg'),
    publicToken: randomBytes(18).toString('base64url'),
    width: 733,
    height: 550,
    bytes: 60_000,
    originalName,
    createdAt: at(hoursAgo),
  });
  await db
    .insert(mediaImages)
    .values([
      image(harbor, 'burger', 'harbor-smash-burger.jpg', 200),
      image(harbor, 'noodles', 'harbor-linguine.jpg', 190),
      image(harbor, 'salad', 'harbor-caesar-salad.jpg', 180),
      image(dragon, 'kung-pao', 'dragon-kung-pao-chicken.jpg', 200),
      image(dragon, 'dumplings', 'dragon-soup-dumplings.jpg', 190),
      image(dragon, 'noodles', 'dragon-lo-mein.jpg', 180),
    ]);
}
