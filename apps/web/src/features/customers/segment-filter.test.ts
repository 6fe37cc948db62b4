import { describe, expect, it } from 'vitest';
import { ZCustomerFilter } from '@ra/shared/customers/customers.schemas';
import { conditionsOf, fromSegmentFilter, toRequestFilter } from './segment-filter.ts';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('a segment filter', () => {
  it('goes to the server in dollars and comes back in cents, the same filter', () => {
    const filter = {
      range: '3m' as const,
      sort: 'points' as const,
      order: 'desc' as const,
      spentMin: 15_050,
      ordersMin: 3,
    };
    const request = toRequestFilter(filter);
    expect(request).toEqual({ range: '3m', sort: 'points', order: 'desc', spentMin: '150.50', ordersMin: 3 });
    // what the server stores is what the page held
    const parsed = ZCustomerFilter.parse(request);
    expect(parsed.spentMin).toBe(15_050);
    expect(fromSegmentFilter({ ...parsed, spentMin: parsed.spentMin!, q: undefined })).toEqual(filter);
  });

  it('drops bounds that are not set', () => {
    expect(toRequestFilter({ range: 'all', sort: 'lastOrderAt', order: 'desc', spentMax: undefined })).toEqual({
      range: 'all',
      sort: 'lastOrderAt',
      order: 'desc',
    });
  });

  it('reads as conditions, or everyone when nothing is set', () => {
    expect(conditionsOf({ range: 'all', sort: 'lastOrderAt', order: 'desc' }, money)).toEqual([
      { key: 'everyone', values: {} },
    ]);
    expect(
      conditionsOf(
        {
          range: '1y',
          sort: 'lastOrderAt',
          order: 'desc',
          spentMin: 15_000,
          ordersMin: 2,
          ordersMax: 5,
          notSeenDays: 60,
          q: 'Lee',
        },
        money,
      ).map((c) => c.key),
    ).toEqual(['range_1y', 'spentAtLeast', 'ordersBetween', 'notSeenFor', 'matching']);
  });
});
