import type { TIngestOrderRequest } from '@ra/shared/orders/orders.schemas';

/** What the ingestion answers per order (modules/orders `TIngestedOrder`). */
interface TIngestedOrder {
  posOrderId: string;
  result: 'created' | 'updated' | 'unchanged';
}

/** Stores a batch; `tags[i]` is what the caller submitted with `orders[i]`. */
type TIngest<TTag, TResult> = (
  restaurantId: number,
  orders: readonly TIngestOrderRequest[],
  tags: readonly TTag[],
) => Promise<TResult[]>;

interface TWaiting<TTag, TResult> {
  order: TIngestOrderRequest;
  tag: TTag;
  resolve: (result: TResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for pushed orders (delivery platforms' webhooks, POS pushes): while one restaurant's ingestion transaction runs, the orders that
 * arrive meanwhile wait and then go in together, as one batch in one transaction (up to `max`). An
 * order arriving when the restaurant has been quiet (no batch ended in the last `burstMs`) goes in at
 * once, alone, so a quiet restaurant waits for nothing. During a burst (a platform's lunch rush) a new
 * batch first waits `gatherMs` for the orders already arriving: on PGlite a transaction runs start to
 * end without letting the next request in, so without the wait every order would go in alone. Each
 * transaction then carries many orders instead of one. The same platform order twice in one batch is
 * stored once: the first answer is its result, the others read 'unchanged'. If a batch fails, its
 * orders are tried one by one, so one bad order cannot refuse the others.
 */
export class IngestBatcher<TTag = undefined, TResult extends TIngestedOrder = TIngestedOrder> {
  private readonly queues = new Map<number, Array<TWaiting<TTag, TResult>>>();
  /** When each restaurant's last batch ended (performance.now()), to tell a burst from a lone order. */
  private readonly lastEnded = new Map<number, number>();

  constructor(
    private readonly ingest: TIngest<TTag, TResult>,
    private readonly max = 50,
    private readonly gatherMs = 10,
    private readonly burstMs = 1_000,
  ) {}

  /** `tag` goes to the ingest function with the order (the same order twice: the first one's tag). */
  submit(restaurantId: number, order: TIngestOrderRequest, tag?: TTag): Promise<TResult> {
    return new Promise((resolve, reject) => {
      const waiting = this.queues.get(restaurantId);
      const entry = { order, tag: tag as TTag, resolve, reject };
      if (waiting) {
        waiting.push(entry);
        return;
      }
      const queue: Array<TWaiting<TTag, TResult>> = [entry];
      this.queues.set(restaurantId, queue);
      void this.drain(restaurantId, queue);
    });
  }

  private async drain(restaurantId: number, queue: Array<TWaiting<TTag, TResult>>): Promise<void> {
    try {
      const last = this.lastEnded.get(restaurantId);
      if (this.gatherMs > 0 && last !== undefined && performance.now() - last < this.burstMs) {
        await new Promise((resolve) => setTimeout(resolve, this.gatherMs));
      }
      while (queue.length > 0) {
        const batch = queue.splice(0, this.max);
        // A second push of the same order with other content waits for the next batch (it replaces the
        // first one there); the same content twice is answered once.
        const firstOf = new Map<string, string>();
        const later: Array<TWaiting<TTag, TResult>> = [];
        const now = batch.filter((w) => {
          const body = JSON.stringify(w.order);
          const first = firstOf.get(w.order.posOrderId);
          if (first === undefined) firstOf.set(w.order.posOrderId, body);
          else if (first !== body) {
            later.push(w);
            return false;
          }
          return true;
        });
        queue.unshift(...later);
        await this.run(restaurantId, now);
      }
    } finally {
      this.queues.delete(restaurantId);
      this.lastEnded.set(restaurantId, performance.now());
    }
  }

  private async run(restaurantId: number, batch: Array<TWaiting<TTag, TResult>>): Promise<void> {
    const byId = new Map<string, Array<TWaiting<TTag, TResult>>>();
    for (const w of batch) byId.set(w.order.posOrderId, [...(byId.get(w.order.posOrderId) ?? []), w]);
    const answer = (waiters: Array<TWaiting<TTag, TResult>>, result: TResult) =>
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
