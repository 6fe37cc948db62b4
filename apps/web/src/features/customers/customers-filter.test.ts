// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { customerSearch, parseCustomerSearch, searchUnchanged } from './customers-filter.ts';

describe('customer list filters in the URL', () => {
  it('round-trips every filter and the page', () => {
    const state = parseCustomerSearch(
      new URLSearchParams('range=3m&sort=points&order=asc&spentMin=1000&spentMax=25050&ordersMin=2&ordersMax=9&notSeen=30&q=Lin&page=3'),
    );
    expect(state).toEqual({
      range: '3m',
      sort: 'points',
      order: 'asc',
      spentMin: 1000,
      spentMax: 25050,
      ordersMin: 2,
      ordersMax: 9,
      notSeenDays: 30,
      q: 'Lin',
      page: 3,
    });
    expect(parseCustomerSearch(customerSearch(state))).toEqual(state);
  });

  it('falls back to the defaults for junk and leaves defaults out of the URL', () => {
    const state = parseCustomerSearch(new URLSearchParams('range=5y&sort=name&order=up&spentMin=-3&ordersMax=1.5&page=0'));
    expect(state).toEqual({ range: 'all', sort: 'lastOrderAt', order: 'desc', page: 1 });
    expect(customerSearch(state).toString()).toBe('');
  });

  it('tells an unchanged search from a changed one, absent and undefined alike', () => {
    const current = parseCustomerSearch(new URLSearchParams('ordersMin=2'));
    expect(searchUnchanged({ range: 'all', sort: 'lastOrderAt', order: 'desc', ordersMin: 2, spentMin: undefined, notSeenDays: undefined }, current)).toBe(true);
    expect(searchUnchanged({ ...current, ordersMin: 3 }, current)).toBe(false);
    expect(searchUnchanged({ ...current, range: '1y' }, current)).toBe(false);
  });
});
