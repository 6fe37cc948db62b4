import { and, count, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { giftcardLedger, giftcards } from '../../db/schema/giftcards.ts';
import { restaurants } from '../../db/schema/restaurants.ts';
import { AuditRepository } from '../../db/audit.repository.ts';

export type TGiftcardRow = typeof giftcards.$inferSelect;
export type TLedgerRow = typeof giftcardLedger.$inferSelect;

/** The only place with the gift card domain's SQL. Every query is scoped by restaurant_id. */
export class GiftcardsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (repo: GiftcardsRepository, audit: AuditRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new GiftcardsRepository(tx), new AuditRepository(tx)));
  }

  async restaurant(restaurantId: number) {
    const [row] = await this.db
      .select({
        name: restaurants.name,
        timeZone: restaurants.timeZone,
        hourOffsetEndOfDay: restaurants.hourOffsetEndOfDay,
      })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    return {
      name: row?.name ?? '',
      timeZone: row?.timeZone ?? 'UTC',
      hourOffsetEndOfDay: row?.hourOffsetEndOfDay ?? 0,
    };
  }

  async list(restaurantId: number, filter: { q?: string; state?: string; page: number; pageSize: number }) {
    const where: SQL[] = [eq(giftcards.restaurantId, restaurantId)];
    if (filter.q) {
      const like = `%${filter.q.replace(/\s+/g, '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const holder = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(
        or(ilike(giftcards.number, like), ilike(giftcards.holderName, holder), ilike(giftcards.holderEmail, holder))!,
      );
    }
    if (filter.state) where.push(eq(giftcards.state, filter.state));
    const [total] = await this.db
      .select({ n: count() })
      .from(giftcards)
      .where(and(...where));
    const rows = await this.db
      .select()
      .from(giftcards)
      .where(and(...where))
      .orderBy(desc(giftcards.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize);
    return { rows, total: total?.n ?? 0 };
  }

  async get(restaurantId: number, id: number, options: { forUpdate?: boolean } = {}): Promise<TGiftcardRow | null> {
    const query = this.db
      .select()
      .from(giftcards)
      .where(and(eq(giftcards.restaurantId, restaurantId), eq(giftcards.id, id)));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row ?? null;
  }

  async byNumber(
    restaurantId: number,
    number: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<TGiftcardRow | null> {
    const query = this.db
      .select()
      .from(giftcards)
      .where(and(eq(giftcards.restaurantId, restaurantId), eq(giftcards.number, number)));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row ?? null;
  }

  async insertCard(values: typeof giftcards.$inferInsert): Promise<TGiftcardRow> {
    const [row] = await this.db.insert(giftcards).values(values).returning();
    if (!row) throw new Error('gift card insert returned nothing');
    return row;
  }

  /**
   * Moves the balance by `delta` and sets the state, only if the result is not negative: with the row
   * lock the service already holds this cannot fail, and without it (a bug) the card still cannot go
   * below zero (also a CHECK constraint).
   */
  async move(
    restaurantId: number,
    id: number,
    delta: number,
    state: string,
    at: Date,
    moneyMoved: boolean,
  ): Promise<TGiftcardRow | null> {
    const [row] = await this.db
      .update(giftcards)
      .set({
        balanceCents: sql`${giftcards.balanceCents} + ${delta}`,
        state,
        ...(moneyMoved ? { lastActivityAt: at } : {}),
      })
      .where(
        and(
          eq(giftcards.restaurantId, restaurantId),
          eq(giftcards.id, id),
          sql`${giftcards.balanceCents} + ${delta} >= 0`,
        ),
      )
      .returning();
    return row ?? null;
  }

  async appendLedger(values: typeof giftcardLedger.$inferInsert): Promise<TLedgerRow> {
    const [row] = await this.db.insert(giftcardLedger).values(values).returning();
    if (!row) throw new Error('ledger insert returned nothing');
    return row;
  }

  async ledger(restaurantId: number, cardId: number): Promise<TLedgerRow[]> {
    return this.db
      .select()
      .from(giftcardLedger)
      .where(and(eq(giftcardLedger.restaurantId, restaurantId), eq(giftcardLedger.cardId, cardId)))
      .orderBy(desc(giftcardLedger.id))
      .limit(500);
  }

  async ledgerSum(restaurantId: number, cardId: number): Promise<number> {
    const [row] = await this.db
      .select({ sum: sql<string>`coalesce(sum(${giftcardLedger.amountCents}), 0)` })
      .from(giftcardLedger)
      .where(and(eq(giftcardLedger.restaurantId, restaurantId), eq(giftcardLedger.cardId, cardId)));
    return Number(row?.sum ?? 0);
  }

  /** Redeemed minus refunded already for one order on one card: a refund may not exceed it. */
  async refundableForOrder(restaurantId: number, cardId: number, orderRef: string): Promise<number> {
    const [row] = await this.db
      .select({ sum: sql<string>`coalesce(-sum(${giftcardLedger.amountCents}), 0)` })
      .from(giftcardLedger)
      .where(
        and(
          eq(giftcardLedger.restaurantId, restaurantId),
          eq(giftcardLedger.cardId, cardId),
          eq(giftcardLedger.orderRef, orderRef),
          sql`${giftcardLedger.type} in ('redeem', 'refund')`,
        ),
      );
    return Number(row?.sum ?? 0);
  }

  /** The ledger summed up to an instant: the outstanding balance then (liability). */
  async liability(restaurantId: number, before: Date) {
    const result = await this.db.execute<{ outstanding: string; cards: string; sold: string; redeemed: string }>(sql`
      select coalesce(sum(balance), 0) as outstanding,
             count(*) filter (where balance > 0) as cards,
             coalesce(sum(sold), 0) as sold,
             coalesce(sum(redeemed), 0) as redeemed
      from (
        select card_id,
               sum(amount_cents) as balance,
               sum(amount_cents) filter (where type in ('activate', 'load', 'import')) as sold,
               -sum(amount_cents) filter (where type in ('redeem', 'refund')) as redeemed
        from giftcard_ledger
        where restaurant_id = ${restaurantId} and created_at < ${before.toISOString()}
        group by card_id
      ) per_card`);
    const row = (
      result as unknown as { rows: { outstanding: string; cards: string; sold: string; redeemed: string }[] }
    ).rows[0];
    return {
      outstandingCents: Number(row?.outstanding ?? 0),
      cardsWithBalance: Number(row?.cards ?? 0),
      soldCents: Number(row?.sold ?? 0),
      redeemedCents: Number(row?.redeemed ?? 0),
    };
  }

  /**
   * Money put on cards between two instants: activations and reloads (gift card sales, a liability).
   * Imports (sold before this system), refunds to a card and adjustments are not sales.
   */
  async soldBetween(restaurantId: number, start: Date, end: Date): Promise<{ amountCents: number; count: number }> {
    const [row] = await this.db
      .select({
        sum: sql<string>`coalesce(sum(${giftcardLedger.amountCents}), 0)`,
        n: count(),
      })
      .from(giftcardLedger)
      .where(
        and(
          eq(giftcardLedger.restaurantId, restaurantId),
          sql`${giftcardLedger.type} in ('activate', 'load')`,
          sql`${giftcardLedger.createdAt} >= ${start.toISOString()}`,
          sql`${giftcardLedger.createdAt} < ${end.toISOString()}`,
        ),
      );
    return { amountCents: Number(row?.sum ?? 0), count: Number(row?.n ?? 0) };
  }

  async untouchedSince(restaurantId: number, since: Date): Promise<TGiftcardRow[]> {
    return this.db
      .select()
      .from(giftcards)
      .where(
        and(
          eq(giftcards.restaurantId, restaurantId),
          sql`${giftcards.balanceCents} > 0`,
          lt(giftcards.lastActivityAt, since),
        ),
      )
      .orderBy(giftcards.lastActivityAt)
      .limit(1000);
  }
}
