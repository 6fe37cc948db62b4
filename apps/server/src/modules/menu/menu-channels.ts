import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { ZPublishedMenu } from '@ra/shared/menu/menu.schemas';
import { zonedParts } from '@ra/shared/business-day/business-day';
import { milliPercentToBasisPoints } from '@ra/shared/business/tax-rate';
import { isWithinDishHours, nextDishHourBoundary, parseDishHours } from '@ra/shared/menu/dish-hours';
import type { TMappingResponse, TMenuChannel, TPublishedItem, TPublishedMenu } from '@ra/shared/menu/menu.schemas';
import type { z } from 'zod';
import type { ZMappingRequest } from '@ra/shared/menu/menu.schemas';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { FieldError } from '../../lib/errors.ts';
import type { TCategoryRow, TItemRow } from './menu.repository.ts';
import type { Clock } from '../../lib/clock.ts';
import { isSoldOutAt, snapshotOf } from './item-snapshot.ts';
import type { MenuRepository } from './menu.repository.ts';
import { en, menuFieldError, type MenuWriter } from './menu-write.ts';
import type { ModifierGroupsService } from './modifier-groups.service.ts';

type TStoredLayout = {
  categories: Array<{ categoryId: number; visible: boolean; itemIds: number[] }>;
  prefixRules: Array<{ prefix: string; categoryId: number }>;
};

/**
 * One channel's menu as shown: categories in the channel's order (those it does not name follow in the
 * menu's order), each with its items (the channel's order first, then the menu's). An item whose
 * item_id starts with a prefix rule's prefix shows under that rule's category instead of its own (the
 * longest prefix wins). Pure, so the mapping page and the published menu read the same layout.
 */
export function channelLayout(categories: TCategoryRow[], items: TItemRow[], stored: TStoredLayout | undefined) {
  const layout = stored ?? { categories: [], prefixRules: [] };
  const byId = new Map(categories.map((c) => [c.id, c]));
  const placed = layout.categories.filter((c) => byId.has(c.categoryId));
  const placedIds = new Set(placed.map((c) => c.categoryId));
  const order = [
    ...placed,
    ...categories
      .filter((c) => !placedIds.has(c.id))
      .map((c) => ({ categoryId: c.id, visible: true, itemIds: [] as number[] })),
  ];
  const rules = [...layout.prefixRules]
    .filter((r) => byId.has(r.categoryId))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  const itemsBy = new Map<number, Array<{ item: TItemRow; byPrefix: boolean }>>();
  for (const item of items) {
    const rule = rules.find((r) => item.itemCode.startsWith(r.prefix));
    const categoryId = rule ? rule.categoryId : item.categoryId;
    if (categoryId === null) continue;
    itemsBy.set(categoryId, [
      ...(itemsBy.get(categoryId) ?? []),
      { item, byPrefix: !!rule && rule.categoryId !== item.categoryId },
    ]);
  }
  return order.map((entry) => {
    const category = byId.get(entry.categoryId)!;
    const all = itemsBy.get(entry.categoryId) ?? [];
    const rank = new Map(entry.itemIds.map((id, i) => [id, i]));
    const sorted = [...all].sort((a, b) => {
      const ra = rank.get(a.item.id) ?? Number.MAX_SAFE_INTEGER;
      const rb = rank.get(b.item.id) ?? Number.MAX_SAFE_INTEGER;
      return ra - rb || a.item.sort - b.item.sort || a.item.id - b.item.id;
    });
    return { category, visible: entry.visible, items: sorted };
  });
}

const MINUTE = 60_000;
/** Never cache a published menu longer than this (daylight-saving changes, clock moves in tests). */
const MAX_CACHE_MS = 60 * MINUTE;

interface TCached {
  revision: number;
  validUntil: number;
  builtAt: number;
  etag: string;
  body: TPublishedMenu;
  /** The answer already serialized: a warm request sends these bytes without walking 5,000 items again. */
  json: string;
  /** The same bytes as UTF-8, and compressed once per encoding when first asked for (a 5,000-item menu is ~4.5 MB). */
  encoded: Map<TPublishedEncoding, Buffer>;
}

export type TPublishedEncoding = 'identity' | 'br' | 'gzip';

