import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import type { ManualClock } from '../../lib/clock.ts';
import { as, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';

let ctx: TestContext;
let owner: ReturnType<typeof as>;
let dragon: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
let clock: ManualClock;

const START = '2026-03-14T19:30:00-04:00'; // TEST_NOW: a Saturday evening in New York

beforeAll(async () => {
  ctx = await createTestContext();
  clock = ctx.config.clock as ManualClock;
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  staff = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.staff));
  // Golden Dragon's owner, for restaurant scoping.
  const { createPerson, restaurantByName } = await import('../team/team.test-support.ts');
  const gd = await restaurantByName(ctx.db, '金龙餐厅 Golden Dragon');
  await createPerson(ctx.db, gd, {
    email: 'owner@dragon-menu.test',
    existingRole: 'Owner',
    firstName: 'Wei',
    lastName: 'Zhang',
  });
  dragon = as(ctx.app, await tokenFor(ctx.app, 'owner@dragon-menu.test'));
});
afterAll(async () => {
  await ctx?.close();
});

const item = (over: Record<string, unknown> = {}) => ({
  itemId: 'T-100',
  name: 'Test chowder',
  printName: 'TEST CHOWDER',
  priceCents: 1000,
  printers: ['Kitchen'],
  ...over,
});

async function create(path: string, payload: Record<string, unknown>, who = owner) {
  const res = await who({ method: 'POST', url: `/api/api/menu/${path}`, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('demo menu', () => {
  it('holds the items the demo orders ring up, with their categories and modifier groups', async () => {
    const lib = (await owner({ method: 'GET', url: '/api/api/menu/items', query: { q: 'B-LOBR' } })).json();
    expect(lib.items[0]).toMatchObject({
      itemId: 'B-LOBR',
      name: 'Lobster roll',
      categoryName: 'Mains',
      priceCents: 3200,
    });
    const chowder = (await owner({ method: 'GET', url: '/api/api/menu/items', query: { q: 'B-CHWD' } })).json()
      .items[0];
    const full = (await owner({ method: 'GET', url: `/api/api/menu/items/${chowder.id}` })).json();
    expect(full.modifierGroupIds).toHaveLength(1);
    expect(full.version).toBe(1);
  });

  it('finds 宫保鸡丁 by pinyin initials, full pinyin, Chinese and English at Golden Dragon only', async () => {
    for (const q of ['gbjd', 'GBJD', 'gongbaojiding', 'gong bao', '宫保', 'kung pao', 'D-KPC']) {
      const res = (await dragon({ method: 'GET', url: '/api/api/menu/items', query: { q } })).json();
      expect(
        res.items.map((i: { name: string }) => i.name),
        q,
      ).toContain('宫保鸡丁 Kung pao chicken');
    }
    expect((await owner({ method: 'GET', url: '/api/api/menu/items', query: { q: 'gbjd' } })).json().total).toBe(0);
  });
});

describe('items', () => {
  it('refuses each missing field with the SPEC message and changes nothing', async () => {
    const res = await owner({
      method: 'POST',
      url: '/api/api/menu/items',
      payload: { printers: ['Kitchen'], dishHours: '7-11' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      itemId: 'Please enter the item_id',
      name: 'Please enter the name',
      printName: 'Please enter the print name',
      priceCents: 'Please enter the price',
      dishHours: 'Please input Menu Dish Hour with Days',
    });
    const printers = await owner({ method: 'POST', url: '/api/api/menu/items', payload: item({ printers: [] }) });
    expect(printers.json().errors.printers).toBe('Please input printers');
    const option = await owner({
      method: 'POST',
      url: '/api/api/menu/items',
      payload: item({
        options: [
          { index: 0, name: 'Side', items: [] },
          { index: 1, name: 'Size', items: [{ name: 'Cup' }] },
        ],
      }),
    });
    expect(option.json().errors).toMatchObject({
      'options.0.items': 'Please select an option',
      'options.1.items.0.priceCents': 'Please input price',
    });
    const linked = await owner({
      method: 'POST',
      url: '/api/api/menu/items',
      payload: item({ options: [{ index: 0, name: 'Side', items: [{ name: 'Fries', priceCents: 0, linked: true }] }] }),
    });
    expect(linked.json().errors['options.0.items.0.linkedWithDBID']).toBe('Please input linkedWithDBID');
    const long = await owner({
      method: 'POST',
      url: '/api/api/menu/items',
      payload: item({ subtitle: 'x'.repeat(81), description: 'y'.repeat(301) }),
    });
    expect(long.json().errors).toMatchObject({
      subtitle: 'The subtitle can be at most 80 letters',
      description: 'The description can be at most 300 letters',
    });
    expect((await owner({ method: 'GET', url: '/api/api/menu/items', query: { q: 'T-100' } })).json().total).toBe(0);
  });

  it('creates an item, keeps a version per change and restores an earlier one', async () => {
    const created = await create(
      'items',
      item({ dishHours: '07:00-11:00;1-5', channels: { online: { visible: true, priceCents: 1200 } } }),
    );
    expect(created).toMatchObject({
      version: 1,
      effectiveTaxRateMilliPercent: 10100,
      channels: { online: { priceCents: 1200 }, pos: { visible: true } },
    });
    const put = (body: Record<string, unknown>) =>
      owner({ method: 'PUT', url: `/api/api/menu/items/${created.id}`, payload: item(body) });
    expect((await put({ priceCents: 1250, dishHours: '07:00-11:00;1-5' })).json().version).toBe(2);
    expect((await put({ priceCents: 1250, dishHours: '07:00-11:00;1-5' })).json().version).toBe(2); // nothing changed
    const versions = (await owner({ method: 'GET', url: `/api/api/menu/items/${created.id}/versions` })).json()
      .versions;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions[0].actor.name).toBe('Grace Miller');
    expect(versions[0].changes).toContainEqual({ field: 'priceCents', before: 1000, after: 1250 });
    const restored = await owner({
      method: 'POST',
      url: `/api/api/menu/items/${created.id}/restore`,
      payload: { version: 1 },
    });
    expect(restored.json()).toMatchObject({ version: 3, priceCents: 1000 });
    expect(
      await owner({ method: 'POST', url: `/api/api/menu/items/${created.id}/restore`, payload: { version: 9 } }).then(
        (r) => r.statusCode,
      ),
    ).toBe(400);
    const dup = await owner({ method: 'POST', url: '/api/api/menu/items', payload: item() });
    expect(dup.json().errors.itemId).toBe('This item_id is already used by another item');
  });

  it('records only what changed, whatever key order the stored options come back in', async () => {
    const options = [{ index: 0, name: 'Spice level', items: [{ name: 'Medium', priceCents: 0 }] }];
    const created = await create('items', item({ itemId: 'T-OPT', options }));
    const res = await owner({
      method: 'PUT',
      url: `/api/api/menu/items/${created.id}`,
      payload: item({ itemId: 'T-OPT', options, priceCents: 1100 }),
    });
    expect(res.json().version).toBe(2);
    const versions = (await owner({ method: 'GET', url: `/api/api/menu/items/${created.id}/versions` })).json()
      .versions;
    expect(versions[0].changes.map((c: { field: string }) => c.field)).toEqual(['priceCents']);
  });

  it('takes image ids only from the restaurant’s image library', async () => {
    const res = await owner({
      method: 'POST',
      url: '/api/api/menu/items',
      payload: item({ itemId: 'T-IMG', imageIds: [999_999], coverImageId: 999_999 }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.imageIds).toBe('This image is not in the restaurant’s image library');
  });

  it('does not let another restaurant read, change or delete the item', async () => {
    const mine = (await owner({ method: 'GET', url: '/api/api/menu/items', query: { q: 'B-LOBR' } })).json().items[0];
    expect((await dragon({ method: 'GET', url: `/api/api/menu/items/${mine.id}` })).statusCode).toBe(404);
    expect(
      (await dragon({ method: 'PUT', url: `/api/api/menu/items/${mine.id}`, payload: item({ itemId: 'X1' }) }))
        .statusCode,
    ).toBe(404);
    expect((await dragon({ method: 'DELETE', url: `/api/api/menu/items/${mine.id}` })).statusCode).toBe(404);
    expect(
      (await dragon({ method: 'POST', url: '/api/api/menu/items/soldout', payload: { ids: [mine.id], soldOut: true } }))
        .statusCode,
    ).toBe(404);
  });

  it('offers the restaurant’s own printers (its printer devices) as the printers to choose', async () => {
    const harbor = (await owner({ method: 'GET', url: '/api/api/menu/printers' })).json().printers as string[];
    expect(harbor).toEqual(['Kitchen printer']);
    const golden = (await dragon({ method: 'GET', url: '/api/api/menu/printers' })).json().printers as string[];
    expect(golden).toEqual([]);
  });

  it('refuses staff without editMenu', async () => {
    const res = await staff({ method: 'GET', url: '/api/api/menu/items' });
    expect(res.statusCode).toBe(403);
    expect(
      (await staff({ method: 'POST', url: '/api/api/menu/items', payload: item({ itemId: 'S-1' }) })).statusCode,
    ).toBe(403);
  });
});

describe('library', () => {
  it('filters by category, price range and channel, sorts and pages on the server', async () => {
    const cats = (await owner({ method: 'GET', url: '/api/api/menu/categories' })).json().categories;
    const mains = cats.find((c: { name: string }) => c.name === 'Mains');
    const res = (
      await owner({
        method: 'GET',
        url: '/api/api/menu/items',
        query: { categoryId: String(mains.id), minCents: '2000', sort: '-price', pageSize: '2' },
      })
    ).json();
    expect(res.items).toHaveLength(2);
    expect(res.total).toBeGreaterThan(2);
    expect(res.items[0].priceCents).toBeGreaterThanOrEqual(res.items[1].priceCents);
    expect(
      res.items.every(
        (i: { categoryId: number; priceCents: number }) => i.categoryId === mains.id && i.priceCents >= 2000,
      ),
    ).toBe(true);
    const page2 = (
      await owner({
        method: 'GET',
        url: '/api/api/menu/items',
        query: { categoryId: String(mains.id), minCents: '2000', sort: '-price', pageSize: '2', page: '2' },
      })
    ).json();
    expect(page2.items[0].id).not.toBe(res.items[0].id);
    expect(
      (await owner({ method: 'GET', url: '/api/api/menu/items', query: { minCents: '500', maxCents: '100' } }))
        .statusCode,
    ).toBe(400);
  });
});

describe('sold out (86)', () => {
  it('marks sold out until the end of the business day and comes back by itself', async () => {
    const coffee = (await owner({ method: 'GET', url: '/api/api/menu/items', query: { q: 'B-COFF' } })).json().items[0];
    const res = await owner({
      method: 'POST',
      url: '/api/api/menu/items/soldout',
      payload: { ids: [coffee.id], soldOut: true },
    });
    // Harbor's business day ends at 3 am (hourOffsetEndOfDay 3), New York time.
    expect(res.json().items[0]).toMatchObject({ soldOut: true, soldOutUntil: '2026-03-15T07:00:00.000Z' });
    const sold = (await owner({ method: 'GET', url: '/api/api/menu/items', query: { soldOut: 'true' } })).json();
    expect(sold.items.map((i: { id: number }) => i.id)).toContain(coffee.id);
    clock.set('2026-03-15T03:00:00-04:00');
    try {
      const back = (await owner({ method: 'GET', url: `/api/api/menu/items/${coffee.id}` })).json();
      expect(back).toMatchObject({ soldOut: false, soldOutUntil: null });
    } finally {
      clock.set(START);
    }
  });
});

describe('bulk edit', () => {
  it('previews, then applies a percentage to every item or to none', async () => {
    const lib = (await owner({ method: 'GET', url: '/api/api/menu/items', query: { q: 'oysters' } })).json().items;
    const ids = lib.map((i: { id: number }) => i.id);
    const body = { ids, change: { kind: 'price', mode: 'percent', value: 1000 } };
    const preview = (await owner({ method: 'POST', url: '/api/api/menu/items/bulk/preview', payload: body })).json();
    expect(preview.rows.map((r: { before: number; after: number }) => [r.before, r.after])).toEqual([
      [1950, 2145],
      [3600, 3960],
    ]);
    expect(
      (await owner({ method: 'POST', url: '/api/api/menu/items/bulk/apply', payload: body })).json().changedCount,
    ).toBe(2);

    // One item would go negative: nothing changes, and the message names it.
    const cheap = (await owner({ method: 'GET', url: '/api/api/menu/items', query: { q: 'B-SODA' } })).json().items[0];
    const bad = { ids: [...ids, cheap.id], change: { kind: 'price', mode: 'amount', value: -500 } };
    const refused = await owner({ method: 'POST', url: '/api/api/menu/items/bulk/apply', payload: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.change).toBe('This change would make the price of Soft drink negative');
    const after = (
      await owner({ method: 'GET', url: '/api/api/menu/items', query: { q: 'oysters', sort: 'price' } })
    ).json().items;
    expect(after.map((i: { priceCents: number }) => i.priceCents)).toEqual([2145, 3960]);
  });
});

describe('modifier groups', () => {
  it('takes "choose 6 wing sauces, at most 3 different" and refuses a 4th level and loops, naming the path', async () => {
    const g = (name: string, child: number | null = null) =>
      create('modifier-groups', { name, modifiers: [{ name: `${name} pick`, priceCents: 50, childGroupId: child }] });
    const dip = await g('Dip');
    const sauce = await g('Sauce', dip.id);
    const wings = await create('modifier-groups', {
      name: 'Wings',
      required: true,
      minSelections: 6,
      maxSelections: 6,
      maxDifferent: 3,
      modifiers: [{ name: 'Buffalo', priceCents: 0, maxQuantity: 3, childGroupId: sauce.id }],
    });
    expect(wings).toMatchObject({ maxDifferent: 3, modifiers: [{ name: 'Buffalo', maxQuantity: 3 }] });
    const deep = await owner({
      method: 'POST',
      url: '/api/api/menu/modifier-groups',
      payload: { name: 'Platter', modifiers: [{ name: 'Wings', priceCents: 0, childGroupId: wings.id }] },
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().errors.modifiers).toBe(
      'Modifier groups can open other groups at most 3 levels deep: Platter › Wings › Sauce › Dip',
    );
    const loop = await owner({
      method: 'PUT',
      url: `/api/api/menu/modifier-groups/${dip.id}`,
      payload: { name: 'Dip', modifiers: [{ name: 'Back', priceCents: 0, childGroupId: wings.id }] },
    });
    expect(loop.json().errors.modifiers).toBe(
      'A modifier group cannot open itself, directly or through other groups: Dip › Wings › Sauce › Dip',
    );
  });

  it('says where a group is used before deleting it', async () => {
    const item1 = await create('items', item({ itemId: 'T-MG1', name: 'Wing basket' }));
    const group = await create('modifier-groups', {
      name: 'Basket sauce',
      modifiers: [{ name: 'Ranch', priceCents: 0 }],
      itemIds: [item1.id],
    });
    const refused = await owner({ method: 'DELETE', url: `/api/api/menu/modifier-groups/${group.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().usedIn).toEqual([{ kind: 'item', id: item1.id, name: 'Wing basket' }]);
    expect(
      (await owner({ method: 'DELETE', url: `/api/api/menu/modifier-groups/${group.id}`, query: { force: 'true' } }))
        .statusCode,
    ).toBe(200);
    expect((await owner({ method: 'GET', url: `/api/api/menu/items/${item1.id}` })).json().modifierGroupIds).toEqual(
      [],
    );
  });
});

describe('categories and groups', () => {
  it('reorders with the full new order only', async () => {
    const cats = (await owner({ method: 'GET', url: '/api/api/menu/categories' })).json().categories;
    const ids = cats.map((c: { id: number }) => c.id).reverse();
    expect(
      (await owner({ method: 'POST', url: '/api/api/menu/categories/reorder', payload: { ids: ids.slice(1) } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await owner({ method: 'POST', url: '/api/api/menu/categories/reorder', payload: { ids } })).statusCode,
    ).toBe(200);
    const after = (await owner({ method: 'GET', url: '/api/api/menu/categories' })).json().categories;
    expect(after.map((c: { id: number }) => c.id)).toEqual(ids);
    const group = await create('groups', { name: 'Dinner', categoryIds: ids.slice(0, 2) });
    expect(group.categoryIds).toEqual(ids.slice(0, 2));
  });
});

describe('published menu', () => {
  it('answers per channel with an ETag and 304 while unchanged, hiding what the channel may not show', async () => {
    const fetchMenu = (channel: string, etag?: string) =>
      owner({
        method: 'GET',
        url: '/api/api/menu/published',
        query: { channel },
        headers: etag ? { 'if-none-match': etag } : {},
      });
    const first = await fetchMenu('online');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect((await fetchMenu('online', etag)).statusCode).toBe(304);
    // Compressed once and kept: brotli or gzip as asked, the same menu inside.
    for (const [accept, encoding, unpack] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const packed = await owner({
        method: 'GET',
        url: '/api/api/menu/published',
        query: { channel: 'online' },
        headers: { 'accept-encoding': accept },
      });
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.etag).toBe(etag);
      expect(JSON.parse(unpack(packed.rawPayload).toString('utf8'))).toEqual(first.json());
    }

    const lobster = (await owner({ method: 'GET', url: '/api/api/menu/items', query: { q: 'B-LOBR' } })).json()
      .items[0];
    const full = (await owner({ method: 'GET', url: `/api/api/menu/items/${lobster.id}` })).json();
    const {
      id: _id,
      effectiveTaxRateMilliPercent: _r,
      soldOut: _s,
      soldOutUntil: _u,
      sort: _o,
      version: _v,
      updatedAt: _t,
      ...input
    } = full;
    await owner({
      method: 'PUT',
      url: `/api/api/menu/items/${lobster.id}`,
      payload: {
        ...input,
        channels: {
          ...input.channels,
          online: { visible: false, priceCents: null },
          kiosk: { visible: true, priceCents: 3500 },
        },
      },
    });
    const changed = await fetchMenu('online', etag);
    expect(changed.statusCode).toBe(200);
    const names = (menu: { categories: Array<{ items: Array<{ itemId: string; priceCents: number }> }> }) =>
      menu.categories.flatMap((c) => c.items);
    expect(names(changed.json()).map((i) => i.itemId)).not.toContain('B-LOBR');
    expect(names((await fetchMenu('kiosk')).json()).find((i) => i.itemId === 'B-LOBR')?.priceCents).toBe(3500);
    expect(names((await fetchMenu('pos')).json()).find((i) => i.itemId === 'B-LOBR')?.priceCents).toBe(3200);
  });

  it('follows dish hours in the restaurant’s time zone', async () => {
    const cats = (await owner({ method: 'GET', url: '/api/api/menu/categories' })).json().categories;
    const categoryId = cats.find((c: { name: string }) => c.name === 'Starters').id;
    await create(
      'items',
      item({
        itemId: 'T-BRK',
        name: 'Late breakfast',
        categoryId,
        dishHours: '07:00-11:00;1-5',
        hideWhenUnavailable: true,
      }),
    );
    const has = async () =>
      (await owner({ method: 'GET', url: '/api/api/menu/published', query: { channel: 'pos' } }))
        .json()
        .categories.flatMap((c: { items: Array<{ itemId: string }> }) => c.items.map((i) => i.itemId))
        .includes('T-BRK');
    expect(await has()).toBe(false); // Saturday evening
    clock.set('2026-03-16T08:00:00-04:00'); // Monday 8 am in New York (12:00 UTC)
    try {
      owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner)); // the old session has expired by then
      expect(await has()).toBe(true);
    } finally {
      clock.set(START);
      owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
    }
  });
});

describe('scheduled changes', () => {
  it('applies a price change at its time, once, with a version', async () => {
    const created = await create('items', item({ itemId: 'T-SCH', name: 'Scheduled soup' }));
    const at = '2026-03-16T09:00:00-04:00';
    expect(
      (
        await owner({
          method: 'POST',
          url: '/api/api/menu/scheduled',
          payload: { ids: [created.id], at: '2026-03-01T09:00:00-04:00', change: { priceCents: 1 } },
        })
      ).statusCode,
    ).toBe(400);
    const scheduled = await create('scheduled', { ids: [created.id], at, change: { priceCents: 1500 } });
    expect(scheduled.status).toBe('pending');
    await ctx.app.jobs.drain();
    expect((await owner({ method: 'GET', url: `/api/api/menu/items/${created.id}` })).json().priceCents).toBe(1000);

    // A server started later (a restart) runs the job when its time comes.
    const restarted = await ctx.buildAnother();
    await restarted.ready();
    clock.set('2026-03-16T09:00:01-04:00');
    try {
      await restarted.jobs.drain();
      await ctx.app.jobs.drain();
      owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
      const after = (await owner({ method: 'GET', url: `/api/api/menu/items/${created.id}` })).json();
      expect(after).toMatchObject({ priceCents: 1500, version: 2 });
      const list = (
        await owner({ method: 'GET', url: '/api/api/menu/scheduled', query: { itemId: String(created.id) } })
      ).json();
      expect(list.changes[0]).toMatchObject({ status: 'applied' });
      const versions = (await owner({ method: 'GET', url: `/api/api/menu/items/${created.id}/versions` })).json()
        .versions;
      expect(versions[0]).toMatchObject({ reason: 'scheduled', actor: null });
    } finally {
      clock.set(START);
      owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
    }
  });
});

describe('import and export', () => {
  const exportFile = async () => {
    const res = await owner({ method: 'GET', url: '/api/api/menu/export' });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };

  it('round-trips an unchanged file without changing anything', async () => {
    const file = (await exportFile()).toString('base64');
    const preview = (await owner({ method: 'POST', url: '/api/api/menu/import/preview', payload: { file } })).json();
    expect(preview).toMatchObject({ valid: true, adds: [], changes: [], removals: [], errors: [] });
    const applied = await owner({ method: 'POST', url: '/api/api/menu/import/apply', payload: { file } });
    expect(applied.json()).toMatchObject({ applied: true, changes: [] });
  });

  it('previews adds, changes and removals, names bad rows and writes nothing while any row is bad', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await exportFile()) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Items')!;
    const headers = sheet.getRow(1).values as string[];
    const addRow = (cells: Record<string, unknown>) => {
      const row = sheet.addRow([]);
      for (const [name, value] of Object.entries(cells))
        row.getCell(headers.indexOf(name)).value = value as ExcelJS.CellValue;
    };
    sheet.getRow(2).getCell(headers.indexOf('Price')).value = 99.5; // a change
    sheet.spliceRows(sheet.rowCount, 1); // a removal
    addRow({
      item_id: 'T-NEW',
      Name: 'Imported tart',
      'Print name': 'TART',
      Category: 'Desserts',
      Price: 8,
      Printers: 'Kitchen',
    }); // an add
    addRow({ item_id: 'T-BAD', Name: 'No price', 'Print name': 'NOPRICE', Category: 'Desserts', Printers: 'Kitchen' });
    const file = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
    const preview = (await owner({ method: 'POST', url: '/api/api/menu/import/preview', payload: { file } })).json();
    expect(preview.valid).toBe(false);
    expect(preview.adds.map((a: { key: string }) => a.key)).toContain('T-NEW');
    expect(preview.changes).toHaveLength(1);
    expect(preview.removals).toHaveLength(1);
    expect(preview.errors).toEqual([
      { sheet: 'Items', row: sheet.rowCount, message: `Sheet Items, row ${sheet.rowCount}: Please enter the price` },
    ]);
    const refused = await owner({ method: 'POST', url: '/api/api/menu/import/apply', payload: { file } });
    expect(refused.statusCode).toBe(400);
    expect((await owner({ method: 'GET', url: '/api/api/menu/items', query: { q: 'T-NEW' } })).json().total).toBe(0);

    sheet.spliceRows(sheet.rowCount, 1);
    const good = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
    const applied = (
      await owner({ method: 'POST', url: '/api/api/menu/import/apply', payload: { file: good } })
    ).json();
    expect(applied).toMatchObject({ applied: true, valid: true });
    expect(
      (await owner({ method: 'GET', url: '/api/api/menu/items', query: { q: 'T-NEW' } })).json().items[0],
    ).toMatchObject({ priceCents: 800, categoryName: 'Desserts' });
  });

  it('carries images, details, price levels, modifier groups and their nesting through the file', async () => {
    const images = (await owner({ method: 'GET', url: '/api/api/media/images' })).json().items as Array<{ id: number }>;
    const img = images[0]!.id;
    const groups = (await owner({ method: 'GET', url: '/api/api/menu/modifier-groups' })).json().groups as Array<{
      id: number;
      name: string;
      modifiers: Array<{ id: number; name: string; priceCents: number; childGroupId: number | null }>;
    }>;
    const wings = groups.find((g) => g.name === 'Wings')!;
    const dip = groups.find((g) => g.name === 'Dip')!;
    await create(
      'items',
      item({
        itemId: 'T-XL',
        name: 'Wing platter',
        imageIds: [img],
        coverImageId: img,
        detailsHtml: '<p>Twelve wings</p>',
        globalPrices: [{ name: 'Staff', priceCents: 900 }],
        modifierGroupIds: [wings.id],
      }),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await exportFile()) as unknown as ArrayBuffer);
    const cells = (sheetName: string) => {
      const sheet = book.getWorksheet(sheetName)!;
      const headers = sheet.getRow(1).values as string[];
      const find = (column: string, value: string) => {
        let found: ExcelJS.Row | undefined;
        sheet.eachRow((r) => {
          if (String(r.getCell(headers.indexOf(column)).value) === value) found ??= r;
        });
        return found!;
      };
      const cell = (row: ExcelJS.Row, column: string) => row.getCell(headers.indexOf(column));
      return { sheet, headers, find, cell };
    };
    const items = cells('Items');
    const platter = items.find('item_id', 'T-XL');
    expect(items.cell(platter, 'Images').value).toBe(String(img));
    expect(items.cell(platter, 'Cover image').value).toBe(img);
    expect(items.cell(platter, 'Details HTML').value).toBe('<p>Twelve wings</p>');
    expect(items.cell(platter, 'Modifier groups').value).toBe('Wings');
    const mods = cells('Modifiers');
    expect(mods.cell(mods.find('Name', 'Sauce pick'), 'Opens group').value).toBe('Dip');
    const unchanged = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
    expect(
      (await owner({ method: 'POST', url: '/api/api/menu/import/preview', payload: { file: unchanged } })).json(),
    ).toMatchObject({ valid: true, adds: [], changes: [], removals: [], errors: [] });

    // A loop made in the file is refused with its path, naming the group's row; an unknown image too.
    const groupSheet = cells('Modifier groups');
    mods.cell(mods.find('Name', 'Dip pick'), 'Opens group').value = 'Wings';
    items.cell(platter, 'Images').value = '999999';
    const bad = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
    const refused = (
      await owner({ method: 'POST', url: '/api/api/menu/import/preview', payload: { file: bad } })
    ).json();
    expect(refused.valid).toBe(false);
    expect(refused.errors).toEqual([
      expect.objectContaining({
        sheet: 'Modifier groups',
        message: expect.stringContaining('A modifier group cannot open itself, directly or through other groups: '),
      }),
      {
        sheet: 'Items',
        row: platter.number,
        message: `Sheet Items, row ${platter.number}: This image is not in the restaurant’s image library`,
      },
    ]);
    expect(refused.errors[0].message).toMatch(
      /Dip › Wings › Sauce › Dip|Wings › Sauce › Dip › Wings|Sauce › Dip › Wings › Sauce/,
    );
    expect(
      (await owner({ method: 'POST', url: '/api/api/menu/import/apply', payload: { file: bad } })).statusCode,
    ).toBe(400);

    // A modifier's price changed, a new group opening Dip, the platter carrying it too.
    mods.cell(mods.find('Name', 'Dip pick'), 'Opens group').value = '';
    items.cell(platter, 'Images').value = String(img);
    mods.cell(mods.find('Name', 'Buffalo'), 'Price').value = 1.25;
    const extra = groupSheet.sheet.addRow([]);
    groupSheet.cell(extra, 'Name').value = 'Extra';
    groupSheet.cell(extra, 'Maximum').value = 2;
    const ranch = mods.sheet.addRow([]);
    mods.cell(ranch, 'Group').value = 'Extra';
    mods.cell(ranch, 'Name').value = 'Ranch';
    mods.cell(ranch, 'Price').value = 0.75;
    mods.cell(ranch, 'Opens group').value = 'Dip';
    items.cell(platter, 'Modifier groups').value = 'Wings; Extra';
    const good = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
    const preview = (
      await owner({ method: 'POST', url: '/api/api/menu/import/preview', payload: { file: good } })
    ).json();
    expect(preview).toMatchObject({
      valid: true,
      adds: [{ sheet: 'Modifier groups', key: 'Extra' }],
      changes: [
        { sheet: 'Items', key: 'T-XL', fields: ['modifierGroupIds'] },
        { sheet: 'Modifier groups', key: 'Wings', fields: ['modifierGroup'] },
      ],
      removals: [],
    });
    expect(
      (await owner({ method: 'POST', url: '/api/api/menu/import/apply', payload: { file: good } })).statusCode,
    ).toBe(200);
    const after = (await owner({ method: 'GET', url: '/api/api/menu/modifier-groups' })).json().groups as typeof groups;
    const newExtra = after.find((g) => g.name === 'Extra')!;
    expect(newExtra.modifiers).toMatchObject([{ name: 'Ranch', priceCents: 75, childGroupId: dip.id }]);
    // The changed modifier keeps its row.
    expect(after.find((g) => g.name === 'Wings')!.modifiers).toMatchObject([
      { id: wings.modifiers[0]!.id, name: 'Buffalo', priceCents: 125 },
    ]);
    const platterId = (await owner({ method: 'GET', url: '/api/api/menu/items', query: { q: 'T-XL' } })).json().items[0]
      .id;
    expect((await owner({ method: 'GET', url: `/api/api/menu/items/${platterId}` })).json()).toMatchObject({
      imageIds: [img],
      coverImageId: img,
      detailsHtml: '<p>Twelve wings</p>',
      globalPrices: [{ name: 'Staff', priceCents: 900 }],
      modifierGroupIds: [wings.id, newExtra.id],
    });
    // Exported again and imported back, nothing changes.
    const again = (await exportFile()).toString('base64');
    expect(
      (await owner({ method: 'POST', url: '/api/api/menu/import/preview', payload: { file: again } })).json(),
    ).toMatchObject({ valid: true, adds: [], changes: [], removals: [] });
  });

  it('refuses a file that is not a workbook', async () => {
    const res = await owner({
      method: 'POST',
      url: '/api/api/menu/import/preview',
      payload: { file: Buffer.from('hello').toString('base64') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The file is not an XLSX workbook');
  });
});

describe('tax rates in thousandths of a percent', () => {
  const NYC = 8875; // 8.875%, New York City

  it('saves an item at 8.875% and a category at 9.375%, exact, and publishes both fields for devices', async () => {
    const category = await create('categories', { name: 'Tax test', taxRateMilliPercent: 9375 });
    expect(category.taxRateMilliPercent).toBe(9375);
    const own = await create('items', item({ itemId: 'T-NYC', categoryId: category.id, taxRateMilliPercent: NYC }));
    expect(own).toMatchObject({ taxRateMilliPercent: NYC, effectiveTaxRateMilliPercent: NYC });
    const inherits = await create('items', item({ itemId: 'T-CAT', name: 'Cat rate', categoryId: category.id }));
    expect(inherits).toMatchObject({ taxRateMilliPercent: null, effectiveTaxRateMilliPercent: 9375 });
    expect((await owner({ method: 'GET', url: `/api/api/menu/items/${own.id}` })).json().taxRateMilliPercent).toBe(NYC);

    const refused = await owner({
      method: 'POST',
      url: '/api/api/menu/items',
      payload: item({ itemId: 'T-BADTAX', taxRateMilliPercent: 8875.5 }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.taxRateMilliPercent).toBe(
      'Enter a tax rate from 0 to 100 with at most three decimals (e.g. 8.875)',
    );
    expect((await owner({ method: 'GET', url: '/api/api/menu/items', query: { q: 'T-BADTAX' } })).json().total).toBe(0);

    const menu = (await owner({ method: 'GET', url: '/api/api/menu/published', query: { channel: 'pos' } })).json();
    const shown = menu.categories.flatMap((c: { items: Array<Record<string, unknown>> }) => c.items);
    // An older POS build reads taxRateBp: the nearest basis point (888 for 8.875%, 938 for 9.375%).
    expect(shown.find((i: { itemId: string }) => i.itemId === 'T-NYC')).toMatchObject({
      taxRateMilliPercent: NYC,
      taxRateBp: 888,
    });
    expect(shown.find((i: { itemId: string }) => i.itemId === 'T-CAT')).toMatchObject({
      taxRateMilliPercent: 9375,
      taxRateBp: 938,
    });
  });

  it('bulk-edits the tax rate to 10.25% and keeps it in the version history', async () => {
    const target = (await owner({ method: 'GET', url: '/api/api/menu/items', query: { q: 'T-CAT' } })).json().items[0];
    const applied = await owner({
      method: 'POST',
      url: '/api/api/menu/items/bulk/apply',
      payload: { ids: [target.id], change: { kind: 'taxRate', taxRateMilliPercent: 10250 } },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await owner({ method: 'GET', url: `/api/api/menu/items/${target.id}` })).json()).toMatchObject({
      taxRateMilliPercent: 10250,
      effectiveTaxRateMilliPercent: 10250,
    });
    const versions = (await owner({ method: 'GET', url: `/api/api/menu/items/${target.id}/versions` })).json().versions;
    expect(versions[0].changes).toContainEqual({ field: 'taxRateMilliPercent', before: null, after: 10250 });
  });

  it('imports "8.875" from the sheet and refuses four decimals, naming the row', async () => {
    const res = await owner({ method: 'GET', url: '/api/api/menu/export' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Items')!;
    const headers = sheet.getRow(1).values as string[];
    let row: ExcelJS.Row | undefined;
    sheet.eachRow((r) => {
      if (r.getCell(headers.indexOf('item_id')).value === 'T-NYC') row = r;
    });
    // The export writes the percent: 8.875.
    expect(row!.getCell(headers.indexOf('Tax rate %')).value).toBe(8.875);
    row!.getCell(headers.indexOf('Tax rate %')).value = '9.375';
    const cats = book.getWorksheet('Categories')!;
    const catHeaders = cats.getRow(1).values as string[];
    cats.eachRow((r) => {
      if (r.getCell(catHeaders.indexOf('Name')).value === 'Tax test')
        r.getCell(catHeaders.indexOf('Tax rate %')).value = '8.875%';
    });
    const good = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
    const applied = await owner({ method: 'POST', url: '/api/api/menu/import/apply', payload: { file: good } });
    expect(applied.json(), applied.body).toMatchObject({ applied: true, valid: true });
    const nyc = (await owner({ method: 'GET', url: '/api/api/menu/items', query: { q: 'T-NYC' } })).json().items[0];
    expect((await owner({ method: 'GET', url: `/api/api/menu/items/${nyc.id}` })).json().taxRateMilliPercent).toBe(
      9375,
    );
    const categories = (await owner({ method: 'GET', url: '/api/api/menu/categories' })).json().categories;
    expect(categories.find((c: { name: string }) => c.name === 'Tax test').taxRateMilliPercent).toBe(NYC);

    row!.getCell(headers.indexOf('Tax rate %')).value = '8.8755';
    const bad = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
    const preview = (
      await owner({ method: 'POST', url: '/api/api/menu/import/preview', payload: { file: bad } })
    ).json();
    expect(preview.valid).toBe(false);
    expect(preview.errors).toEqual([
      {
        sheet: 'Items',
        row: row!.number,
        message: `Sheet Items, row ${row!.number}: Enter a tax rate from 0 to 100 with at most three decimals (e.g. 8.875)`,
      },
    ]);
    const refused = await owner({ method: 'POST', url: '/api/api/menu/import/apply', payload: { file: bad } });
    expect(refused.statusCode).toBe(400);
    expect((await owner({ method: 'GET', url: `/api/api/menu/items/${nyc.id}` })).json().taxRateMilliPercent).toBe(
      9375,
    );
  });
});
