// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MENU_CHANNELS, type TLibraryRow } from '@ra/shared/menu/menu.schemas';
import { cellText, libraryColumns, sortFromTable, sortOrderOf, type TCellContext } from './library-columns.ts';

const row: TLibraryRow = {
  id: 7,
  itemId: 'GD-101',
  name: '宫保鸡丁',
  foreignName: 'Kung Pao Chicken',
  categoryId: 2,
  categoryName: 'Chef’s Specials',
  priceCents: 1595,
  effectiveTaxRateMilliPercent: 10100,
  channels: {
    pos: { visible: true, priceCents: null },
    kiosk: { visible: true, priceCents: null },
    online: { visible: true, priceCents: 1695 },
    thirdParty: { visible: false, priceCents: null },
  },
  dishHours: '11:00-14:30;1-5',
  coverImageId: null,
  soldOut: false,
  soldOutUntil: null,
  updatedAt: '2026-03-14T23:00:00.000Z',
};

const ctx: TCellContext = {
  lang: 'en',
  timeZone: 'America/New_York',
  words: {
    channel: (c) => ({ pos: 'POS', kiosk: 'Kiosk', online: 'Online', thirdParty: 'Delivery' })[c],
    noCategory: 'No category',
    allChannels: 'All channels',
    noChannels: 'Hidden everywhere',
    onSale: 'On sale',
    soldOut: 'Sold out',
    soldOutUntil: (when) => `Sold out until ${when}`,
  },
};

describe('item library columns', () => {
  it('shows name, item_id, category, price, channels, dish hours and sold out, in that order', () => {
    expect(libraryColumns()).toEqual(['item', 'itemId', 'category', 'price', 'channels', 'dishHours', 'soldOut']);
  });

  it('says what each cell holds in words', () => {
    expect(cellText('item', row, ctx)).toBe('宫保鸡丁 (Kung Pao Chicken)');
    expect(cellText('price', row, ctx)).toBe('$15.95');
    expect(cellText('channels', row, ctx)).toBe('POS, Kiosk, Online $16.95');
    expect(cellText('dishHours', row, ctx)).toBe('Mon–Fri 11:00–14:30');
    expect(cellText('soldOut', row, ctx)).toBe('On sale');
    expect(cellText('category', { ...row, categoryName: null }, ctx)).toBe('No category');
  });

  it('says "all channels" when the item shows everywhere at its own price, and "hidden" when nowhere', () => {
    const everywhere = Object.fromEntries(
      MENU_CHANNELS.map((c) => [c, { visible: true, priceCents: null }]),
    ) as TLibraryRow['channels'];
    expect(cellText('channels', { ...row, channels: everywhere }, ctx)).toBe('All channels');
    const nowhere = Object.fromEntries(
      MENU_CHANNELS.map((c) => [c, { visible: false, priceCents: null }]),
    ) as TLibraryRow['channels'];
    expect(cellText('channels', { ...row, channels: nowhere }, ctx)).toBe('Hidden everywhere');
  });

  it('gives a sold-out item its "until" time in the restaurant’s zone', () => {
    const text = cellText('soldOut', { ...row, soldOut: true, soldOutUntil: '2026-03-15T07:00:00.000Z' }, ctx);
    expect(text).toMatch(/^Sold out until .*3:00/);
    expect(cellText('soldOut', { ...row, soldOut: true }, ctx)).toBe('Sold out');
  });

  it('maps header clicks to the server’s sorts and back', () => {
    expect(sortFromTable('price', 'descend')).toBe('-price');
    expect(sortFromTable('item', 'ascend')).toBe('name');
    expect(sortFromTable('category', 'ascend')).toBe('sort');
    expect(sortFromTable('price', null)).toBe('sort');
    expect(sortOrderOf('price', '-price')).toBe('descend');
    expect(sortOrderOf('item', 'name')).toBe('ascend');
    expect(sortOrderOf('price', 'name')).toBeNull();
  });
});