/** The encoding to send a published menu in: brotli, else gzip, as the caller accepts (q=0 refuses). */
export function publishedEncoding(acceptEncoding: string | undefined): TPublishedEncoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** A cached answer's bytes in an encoding, compressed on first use and kept with the answer. */
export function publishedBytes(entry: Pick<TCached, 'json' | 'encoded'>, encoding: TPublishedEncoding): Buffer {
  let bytes = entry.encoded.get(encoding);
  if (!bytes) {
    const plain = entry.encoded.get('identity') ?? Buffer.from(entry.json, 'utf8');
    entry.encoded.set('identity', plain);
    bytes =
      encoding === 'br'
        ? brotliCompressSync(plain, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: plain.length,
            },
          })
        : encoding === 'gzip'
          ? gzipSync(plain, { level: 6 })
          : plain;
    entry.encoded.set(encoding, bytes);
  }
  return bytes;
}

/**
 * The channel mapping pages (`/menuMapping/customer|store`) and the published menu the POS, kiosk and
 * ordering sites fetch. The published menu is rebuilt only when the menu's revision changes or the
 * next dish-hour boundary or sold-out end passes; otherwise the remembered answer (and its ETag) is
 * served, so a 304 costs one small query.
 */
export class MenuChannels {
  private readonly cache = new Map<string, TCached>();

  constructor(
    private readonly repo: MenuRepository,
    private readonly writer: MenuWriter,
    private readonly clock: Clock,
    private readonly modifierGroups: ModifierGroupsService,
  ) {}

  async mapping(auth: AuthContext, channel: TMenuChannel): Promise<TMappingResponse> {
    const restaurantId = requireRestaurantId(auth);
    const [categories, items, stored] = await Promise.all([
      this.repo.categories(restaurantId),
      this.repo.items(restaurantId),
      this.repo.mapping(restaurantId, channel),
    ]);
    const layout = channelLayout(
      categories.map((c) => c.category),
      items,
      stored,
    );
    return {
      channel,
      categories: layout.map((entry) => ({
        categoryId: entry.category.id,
        name: entry.category.name,
        foreignName: entry.category.foreignName,
        visible: entry.visible,
        items: entry.items.map(({ item, byPrefix }) => ({
          id: item.id,
          itemId: item.itemCode,
          name: item.name,
          foreignName: item.foreignName,
          visible: snapshotOf(item, []).channels[channel].visible,
          byPrefix,
        })),
      })),
      prefixRules: stored?.prefixRules ?? [],
      updatedAt: stored?.updatedAt.toISOString() ?? null,
    };
  }

  async saveMapping(auth: AuthContext, body: z.output<typeof ZMappingRequest>, ip: string): Promise<TMappingResponse> {
    const restaurantId = requireRestaurantId(auth);
    const categoryIds = new Set(await this.repo.categoryIds(restaurantId));
    body.categories.forEach((c, i) => {
      if (!categoryIds.has(c.categoryId)) throw menuFieldError(`categories.${i}.categoryId`, 'menu.categoryNotFound');
    });
    body.prefixRules.forEach((r, i) => {
      if (!categoryIds.has(r.categoryId)) throw menuFieldError(`prefixRules.${i}.categoryId`, 'menu.categoryNotFound');
    });
    if (new Set(body.categories.map((c) => c.categoryId)).size !== body.categories.length)
      throw new FieldError('categories', en('menu.duplicateIds'));
    const itemIds = body.categories.flatMap((c) => c.itemIds);
    const found = await this.repo.itemIdsExisting(restaurantId, itemIds);
    if (itemIds.some((id) => !found.has(id))) throw menuFieldError('categories', 'menu.itemNotFound');
    await this.writer.write(
      restaurantId,
      { userId: auth.userId, ip },
      {
        action: 'menu.mapping.update',
        targetType: 'menuChannel',
        details: () => ({ channel: body.channel, categories: body.categories.length, prefixRules: body.prefixRules }),
      },
      (repo, now) => repo.saveMapping(restaurantId, body.channel, body.categories, body.prefixRules, now),
    );
    return this.mapping(auth, body.channel);
  }

  /** The published menu of a channel now, with its ETag (cached until something it shows can change). */
  async published(
    restaurantId: number,
    channel: TMenuChannel,
  ): Promise<{ etag: string; body: TPublishedMenu; json: string; encoded: Map<TPublishedEncoding, Buffer> }> {
    const now = this.clock.now().getTime();
    const revision = await this.repo.revision(restaurantId);
    const key = `${restaurantId}:${channel}`;
    const cached = this.cache.get(key);
    if (cached && cached.revision === revision && now < cached.validUntil && now >= cached.builtAt) return cached;
    const built = await this.build(restaurantId, channel, new Date(now));
    const etag = `"${createHash('sha1').update(JSON.stringify(built.body)).digest('base64url')}"`;
    // Checked against the published schema once, when built; warm requests send the cached text.
    const body = ZPublishedMenu.parse({ ...built.body, version: etag.slice(1, -1) });
    const entry: TCached = {
      revision,
      validUntil: built.validUntil,
      builtAt: now,
      etag,
      body,
      json: JSON.stringify(body),
      encoded: new Map(),
    };
    this.cache.set(key, entry);
    return entry;
  }

