import { describe, expect, it } from 'vitest';
import type { TIngestOrderRequest } from '@ra/shared/orders/orders.schemas';
import type { TIngestedOrder } from '../orders/orders.module.ts';
import { IngestBatcher } from './ingest-batcher.ts';

const order = (posOrderId: string) => ({ posOrderId }) as TIngestOrderRequest;
const stored = (posOrderId: string): TIngestedOrder =>
  ({
    posOrderId,
    orderId: Number(posOrderId.replace(/\D/g, '')),
    businessDay: '2026-03-14',
    result: 'created',
    late: false,
  }) as TIngestedOrder;

/** An ingestion that records its batches and finishes each when told to. */
function fakeIngest(fail: (ids: string[]) => boolean = () => false) {
  const batches: string[][] = [];
  const pending: Array<() => void> = [];
  const ingest = (_restaurantId: number, orders: readonly TIngestOrderRequest[]) => {
    const ids = orders.map((o) => o.posOrderId);
    batches.push(ids);
    return new Promise<TIngestedOrder[]>((resolve, reject) =>
      pending.push(() => (fail(ids) ? reject(new Error(`bad ${ids.join(',')}`)) : resolve(ids.map(stored)))),
    );
  };
  const finishAll = async () => {
    while (pending.length) {
      pending.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { batches, ingest, finishAll };
}

describe('IngestBatcher', () => {
  it('sends a first order at once and the ones arriving meanwhile together, the same order once', async () => {
    const fake = fakeIngest();
    const batcher = new IngestBatcher(fake.ingest, 3);
    const answers = ['o1', 'o2', 'o3', 'o3', 'o4', 'o5'].map((id) => batcher.submit(7, order(id)));
    const done = Promise.all(answers);
    await fake.finishAll();
    const results = await done;
    // o1 alone; then o2, o3 (twice: one batch entry), o4 — the batch holds 3 entries of the waiting 5.
    expect(fake.batches).toEqual([['o1'], ['o2', 'o3'], ['o4', 'o5']]);
    expect(results.map((r) => r.result)).toEqual(['created', 'created', 'created', 'unchanged', 'created', 'created']);
    expect(results[3]!.orderId).toBe(results[2]!.orderId);
  });

  it('keeps restaurants apart, and tries a failed batch one order at a time', async () => {
    const fake = fakeIngest((ids) => ids.includes('bad9'));
    const batcher = new IngestBatcher(fake.ingest);
    const first = batcher.submit(1, order('a1'));
    const other = batcher.submit(2, order('b1'));
    const good = batcher.submit(1, order('a2'));
    const bad = batcher.submit(1, order('bad9'));
    const settled = Promise.allSettled([first, other, good, bad]);
    await fake.finishAll();
    const [r1, r2, r3, r4] = await settled;
    expect(fake.batches).toEqual([['a1'], ['b1'], ['a2', 'bad9'], ['a2'], ['bad9']]);
    expect([r1.status, r2.status, r3.status]).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(r4).toMatchObject({ status: 'rejected', reason: new Error('bad bad9') });
  });

  it('during a burst, waits a moment for the orders arriving so they go in together', async () => {
    const fake = fakeIngest();
    const batcher = new IngestBatcher(fake.ingest, 50, 30);
    const first = batcher.submit(3, order('c1'));
    await fake.finishAll();
    await first;
    // A batch just ended: the next order waits 30 ms, and the ones sent meanwhile join it.
    const next = [batcher.submit(3, order('c2'))];
    await new Promise((r) => setTimeout(r, 5));
    next.push(batcher.submit(3, order('c3')), batcher.submit(3, order('c4')));
    await new Promise((r) => setTimeout(r, 60));
    await fake.finishAll();
    await Promise.all(next);
    expect(fake.batches).toEqual([['c1'], ['c2', 'c3', 'c4']]);
  });
});
