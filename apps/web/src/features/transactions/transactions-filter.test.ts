// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dollarsToCents, parseTransactionsFilter, transactionsSearch } from './transactions-filter.ts';

describe('transactions filter in the URL', () => {
  it('defaults to today, first page, newest first', () => {
    expect(parseTransactionsFilter(new URLSearchParams(''), '2026-03-11')).toEqual({
      from: '2026-03-11',
      to: '2026-03-11',
      q: undefined,
      method: undefined,
      kind: undefined,
      status: undefined,
      minCents: undefined,
      maxCents: undefined,
      page: 1,
      pageSize: 50,
      sort: '-at',
    });
  });

  it('round-trips every filter', () => {
    const search = new URLSearchParams(
      'from=2026-03-01&to=2026-03-07&q=1042&method=card&kind=refund&status=refunded&min=500&max=2500&page=3&pageSize=100&sort=-amount',
    );
    const filter = parseTransactionsFilter(search, '2026-03-11');
    expect(filter).toMatchObject({
      method: 'card',
      kind: 'refund',
      minCents: 500,
      maxCents: 2500,
      page: 3,
      sort: '-amount',
    });
    expect(transactionsSearch(filter).toString()).toBe(search.toString());
  });

  it('drops values the server would refuse and swaps a reversed amount range', () => {
    const filter = parseTransactionsFilter(
      new URLSearchParams('method=bitcoin&kind=x&min=5000&max=100&page=-2&pageSize=7&sort=name'),
      '2026-03-11',
    );
    expect(filter).toMatchObject({
      method: undefined,
      kind: undefined,
      minCents: 100,
      maxCents: 5000,
      page: 1,
      pageSize: 50,
      sort: '-at',
    });
  });

  it('reads dollar amounts typed in the filter as cents', () => {
    expect(dollarsToCents(12.5)).toBe(1250);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(null)).toBeUndefined();
  });
});
