import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '@ra/shared/media/media.messages';
import type { TCustomerPhoto, TLibraryImage, TPhotoListResponse } from '@ra/shared/media/media.schemas';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { menuItems } from '../../db/schema/menu.ts';
import type { ManualClock } from '../../lib/clock.ts';
import { as, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createPerson, restaurantByName } from '../team/team.test-support.ts';
import type { TImageUser } from './media.module.ts';

let ctx: TestContext;
/** The tests' own users of library images, besides the menu's (passed to the app as `imageUsers`). */
const imageUsers: TImageUser[] = [];
const testImageUser: TImageUser = {
  usedBy: async (restaurantId, imageIds, db) =>
    (await Promise.all(imageUsers.map((user) => user.usedBy(restaurantId, imageIds, db)))).flat(),
  release: async (restaurantId, imageId, actor, db) => {
    for (const user of imageUsers) await user.release(restaurantId, imageId, actor, db);
  },
};
let owner: ReturnType<typeof as>;
let dragon: ReturnType<typeof as>;

type TFile = { name: string; body: Buffer; type?: string };

/** A multipart body as a browser sends it: files under `file`, text fields beside them. */
function multipart(files: TFile[], fields: Record<string, string> = {}) {
  const boundary = `----media-test-${files.length}-${Object.keys(fields).length}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.body,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#e67e22' } })
    .jpeg()
    .toBuffer();
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 128, b: 255, alpha: 0.7 } } })
    .png()
    .toBuffer();

async function upload(files: TFile[]) {
  const body = multipart(files);
  return owner({ method: 'POST', url: '/api/api/media/images', ...body });
}

async function library(): Promise<{ items: TLibraryImage[]; total: number }> {
  return (await owner({ method: 'GET', url: '/api/api/media/images', query: { pageSize: '100' } })).json();
}

async function photos(state?: string): Promise<TPhotoListResponse> {
  return (await owner({ method: 'GET', url: '/api/api/menuImage/list', query: state ? { state } : {} })).json();
}

beforeAll(async () => {
  ctx = await createTestContext({
    config: { storage: { localDir: mkdtempSync(join(tmpdir(), 'ra-media-test-')) } },
    imageUsers: [testImageUser],
  });
  owner = as(ctx.app, await tokenFor(ctx.app, 'owner@demo.test'));
  await createPerson(ctx.db, await restaurantByName(ctx.db, '金龙餐厅 Golden Dragon'), {
    email: 'owner@dragon.test',
    existingRole: 'Owner',
    firstName: 'Wei',
    lastName: 'Zhang',
  });
  dragon = as(ctx.app, await tokenFor(ctx.app, 'owner@dragon.test'));
});

afterAll(async () => {
  await ctx?.close();
});

describe('image library', () => {
  it('adds a JPEG and a PNG in one upload, each scaled to a 550 px shorter side, served publicly as WebP and JPEG', async () => {
    const before = (await library()).total;
    const res = await upload([
      { name: 'chowder.jpg', body: await jpeg(1600, 1200) },
      { name: 'lemonade.png', body: await png(600, 900), type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const images = (res.json() as { images: TLibraryImage[] }).images;
    expect(images.map((i) => [i.originalName, i.width, i.height])).toEqual([
      ['chowder.jpg', 733, 550],
      ['lemonade.png', 550, 825],
    ]);
    expect((await library()).total).toBe(before + 2);

    const webp = await ctx.app.inject({ method: 'GET', url: images[0]!.webpUrl });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['cache-control']).toContain('immutable');
    expect((await sharp(webp.rawPayload).metadata()).width).toBe(733);
    const jpg = await ctx.app.inject({ method: 'GET', url: images[1]!.jpegUrl });
    expect(jpg.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(jpg.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('refuses a text file named .jpg by its content, keeping nothing of the upload', async () => {
    const before = (await library()).total;
    const res = await upload([
      { name: 'real.jpg', body: await jpeg(800, 800) },
      { name: 'menu.jpg', body: Buffer.from('Soup of the day: clam chowder, $9.50') },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MEDIA_MESSAGES.notAnImage.en);
    expect((await library()).total).toBe(before);
  });

  it('takes a photo bigger than the 1 MB JSON body limit', async () => {
    const noisy = await sharp({
      create: {
        width: 1500,
        height: 1500,
        channels: 3,
        background: '#777',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(1024 * 1024);
    const res = await upload([{ name: 'big-phone-photo.jpg', body: noisy }]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { images: TLibraryImage[] }).images[0]).toMatchObject({ width: 550, height: 550 });
  });

  it('refuses a file over 10 MB', async () => {
    const big = Buffer.concat([await jpeg(100, 100), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const res = await upload([{ name: 'huge.jpg', body: big }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MEDIA_MESSAGES.fileTooLarge.en);
  });

  it('refuses a request without files and one that is not multipart', async () => {
    const none = await owner({ method: 'POST', url: '/api/api/media/images', ...multipart([], { note: 'x' }) });
    expect(none.json().message).toBe(MEDIA_MESSAGES.noFile.en);
    const json = await owner({ method: 'POST', url: '/api/api/media/images', payload: {} });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(MEDIA_MESSAGES.notMultipart.en);
  });

  it('refuses to delete an image the menu uses, naming where; deletes an unused one and its files', async () => {
    const [image] = (
      (await upload([{ name: 'cover.jpg', body: await jpeg(700, 700) }])).json() as { images: TLibraryImage[] }
    ).images;
    let usedBy = [{ kind: 'item' as const, id: 900_001, name: 'Harbor Clam Chowder' }];
    imageUsers.push({
      usedBy: async (_restaurantId, imageIds) =>
        imageIds.includes(image!.id) ? usedBy.map((use) => ({ ...use, imageId: image!.id })) : [],
      release: async () => undefined,
    });
    const used = await owner({ method: 'DELETE', url: `/api/api/media/images/${image!.id}` });
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({
      message: MEDIA_MESSAGES.imageInUse.en,
      errors: { usedBy: 'Item: Harbor Clam Chowder' },
    });

    usedBy = [];
    expect((await dragon({ method: 'DELETE', url: `/api/api/media/images/${image!.id}` })).statusCode).toBe(404);
    expect((await owner({ method: 'DELETE', url: `/api/api/media/images/${image!.id}` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: image!.webpUrl })).statusCode).toBe(404);
    expect((await library()).items.map((i) => i.id)).not.toContain(image!.id);
  });

  it('lets other origins show public images, while private files stay same-origin', async () => {
    const image = (
      (await upload([{ name: 'embed.jpg', body: await jpeg(600, 600) }])).json() as { images: TLibraryImage[] }
    ).images[0]!;
    for (const url of [image.webpUrl, image.jpegUrl]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { origin: 'https://order.example.com' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/media/public/AAAAAAAAAAAAAAAAAAAAAAAA.webp' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cross-origin-resource-policy']).toBe('same-origin');
    const own = await owner({ method: 'GET', url: `/api/api/media/images/${image.id}/file` });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cross-origin-resource-policy']).toBe('same-origin');
    const jpegOwn = await owner({ method: 'GET', url: `/api/api/media/images/${image.id}/file?format=jpeg` });
    expect(jpegOwn.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('keeps each restaurant’s library to itself', async () => {
    const mine = await library();
    const theirs = (await dragon({ method: 'GET', url: '/api/api/media/images' })).json() as { items: TLibraryImage[] };
    expect(mine.total).toBeGreaterThan(0);
    expect(theirs.items.map((i) => i.id).filter((id) => mine.items.some((m) => m.id === id))).toEqual([]);
    const file = await dragon({ method: 'GET', url: `/api/api/media/images/${mine.items[0]!.id}/file` });
    expect(file.statusCode).toBe(404);
  });
});

describe('the library screen', () => {
  const menuItem = async (itemId: string, imageIds: number[], who = owner) => {
    const res = await who({
      method: 'POST',
      url: '/api/api/menu/items',
      payload: { itemId, name: `Dish ${itemId}`, printName: itemId, priceCents: 900, printers: ['Kitchen'], imageIds },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number; name: string; imageIds: number[]; coverImageId: number | null; version: number };
  };
  const uploaded = async (count: number) =>
    (
      (
        await upload(
          await Promise.all(
            Array.from({ length: count }, async (_, i) => ({ name: `lib-${i}.jpg`, body: await jpeg(600, 600) })),
          ),
        )
      ).json() as { images: TLibraryImage[] }
    ).images;

  it('lists each image with the items that show it, only the caller restaurant’s', async () => {
    const [a, b] = await uploaded(2);
    const soup = await menuItem('LIB-1', [a!.id, b!.id]);
    const salad = await menuItem('LIB-2', [a!.id]);
    const page = (await library()).items as Array<
      TLibraryImage & { usedBy: Array<{ kind: string; id: number; name: string }> }
    >;
    const usesOf = (id: number) => page.find((i) => i.id === id)!.usedBy.filter((u) => u.id < 900_000);
    expect(usesOf(a!.id)).toEqual([
      { kind: 'item', id: soup.id, name: soup.name },
      { kind: 'item', id: salad.id, name: salad.name },
    ]);
    expect(usesOf(b!.id)).toEqual([{ kind: 'item', id: soup.id, name: soup.name }]);

    // Golden Dragon sees its own library: none of these images, none of Harbor's items
    const theirs = (
      await dragon({ method: 'GET', url: '/api/api/media/images', query: { pageSize: '100' } })
    ).json() as {
      items: Array<{ id: number; usedBy: Array<{ name: string }> }>;
    };
    expect(theirs.items.map((i) => i.id)).not.toContain(a!.id);
    expect(theirs.items.flatMap((i) => i.usedBy.map((u) => u.name))).not.toContain(soup.name);
  });

  it('deletes a used image with force after the confirmation: the items lose it (the next becomes the cover), each with a version', async () => {
    const [a, b] = await uploaded(2);
    const item = await menuItem('LIB-3', [a!.id, b!.id]);
    expect(item.coverImageId ?? item.imageIds[0]).toBe(a!.id);

    const refused = await owner({ method: 'DELETE', url: `/api/api/media/images/${a!.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.usedBy).toContain(`Item: ${item.name}`);
    // another restaurant cannot force it either
    expect(
      (await dragon({ method: 'DELETE', url: `/api/api/media/images/${a!.id}`, query: { force: 'true' } })).statusCode,
    ).toBe(404);

    const forced = await owner({ method: 'DELETE', url: `/api/api/media/images/${a!.id}`, query: { force: 'true' } });
    expect(forced.statusCode, forced.body).toBe(200);
    const after = (await owner({ method: 'GET', url: `/api/api/menu/items/${item.id}` })).json();
    expect(after).toMatchObject({ imageIds: [b!.id], version: item.version + 1 });
    expect(after.coverImageId ?? after.imageIds[0]).toBe(b!.id);
    expect((await library()).items.map((i) => i.id)).not.toContain(a!.id);
    const actions = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'mediaImage'), eq(auditLog.targetId, String(a!.id))));
    expect(actions.map((r) => r.action)).toEqual(['menu.item.imageRemoved']);
  });

  it('takes a used image off its items and deletes it in one transaction: when the delete fails, the items keep it', async () => {
    const [a, b] = await uploaded(2);
    const item = await menuItem('LIB-4', [a!.id, b!.id]);
    // a second user of images whose own release fails, after the menu has taken the image off its item
    imageUsers.push({
      usedBy: async () => [],
      release: async (_restaurantId, imageId) => {
        if (imageId === a!.id) throw new Error('release failed');
      },
    });
    const failed = await owner({ method: 'DELETE', url: `/api/api/media/images/${a!.id}`, query: { force: 'true' } });
    expect(failed.statusCode).toBe(500);
    const after = (await owner({ method: 'GET', url: `/api/api/menu/items/${item.id}` })).json();
    expect(after).toMatchObject({ imageIds: [a!.id, b!.id], version: item.version });
    expect((await library()).items.map((i) => i.id)).toContain(a!.id);
    const actions = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'mediaImage'), eq(auditLog.targetId, String(a!.id))));
    expect(actions).toEqual([]);
  });

  it('a forced delete also takes the image off an item that started using it after the check', async () => {
    const [a, b] = await uploaded(2);
    const item = await menuItem('LIB-5', [b!.id]);
    // while the library checks where `a` is used (after the menu has answered "nowhere"), the item
    // starts using it, in the deleting transaction the check is read on
    imageUsers.push({
      usedBy: async (_restaurantId, imageIds, db) => {
        if (imageIds.includes(a!.id))
          await (db ?? ctx.db)
            .update(menuItems)
            .set({ imageIds: [a!.id, b!.id], coverImageId: a!.id })
            .where(eq(menuItems.id, item.id));
        return [];
      },
      release: async () => undefined,
    });
    const forced = await owner({ method: 'DELETE', url: `/api/api/media/images/${a!.id}`, query: { force: 'true' } });
    expect(forced.statusCode, forced.body).toBe(200);
    const after = (await owner({ method: 'GET', url: `/api/api/menu/items/${item.id}` })).json();
    expect(after.imageIds).toEqual([b!.id]);
    expect(after.coverImageId ?? after.imageIds[0]).toBe(b!.id);
    expect((await library()).items.map((i) => i.id)).not.toContain(a!.id);
  });

  /**
   * Another manager's write that has not committed yet, on a connection of its own: PostgreSQL only
   * (PGlite runs one statement at a time, so nothing there is ever half done beside a request).
   */
  async function heldWrite(work: (tx: Database) => Promise<void>) {
    let started!: () => void;
    let finish!: () => void;
    const ready = new Promise<void>((r) => (started = r));
    const held = new Promise<void>((r) => (finish = r));
    const done = ctx.db.transaction(async (tx) => {
      await work(tx as Database);
      started();
      await held;
    });
    await ready;
    return async () => {
      finish();
      await done;
    };
  }
  const onPostgres = !!process.env.TEST_DATABASE_URL;

  it.skipIf(!onPostgres)('a delete waits for an item save attaching the image, then refuses it as used', async () => {
    const [a, b] = await uploaded(2);
    const item = await menuItem('LIB-6', [b!.id]);
    // the save has locked the image as the menu does, and written the item, but not committed
    const commit = await heldWrite(async (tx) => {
      await tx.execute(sql`select id from media_images where id = ${a!.id} for key share`);
      await tx
        .update(menuItems)
        .set({ imageIds: [a!.id, b!.id] })
        .where(eq(menuItems.id, item.id));
    });
    let answered = false;
    const deleting = owner({ method: 'DELETE', url: `/api/api/media/images/${a!.id}` }).finally(
      () => (answered = true),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(false);
    await commit();
    const res = await deleting;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors.usedBy).toContain(`Item: ${item.name}`);
    expect((await library()).items.map((i) => i.id)).toContain(a!.id);
  });

  it.skipIf(!onPostgres)('an item save waits for a delete of its image, then refuses the gone image', async () => {
    const [a, b] = await uploaded(2);
    const item = await menuItem('LIB-7', [b!.id]);
    // the library is deleting `a` (locked and deleted, not committed) when the save arrives
    const commit = await heldWrite(async (tx) => {
      await tx.execute(sql`select id from media_images where id = ${a!.id} for update`);
      await tx.execute(sql`delete from media_images where id = ${a!.id}`);
    });
    let answered = false;
    const saving = owner({
      method: 'PUT',
      url: `/api/api/menu/items/${item.id}`,
      payload: {
        itemId: 'LIB-7',
        name: item.name,
        printName: 'LIB-7',
        priceCents: 900,
        printers: ['Kitchen'],
        imageIds: [a!.id, b!.id],
      },
    }).finally(() => (answered = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(false);
    await commit();
    const res = await saving;
    expect(res.statusCode, res.body).toBe(400);
    const after = (await owner({ method: 'GET', url: `/api/api/menu/items/${item.id}` })).json();
    expect(after.imageIds).toEqual([b!.id]);
  });

  it('is refused without editMenu', async () => {
    const staff = as(ctx.app, await tokenFor(ctx.app, 'staff@demo.test'));
    const [image] = await uploaded(1);
    expect((await staff({ method: 'GET', url: '/api/api/media/images' })).statusCode).toBe(403);
    expect(
      (await staff({ method: 'DELETE', url: `/api/api/media/images/${image!.id}`, query: { force: 'true' } }))
        .statusCode,
    ).toBe(403);
    expect((await library()).items.map((i) => i.id)).toContain(image!.id);
  });
});

