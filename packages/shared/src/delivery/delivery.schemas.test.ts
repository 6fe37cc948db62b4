import { describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES } from './delivery.messages.ts';
import {
  ZMarkup,
  ZPlatformHours,
  mappedMenu,
  markedUpCents,
  menuProblems,
  type TPublishableMenu,
} from './delivery.schemas.ts';

const item = (over: Partial<TPublishableMenu['categories'][number]['items'][number]> = {}) => ({
  id: 'burger',
  name: 'Harbor Burger',
  description: '',
  priceCents: 1800,
  image: null,
  modifierGroups: [],
  ...over,
});
const menu = (...items: ReturnType<typeof item>[]): TPublishableMenu => ({
  categories: [{ id: 'mains', name: 'Mains', items }],
});

describe(menuProblems.name, () => {
  it('accepts a menu within the platform’s rules', () => {
    expect(menuProblems(menu(item()), 'doordash')).toEqual([]);
  });

  it('refuses a name over the platform’s length, which another platform accepts', () => {
    const long = item({ name: 'Slow-roasted half chicken with lemon and herbs' }); // 46 characters
    expect(menuProblems(menu(long), 'ubereats')).toEqual([
      expect.objectContaining({ itemId: 'burger', problem: 'nameTooLong', limit: '40', actual: '46' }),
    ]);
    expect(menuProblems(menu(long), 'grubhub')).toEqual([]);
  });

  it('counts characters, not UTF-16 units, for Chinese names', () => {
    expect(menuProblems(menu(item({ name: '宫保鸡丁'.repeat(10) })), 'ubereats')).toEqual([]);
    expect(menuProblems(menu(item({ name: '宫保鸡丁'.repeat(10) + '丁' })), 'ubereats')[0]?.problem).toBe(
      'nameTooLong',
    );
  });

  it('refuses a modifier group with no maximum (-1) and names the group', () => {
    const problems = menuProblems(
      menu(item({ modifierGroups: [{ name: 'Requests', min: 0, max: -1, options: [] }] })),
      'grubhub',
    );
    expect(problems).toEqual([expect.objectContaining({ problem: 'modifierUnlimited', group: 'Requests' })]);
  });

  it('refuses a photo below the platform’s minimum size and accepts an item without one', () => {
    const small = item({ image: { width: 1200, height: 900 } });
    expect(menuProblems(menu(small), 'doordash')).toEqual([
      expect.objectContaining({ problem: 'imageTooSmall', limit: '1400×800', actual: '1200×900' }),
    ]);
    expect(menuProblems(menu(small), 'ubereats')).toEqual([]);
  });

  it('refuses a description over the length limit', () => {
    expect(menuProblems(menu(item({ description: 'x'.repeat(251) })), 'doordash')[0]?.problem).toBe(
      'descriptionTooLong',
    );
  });
});

describe(mappedMenu.name, () => {
  it('leaves out excluded categories and items, and categories left empty', () => {
    const full: TPublishableMenu = {
      categories: [
        { id: 'raw-bar', name: 'Raw bar', items: [item({ id: 'oysters' })] },
        { id: 'mains', name: 'Mains', items: [item({ id: 'burger' }), item({ id: 'steak' })] },
        { id: 'drinks', name: 'Drinks', items: [item({ id: 'soda' })] },
      ],
    };
    const mapped = mappedMenu(full, { excludedCategories: ['raw-bar'], excludedItems: ['steak', 'soda'] });
    expect(mapped.categories.map((c) => [c.id, c.items.map((i) => i.id)])).toEqual([['mains', ['burger']]]);
  });
});

describe(markedUpCents.name, () => {
  it('adds a percentage rounded half up to the cent, or a fixed amount', () => {
    expect(markedUpCents(1000, { kind: 'percent', basisPoints: 1500 })).toBe(1150);
    // 12.5% of $19.99 is 249.875 cents: 250.
    expect(markedUpCents(1999, { kind: 'percent', basisPoints: 1250 })).toBe(2249);
    expect(markedUpCents(1000, { kind: 'fixed', cents: 75 })).toBe(1075);
    expect(markedUpCents(1000, { kind: 'percent', basisPoints: 0 })).toBe(1000);
  });
});

describe('markup and hours validation', () => {
  it('refuses a percentage over 50% and a fixed markup over $20 with the shared messages', () => {
    const percent = ZMarkup.safeParse({ kind: 'percent', basisPoints: 5001 });
    expect(percent.error?.issues[0]?.message).toBe(DELIVERY_MESSAGES['delivery.markupPercentRange'].en);
    const fixed = ZMarkup.safeParse({ kind: 'fixed', cents: 2001 });
    expect(fixed.error?.issues[0]?.message).toBe(DELIVERY_MESSAGES['delivery.markupFixedRange'].en);
  });

  it('accepts a range past midnight and refuses an empty one or a bad time', () => {
    const week = (range: { open: string; close: string }) => ({
      sameAsRestaurant: false,
      weekly: Array(7).fill([range]),
    });
    expect(ZPlatformHours.safeParse(week({ open: '18:00', close: '02:00' })).success).toBe(true);
    expect(ZPlatformHours.safeParse(week({ open: '18:00', close: '18:00' })).error?.issues[0]?.message).toBe(
      DELIVERY_MESSAGES['delivery.rangeEmpty'].en,
    );
    expect(ZPlatformHours.safeParse(week({ open: '7:00', close: '18:00' })).error?.issues[0]?.message).toBe(
      DELIVERY_MESSAGES['delivery.timeFormat'].en,
    );
  });
});
