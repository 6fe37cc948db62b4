import type { TIngestOrderRequest } from '@ra/shared/orders/orders.schemas';
import type { TIngestedOrder } from '../orders/orders.repository.ts';

type TIngest = (restaurantId: number, orders: readonly TIngestOrderRequest[]) => Promise<TIngestedOrder[]>;

interface TWaiting {
  order: TIngestOrderRequest;
  resolve: (result: TIngestedOrder) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for platform orders: while one restaurant's ingestion transaction runs, the orders that
 * arrive meanwhile wait and then go in together, as one batch in one transaction (up to `max`). An
 * order arriving when nothing runs goes in at once, alone, so a quiet restaurant waits for nothing;
 * under a burst (a platform's lunch rush) each transaction carries many orders instead of one, which is
 * what PGlite's single connection needs. The same platform order twice in one batch is stored once:
 * the first answer is its result, the others read 'unchanged'. If a batch fails, its orders are tried
 * one by one, so one bad order cannot refuse the others.
 */
export class IngestBatcher {
  private readonly queues = new Map<number, TWaiting[]>();

  constructor(
    private readonly ingest: TIngest,
    private readonly max = 50,
  ) {}

  submit(restaurantId: number, order: TIngestOrderRequest): Promise<TIngestedOrder> {
    return new Promise((resolve, reject) => {
      const waiting = this.queues.get(restaurantId);
      if (waiting) {
        waiting.push({ order, resolve, reject });
        return;
      }
      const queue: TWaiting[] = [{ order, resolve, reject }];
      this.queues.set(restaurantId, queue);
      void this.drain(restaurantId, queue);
    });
  }

  private async drain(restaurantId: number, queue: TWaiting[]): Promise<void> {
    try {
      while (queue.length > 0) await this.run(restaurantId, queue.splice(0, this.max));
    } finally {
      this.queues.delete(restaurantId);
    }
  }

  private async run(restaurantId: number, batch: TWaiting[]): Promise<void> {
    const byId = new Map<string, TWaiting[]>();
    for (const w of batch) byId.set(w.order.posOrderId, [...(byId.get(w.order.posOrderId) ?? []), w]);
    const answer = (waiters: TWaiting[], result: TIngestedOrder) =>
      waiters.forEach((w, i) => w.resolve(i === 0 ? result : { ...result, result: 'unchanged' }));
    const orders = [...byId.values()].map((waiters) => waiters[0]!.order);
    try {
      const results = await this.ingest(restaurantId, orders);
      const found = new Map(results.map((r) => [r.posOrderId, r]));
      for (const [id, waiters] of byId) {
        const result = found.get(id);
        if (result) answer(waiters, result);
        else waiters.forEach((w) => w.reject(new Error(`platform order ${id} not stored`)));
      }
    } catch (error) {
      if (orders.length === 1) {
        batch.forEach((w) => w.reject(error));
        return;
      }
      for (const waiters of byId.values()) {
        try {
          const [result] = await this.ingest(restaurantId, [waiters[0]!.order]);
          if (result) answer(waiters, result);
          else waiters.forEach((w) => w.reject(new Error('platform order not stored')));
        } catch (single) {
          waiters.forEach((w) => w.reject(single));
        }
      }
    }
  }
}
