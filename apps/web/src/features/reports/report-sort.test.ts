// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { COMPS_VOIDS_SORT_KEYS, PAYOUT_SORT_KEYS, type TPayoutSortKey } from '@ra/shared/reports/report-constants';
import { listQuery, type TListRequest } from './api/report-query.ts';
import { antSortOrder, listSortOf, withListSort } from './report-sort.ts';

const range = { preset: 'custom' as const, from: '2026-03-01', to: '2026-03-31' };

describe('server-side list sorting', () => {
  it('asks the server for the clicked column in the clicked direction', () => {
    expect(listSortOf({ columnKey: 'amountCents', order: 'descend' }, COMPS_VOIDS_SORT_KEYS)).toEqual({
      sort: 'amountCents',
      order: 'desc',
    });
    expect(listSortOf({ columnKey: 'itemName', order: 'ascend' }, COMPS_VOIDS_SORT_KEYS)).toEqual({
      sort: 'itemName',
      order: 'asc',
    });
  });

  it('goes back to newest first when the sort is cleared or the column is not one the server sorts by', () => {
    expect(listSortOf({ columnKey: 'amountCents', order: null }, PAYOUT_SORT_KEYS)).toEqual({
      sort: 'at',
      order: 'desc',
    });
    expect(listSortOf({ columnKey: 'reason', order: 'ascend' }, PAYOUT_SORT_KEYS)).toEqual({
      sort: 'at',
      order: 'desc',
    });
  });

  it('shows the arrow on the sorted column only', () => {
    expect(antSortOrder('amountCents', { sort: 'amountCents', order: 'asc' })).toBe('ascend');
    expect(antSortOrder('at', { sort: 'at', order: 'desc' })).toBe('descend');
    expect(antSortOrder('at', { sort: 'amountCents', order: 'asc' })).toBeNull();
  });

  it('starts a new order on page 1 and keeps the page size', () => {
    const request: TListRequest<TPayoutSortKey> = { page: 4, pageSize: 100, sort: 'at', order: 'desc' };
    expect(withListSort(request, { sort: 'amountCents', order: 'desc' })).toEqual({
      page: 1,
      pageSize: 100,
      sort: 'amountCents',
      order: 'desc',
    });
    // The same order again (a re-render) keeps the page the user is on.
    expect(withListSort(request, { sort: 'at', order: 'desc' })).toBe(request);
  });

  it('sends the order with the page in the list query', () => {
    expect(listQuery(range, { page: 1, pageSize: 50, sort: 'amountCents', order: 'asc' })).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      preset: 'custom',
      compare: true,
      page: 1,
      pageSize: 50,
      sort: 'amountCents',
      order: 'asc',
    });
  });
});