describe('when file storage is away', () => {
  it('answers 503 with a clear message and keeps nothing', async () => {
    const broken = await ctx.buildAnother({
      config: { storage: { localDir: mkdtempSync(join(tmpdir(), 'ra-media-down-')), fail: true } },
    });
    const ownerThere = as(broken, await tokenFor(broken, 'owner@demo.test'));
    const before = (await library()).total;
    const res = await ownerThere({
      method: 'POST',
      url: '/api/api/media/images',
      ...multipart([{ name: 'a.jpg', body: await jpeg(600, 600) }]),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(MEDIA_MESSAGES.storageUnavailable.en);
    expect((await library()).total).toBe(before);
  });
});

describe('customer photo approval', () => {
  it('lists waiting photos oldest first with a count, and draws the demo photos on first read', async () => {
    const waiting = await photos('unapproved');
    expect(waiting.items.map((p) => p.name)).toEqual([
      'Harbor Lobster Linguine',
      'Harbor Garden Salad',
      'Harbor Smash Burger',
    ]);
    expect(waiting.waiting).toBe(3);
    const all = await photos();
    expect(all.total).toBe(5);
    const file = await owner({
      method: 'GET',
      url: `/api/api/menuImage/${waiting.items[0]!.id}/file`,
      query: { format: 'jpeg' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(file.rawPayload).metadata()).height).toBe(550);
  });

  it('approves and refuses several at once, all or none, recording who and when', async () => {
    const [linguine, salad, burger] = (await photos('unapproved')).items as [
      TCustomerPhoto,
      TCustomerPhoto,
      TCustomerPhoto,
    ];
    const [approvedBefore] = (await photos('approved')).items as [TCustomerPhoto];

    const mixed = await owner({
      method: 'POST',
      url: '/api/api/menuImage/approve',
      payload: { ids: [linguine.id, approvedBefore.id] },
    });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().message).toBe(MEDIA_MESSAGES.photoNotWaiting.en);
    expect((await photos('unapproved')).total).toBe(3);

    const noReason = await owner({
      method: 'POST',
      url: '/api/api/menuImage/refuse',
      payload: { ids: [burger.id], reason: '  ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toBe(MEDIA_MESSAGES.refuseReasonRequired.en);
    const none = await owner({ method: 'POST', url: '/api/api/menuImage/approve', payload: { ids: [] } });
    expect(none.json().errors.ids).toBe(MEDIA_MESSAGES.selectPhotos.en);

    const approved = await owner({
      method: 'POST',
      url: '/api/api/menuImage/approve',
      payload: { ids: [linguine.id, salad.id] },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    for (const p of (approved.json() as { photos: TCustomerPhoto[] }).photos) {
      expect(p).toMatchObject({
        state: 'approved',
        reviewedBy: 'Grace Miller',
        reviewedAt: '2026-03-14T23:30:00.000Z',
      });
    }
    const refusedRes = await owner({
      method: 'POST',
      url: '/api/api/menuImage/refuse',
      payload: { ids: [burger.id], reason: 'Not our burger' },
    });
    expect((refusedRes.json() as { photos: TCustomerPhoto[] }).photos[0]).toMatchObject({
      state: 'refused',
      reason: 'Not our burger',
    });
    expect((await photos('unapproved')).waiting).toBe(0);

    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'media.photo.approve'), eq(auditLog.targetId, String(linguine.id))));
    expect(audit).toHaveLength(1);
  });

  it("offers the restaurant's active coupons as a reward, approves with one, and refuses an unknown coupon", async () => {
    const coupons = await owner({ method: 'GET', url: '/api/api/menuImage/rewardCoupons' });
    const offered = coupons.json() as { available: boolean; coupons: Array<{ id: number; name: string }> };
    expect(offered.available).toBe(true);
    expect(offered.coupons.length).toBeGreaterThan(0);
    const unknown = Math.max(...offered.coupons.map((c) => c.id)) + 1_000;
    const upload = await uploadCustomerPhoto({ name: 'Harbor Fish Tacos', userId: 'guest-1' });
    const res = await owner({
      method: 'POST',
      url: '/api/api/menuImage/approve',
      payload: { ids: [upload.id], couponId: unknown },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.couponId).toBe(MEDIA_MESSAGES.couponNotFound.en);
    const rewarded = await owner({
      method: 'POST',
      url: '/api/api/menuImage/approve',
      payload: { ids: [upload.id], couponId: offered.coupons[0]!.id },
    });
    expect(rewarded.statusCode, rewarded.body).toBe(200);
    expect(rewarded.json().photos[0]).toMatchObject({
      id: upload.id,
      state: 'approved',
      couponId: offered.coupons[0]!.id,
    });
  });

  it('copies an approved photo into the image library once; refuses for a photo not approved', async () => {
    const [approved] = (await photos('approved')).items as [TCustomerPhoto];
    const first = await owner({ method: 'POST', url: `/api/api/menuImage/${approved.id}/toLibrary` });
    expect(first.statusCode, first.body).toBe(200);
    const { image, photo } = first.json() as { image: TLibraryImage; photo: TCustomerPhoto };
    expect(photo.libraryImageId).toBe(image.id);
    const again = await owner({ method: 'POST', url: `/api/api/menuImage/${approved.id}/toLibrary` });
    expect((again.json() as { image: TLibraryImage }).image.id).toBe(image.id);
    expect((await ctx.app.inject({ method: 'GET', url: image.webpUrl })).statusCode).toBe(200);

    const [refused] = (await photos('refused')).items as [TCustomerPhoto];
    expect((await owner({ method: 'POST', url: `/api/api/menuImage/${refused.id}/toLibrary` })).statusCode).toBe(409);
  });

  it('does not let another restaurant see or review Harbor’s photos', async () => {
    const [photo] = (await photos()).items as [TCustomerPhoto];
    const theirs = (await dragon({ method: 'GET', url: '/api/api/menuImage/list' })).json() as TPhotoListResponse;
    expect(theirs.items.map((p) => p.name)).toEqual(['宫保鸡丁 Kung Pao Chicken']);
    expect((await dragon({ method: 'GET', url: `/api/api/menuImage/${photo.id}/file` })).statusCode).toBe(404);
    const review = await dragon({
      method: 'POST',
      url: '/api/api/menuImage/refuse',
      payload: { ids: [photo.id], reason: 'x' },
    });
    expect(review.statusCode).toBe(404);
  });
});

async function uploadCustomerPhoto(fields: Record<string, string>, key?: string): Promise<TCustomerPhoto> {
  const res = await customerUpload(fields, key);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function customerUpload(fields: Record<string, string>, key?: string, file?: TFile, ip = '203.0.113.9') {
  const uploadKey =
    key ?? ((await owner({ method: 'GET', url: '/api/api/menuImage/uploadKey' })).json() as { key: string }).key;
  const body = multipart([file ?? { name: 'phone.jpg', body: await jpeg(1200, 1600) }], fields);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/public/menuImage/upload',
    payload: body.payload,
    headers: { ...body.headers, 'x-photo-upload-key': uploadKey },
    remoteAddress: ip,
  });
}

describe('the ordering site’s photo upload', () => {
  it('takes a customer’s photo with the restaurant’s key; it arrives waiting for review', async () => {
    const photo = await uploadCustomerPhoto({ name: 'Harbor Oyster Platter', userId: 'guest-77', menuItemId: '12' });
    expect(photo).toMatchObject({
      state: 'unapproved',
      name: 'Harbor Oyster Platter',
      userId: 'guest-77',
      menuItemId: 12,
      width: 550,
      height: 733,
    });
    expect((await photos('unapproved')).items.map((p) => p.id)).toContain(photo.id);
  });

  it('refuses a wrong key, a missing dish name and a file that is not an image', async () => {
    const dragonKey = ((await dragon({ method: 'GET', url: '/api/api/menuImage/uploadKey' })).json() as { key: string })
      .key;
    const forged = `${dragonKey.split('.')[0]}.${'A'.repeat(32)}`;
    const wrong = await customerUpload({ name: 'x', userId: 'g' }, forged);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MEDIA_MESSAGES.uploadKeyInvalid.en);
    const noName = await customerUpload({ userId: 'g' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors.name).toBe(MEDIA_MESSAGES.dishNameRequired.en);
    const text = await customerUpload({ name: 'x', userId: 'g' }, undefined, {
      name: 'x.jpg',
      body: Buffer.from('hello, not a photo'),
    });
    expect(text.json().message).toBe(MEDIA_MESSAGES.notAnImage.en);
  });

  it('answers 429 after 10 uploads from one address to one restaurant in 10 minutes, then takes photos again', async () => {
    const notPhoto = { name: 'x.jpg', body: Buffer.from('not a photo') };
    const ip = '198.51.100.20';
    const key = ((await owner({ method: 'GET', url: '/api/api/menuImage/uploadKey' })).json() as { key: string }).key;
    const dragonKey = ((await dragon({ method: 'GET', url: '/api/api/menuImage/uploadKey' })).json() as { key: string })
      .key;
    // Refused files count too: the limit is checked before the body is read.
    for (let i = 0; i < 10; i++)
      expect((await customerUpload({ name: 'x', userId: 'g' }, key, notPhoto, ip)).statusCode).toBe(400);
    const limited = await customerUpload({ name: 'x', userId: 'g' }, key, undefined, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MEDIA_MESSAGES.uploadTooOften.en);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address, and the same address for another restaurant, are counted apart.
    expect((await customerUpload({ name: 'x', userId: 'g' }, key, notPhoto, '198.51.100.21')).statusCode).toBe(400);
    expect((await customerUpload({ name: 'x', userId: 'g' }, dragonKey, notPhoto, ip)).statusCode).toBe(400);
    // A wrong key is refused as before, not counted against the restaurant.
    const forged = `${key.split('.')[0]}.${'B'.repeat(32)}`;
    expect((await customerUpload({ name: 'x', userId: 'g' }, forged, notPhoto, ip)).statusCode).toBe(401);
    (ctx.config.clock as ManualClock).advance(10 * 60_000);
    expect((await customerUpload({ name: 'Harbor Chowder', userId: 'g' }, key, undefined, ip)).statusCode).toBe(200);
  });
});
