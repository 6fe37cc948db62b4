// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { audienceSize, customerSearch, pagerTotal, parseCustomerSearch, searchUnchanged } from './customers-filter.ts';

describe('customer list filters in the URL', () => {
  it('round-trips every filter and the page', () => {
    const state = parseCustomerSearch(
      new URLSearchParams(
        'range=3m&sort=points&order=asc&spentMin=1000&spentMax=25050&ordersMin=2&ordersMax=9&notSeen=30&q=Lin&page=3',
      ),
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
    const state = parseCustomerSearch(
      new URLSearchParams('range=5y&sort=name&order=up&spentMin=-3&ordersMax=1.5&page=0'),
    );
    expect(state).toEqual({ range: 'all', sort: 'lastOrderAt', order: 'desc', page: 1 });
    expect(customerSearch(state).toString()).toBe('');
  });

  it('tells an unchanged search from a changed one, absent and undefined alike', () => {
    const current = parseCustomerSearch(new URLSearchParams('ordersMin=2'));
    expect(
      searchUnchanged(
        { range: 'all', sort: 'lastOrderAt', order: 'desc', ordersMin: 2, spentMin: undefined, notSeenDays: undefined },
        current,
      ),
    ).toBe(true);
    expect(searchUnchanged({ ...current, ordersMin: 3 }, current)).toBe(false);
    expect(searchUnchanged({ ...current, range: '1y' }, current)).toBe(false);
  });
});

describe('the pager and the audience while the count is its own request', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => i);

  it('offers the next page when more follow, before the count arrives', () => {
    expect(pagerTotal(undefined, undefined)).toBe(0);
    expect(pagerTotal({ page: 1, pageSize: 20, rows: rows(20), hasMore: true }, undefined)).toBe(21);
    expect(pagerTotal({ page: 1, pageSize: 20, rows: rows(20), hasMore: false }, undefined)).toBe(20);
    expect(pagerTotal({ page: 3, pageSize: 20, rows: rows(7), hasMore: false }, undefined)).toBe(47);
    expect(pagerTotal({ page: 1, pageSize: 20, rows: [], hasMore: false }, undefined)).toBe(0);
  });

  it('uses the count once it arrives, never showing fewer pages than the server said exist', () => {
    expect(
      pagerTotal({ page: 1, pageSize: 20, rows: rows(20), hasMore: true }, { total: 4_321, totalCapped: false }),
    ).toBe(4_321);
    expect(pagerTotal(undefined, { total: 12, totalCapped: false })).toBe(12);
    // past the 10,000 cap the next page is still reachable
    expect(
      pagerTotal({ page: 500, pageSize: 20, rows: rows(20), hasMore: true }, { total: 10_000, totalCapped: true }),
    ).toBe(10_001);
  });

  it('selects the ticked customers, or every result up to 1,000, unknown until counted', () => {
    expect(audienceSize(false, [4, 8], undefined)).toBe(2);
    expect(audienceSize(false, [], { total: 50, totalCapped: false })).toBe(0);
    expect(audienceSize(true, [4, 8], undefined)).toBeNull();
    expect(audienceSize(true, [4, 8], { total: 37, totalCapped: false })).toBe(37);
    expect(audienceSize(true, [], { total: 1_000, totalCapped: false })).toBe(1_000);
    expect(audienceSize(true, [], { total: 10_000, totalCapped: true })).toBe(1_000);
    expect(audienceSize(true, [], { total: 0, totalCapped: false })).toBe(0);
  });
});