  private async build(restaurantId: number, channel: TMenuChannel, now: Date) {
    const [categories, items, stored, settings, groupIds, nextSoldOutEnd] = await Promise.all([
      this.repo.categories(restaurantId),
      this.repo.items(restaurantId),
      this.repo.mapping(restaurantId, channel),
      this.repo.restaurantSettings(restaurantId),
      this.repo.itemGroupIds(restaurantId),
      this.repo.nextSoldOutEnd(restaurantId, now),
    ]);
    const local = zonedParts(now, settings.timeZone);
    const minuteOfWeek = local.weekday * 1440 + local.hour * 60 + local.minute;
    let nextChange = nextSoldOutEnd ? nextSoldOutEnd.getTime() : now.getTime() + MAX_CACHE_MS;
    const startOfMinute = now.getTime() - local.second * 1000 - (now.getTime() % 1000);

    const rates = new Map(categories.map((c) => [c.category.id, c.category.taxRateMilliPercent]));
    const layout = channelLayout(
      categories.map((c) => c.category),
      items,
      stored,
    );
    const usedGroups = new Set<number>();
    const out: TPublishedMenu['categories'] = [];
    for (const entry of layout) {
      if (!entry.visible) continue;
      const shown: TPublishedItem[] = [];
      for (const { item } of entry.items) {
        const setting = snapshotOf(item, []).channels[channel];
        if (!setting.visible) continue;
        const ranges = parseDishHours(item.dishHours) ?? [];
        const boundary = nextDishHourBoundary(ranges, minuteOfWeek);
        if (boundary !== null) nextChange = Math.min(nextChange, startOfMinute + boundary * MINUTE);
        const available =
          !isSoldOutAt(item, now) && isWithinDishHours(ranges, local.weekday, local.hour * 60 + local.minute);
        if (!available && item.hideWhenUnavailable) continue;
        const groups = groupIds.get(item.id) ?? [];
        for (const g of groups) usedGroups.add(g);
        const rate =
          item.taxRateMilliPercent ??
          (item.categoryId !== null ? rates.get(item.categoryId) : null) ??
          settings.defaultTaxRateMilliPercent;
        shown.push({
          id: item.id,
          itemId: item.itemCode,
          name: item.name,
          foreignName: item.foreignName,
          printName: item.printName,
          priceCents: setting.priceCents ?? item.priceCents,
          promoPriceCents: item.promoPriceCents,
          subtitle: item.subtitle,
          description: item.description,
          imageIds: item.imageIds,
          coverImageId: item.coverImageId,
          unit: item.unit,
          openPrice: item.openPrice,
          taxRateMilliPercent: rate,
          taxRateBp: milliPercentToBasisPoints(rate),
          taxIncluded: item.taxIncluded,
          minOrderQty: item.minOrderQty,
          maxOrderQty: item.maxOrderQty,
          options: channel === 'pos' ? item.options : item.options.filter((o) => o.visibleToCustomer),
          modifierGroupIds: groups,
          printers: item.printers,
          available,
        });
      }
      if (shown.length)
        out.push({
          id: entry.category.id,
          name: entry.category.name,
          foreignName: entry.category.foreignName,
          items: shown,
        });
    }
    // Nested groups a shown group opens are part of the menu too.
    const all = await this.modifierGroups.modifierGroups(restaurantId);
    const byId = new Map(all.map((g) => [g.id, g]));
    const queue = [...usedGroups];
    while (queue.length) {
      const g = byId.get(queue.pop()!);
      for (const m of g?.modifiers ?? []) {
        if (m.childGroupId !== null && !usedGroups.has(m.childGroupId)) {
          usedGroups.add(m.childGroupId);
          queue.push(m.childGroupId);
        }
      }
    }
    const modifierGroups = all
      .filter((g) => usedGroups.has(g.id) && (channel === 'pos' || g.visible))
      .map(({ itemIds: _items, sort: _sort, updatedAt: _updated, ...rest }) => rest);
    return {
      body: { channel, version: '', categories: out, modifierGroups },
      validUntil: Math.min(nextChange, now.getTime() + MAX_CACHE_MS),
    };
  }
}
