// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  dollarsToCents,
  isFiltered,
  libraryQuery,
  librarySearch,
  milliPercentToPercent,
  parseLibraryFilter,
  percentToMilliPercent,
} from './library-filter.ts';

const parse = (qs: string) => parseLibraryFilter(new URLSearchParams(qs));

describe('item library filter in the URL', () => {
  it('reads every filter, the page, the sort and the open dialog', () => {
    expect(
      parse(
        'q=gbjd&category=3&channel=online&soldOut=true&min=500&max=2000&page=2&pageSize=100&sort=-price&dialog=bulk',
      ),
    ).toEqual({
      q: 'gbjd',
      categoryId: 3,
      channel: 'online',
      soldOut: true,
      minCents: 500,
      maxCents: 2000,
      page: 2,
      pageSize: 100,
      sort: '-price',
      dialog: 'bulk',
    });
  });

  it('falls back to the first page of the menu order for anything it does not understand', () => {
    const f = parse('category=abc&channel=fax&soldOut=maybe&min=-5&page=0&pageSize=7&sort=random&dialog=evil');
    expect(f).toMatchObject({ page: 1, pageSize: 50, sort: 'sort' });
    expect(f.categoryId).toBeUndefined();
    expect(f.channel).toBeUndefined();
    expect(f.soldOut).toBeUndefined();
    expect(f.minCents).toBeUndefined();
    expect(f.dialog).toBeUndefined();
  });

  it('swaps a price range given the wrong way round', () => {
    expect(parse('min=3000&max=1000')).toMatchObject({ minCents: 1000, maxCents: 3000 });
  });

  it('writes a filter back to the same URL it was read from, leaving defaults out', () => {
    const qs = 'q=fish&category=4&soldOut=false&min=100&page=3&sort=name';
    expect(librarySearch(parse(qs)).toString()).toBe(qs);
    expect(librarySearch(parse('')).toString()).toBe('');
  });

  it('sends the API the filters without the dialog, sold out as text', () => {
    expect(libraryQuery(parse('soldOut=false&dialog=import'))).toEqual({
      q: undefined,
      categoryId: undefined,
      channel: undefined,
      soldOut: 'false',
      minCents: undefined,
      maxCents: undefined,
      page: 1,
      pageSize: 50,
      sort: 'sort',
    });
  });

  it('knows when the list is narrowed', () => {
    expect(isFiltered(parse('page=4&sort=name'))).toBe(false);
    expect(isFiltered(parse('soldOut=false'))).toBe(true);
  });

  it('turns dollars typed in a box into whole cents', () => {
    expect(dollarsToCents('12.345')).toBe(1235);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents('')).toBeUndefined();
    expect(dollarsToCents('-1')).toBeUndefined();
  });
});

describe('bulk-edit tax rate box', () => {
  it('turns a percent with three decimals into thousandths of a percent and back', () => {
    expect(percentToMilliPercent(8.875)).toBe(8875);
    expect(percentToMilliPercent(9.375)).toBe(9375);
    expect(percentToMilliPercent(10.1)).toBe(10_100);
    expect(percentToMilliPercent(null)).toBeNull();
    expect(milliPercentToPercent(8875)).toBe(8.875);
    expect(milliPercentToPercent(null)).toBeUndefined();
  });
});
