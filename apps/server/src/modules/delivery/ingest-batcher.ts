import type { TIngestOrderRequest } from '@ra/shared/orders/orders.schemas';
import type { TIngestedOrder } from '../orders/orders.module.ts';

/** Stores a batch; `tags[i]` is what the caller submitted with `orders[i]`. */
type TIngest<TTag> = (
  restaurantId: number,
  orders: readonly TIngestOrderRequest[],
  tags: readonly TTag[],
) => Promise<TIngestedOrder[]>;

interface TWaiting<TTag> {
  order: TIngestOrderRequest;
  tag: TTag;
  resolve: (result: TIngestedOrder) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for platform orders: while one restaurant's ingestion transaction runs, the orders that
 * arrive meanwhile wait and then go in together, as one batch in one transaction (up to `max`). An
 * order arriving when the restaurant has been quiet (no batch ended in the last `burstMs`) goes in at
 * once, alone, so a quiet restaurant waits for nothing. During a burst (a platform's lunch rush) a new
 * batch first waits `gatherMs` for the orders already arriving: on PGlite a transaction runs start to
 * end without letting the next request in, so without the wait every order would go in alone. Each
 * transaction then carries many orders instead of one. The same platform order twice in one batch is
 * stored once: the first answer is its result, the others read 'unchanged'. If a batch fails, its
 * orders are tried one by one, so one bad order cannot refuse the others.
 */
export class IngestBatcher<TTag = undefined> {
  private readonly queues = new Map<number, Array<TWaiting<TTag>>>();
  /** When each restaurant's last batch ended (performance.now()), to tell a burst from a lone order. */
  private readonly lastEnded = new Map<number, number>();

  constructor(
    private readonly ingest: TIngest<TTag>,
    private readonly max = 50,
    private readonly gatherMs = 10,
    private readonly burstMs = 1_000,
  ) {}

  /** `tag` goes to the ingest function with the order (the same order twice: the first one's tag). */
  submit(restaurantId: number, order: TIngestOrderRequest, tag?: TTag): Promise<TIngestedOrder> {
    return new Promise((resolve, reject) => {
      const waiting = this.queues.get(restaurantId);
      const entry = { order, tag: tag as TTag, resolve, reject };
      if (waiting) {
        waiting.push(entry);
        return;
      }
      const queue: Array<TWaiting<TTag>> = [entry];
      this.queues.set(restaurantId, queue);
      void this.drain(restaurantId, queue);
    });
  }

  private async drain(restaurantId: number, queue: Array<TWaiting<TTag>>): Promise<void> {
    try {
      const last = this.lastEnded.get(restaurantId);
      if (this.gatherMs > 0 && last !== undefined && performance.now() - last < this.burstMs) {
        await new Promise((resolve) => setTimeout(resolve, this.gatherMs));
      }
      while (queue.length > 0) await this.run(restaurantId, queue.splice(0, this.max));
    } finally {
      this.queues.delete(restaurantId);
      this.lastEnded.set(restaurantId, performance.now());
    }
  }

  private async run(restaurantId: number, batch: Array<TWaiting<TTag>>): Promise<void> {
    const byId = new Map<string, Array<TWaiting<TTag>>>();
    for (const w of batch) byId.set(w.order.posOrderId, [...(byId.get(w.order.posOrderId) ?? []), w]);
    const answer = (waiters: Array<TWaiting<TTag>>, result: TIngestedOrder) =>
      waiters.forEach((w, i) => w.resolve(i === 0 ? result : { ...result, result: 'unchanged' }));
    const firsts = [...byId.values()].map((waiters) => waiters[0]!);
    const orders = firsts.map((w) => w.order);
    try {
      const results = await this.ingest(
        restaurantId,
        orders,
        firsts.map((w) => w.tag),
      );
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
          const [result] = await this.ingest(restaurantId, [waiters[0]!.order], [waiters[0]!.tag]);
          if (result) answer(waiters, result);
          else waiters.forEach((w) => w.reject(new Error('platform order not stored')));
        } catch (single) {
          waiters.forEach((w) => w.reject(single));
        }
      }
    }
  }
}
