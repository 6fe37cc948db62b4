import { sql } from 'drizzle-orm';
import type { TCouponType } from '@ra/shared/coupons/coupons.schemas';
import type { TRewardKind } from '@ra/shared/rewards/rewards.schemas';
import type { Database } from '../../db/client.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import { pointsLedger, rewards } from '../../db/schema/rewards.ts';
import { num, rowsOf, str, strOrNull, type TRow } from '../../db/sql-util.ts';

export type TLedgerInsert = typeof pointsLedger.$inferInsert;

export interface TRewardRow {
  id: number;
  nameEn: string;
  nameZh: string;
  pointsCost: number;
  kind: TRewardKind;
  couponId: number | null;
  couponName: string | null;
  couponType: TCouponType | null;
  /** The coupon is still the restaurant's, active and not deleted. */
  couponUsable: boolean;
  couponCode: string | null;
  couponMinusCents: number;
  menuItemId: number | null;
  menuItemName: string | null;
  menuItemPriceCents: number | null;
  archivedAt: Date | null;
  redeemedCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface TLedgerRow {
  id: number;
  phone: string;
  type: 'redeem' | 'adjust';
  points: number;
  balanceAfter: number;
  rewardId: number | null;
  rewardNameEn: string;
  rewardNameZh: string;
  rewardKind: TRewardKind | null;
  valueCents: number;
  idempotencyKey: string | null;
  couponCode: string | null;
  reason: string;
  actorName: string;
  createdAt: Date;
}

export interface TCustomerPoints {
  id: number;
  phone: string;
  name: string | null;
  /** Earned by the points rule (customers.points, rebuilt from the orders). */
  earned: number;
}

const at = (v: unknown) => new Date(String(v));

function rewardRow(r: TRow): TRewardRow {
  return {
    id: num(r.id),
    nameEn: str(r.name_en),
    nameZh: str(r.name_zh),
    pointsCost: num(r.points_cost),
    kind: r.kind === 'item' ? 'item' : 'coupon',
    couponId: r.coupon_id === null ? null : num(r.coupon_id),
    couponName: strOrNull(r.coupon_name),
    couponType: (strOrNull(r.coupon_type) as TCouponType | null) ?? null,
    couponUsable: r.coupon_usable === true,
    couponCode: strOrNull(r.coupon_code),
    couponMinusCents: num(r.coupon_minus ?? 0),
    menuItemId: r.menu_item_id === null ? null : num(r.menu_item_id),
    menuItemName: strOrNull(r.item_name),
    menuItemPriceCents: r.item_price === null || r.item_price === undefined ? null : num(r.item_price),
    archivedAt: r.archived_at === null ? null : at(r.archived_at),
    redeemedCount: num(r.redeemed ?? 0),
    createdAt: at(r.created_at),
    updatedAt: at(r.updated_at),
  };
}

function ledgerRow(r: TRow): TLedgerRow {
  return {
    id: num(r.id),
    phone: str(r.phone),
    type: r.type === 'adjust' ? 'adjust' : 'redeem',
    points: num(r.points),
    balanceAfter: num(r.balance_after),
    rewardId: r.reward_id === null ? null : num(r.reward_id),
    rewardNameEn: str(r.reward_name_en),
    rewardNameZh: str(r.reward_name_zh),
    rewardKind: r.reward_kind === 'item' ? 'item' : r.reward_kind === 'coupon' ? 'coupon' : null,
    valueCents: num(r.value_cents),
    idempotencyKey: strOrNull(r.idempotency_key),
    couponCode: strOrNull(r.coupon_code),
    reason: str(r.reason),
    actorName: str(r.actor_name),
    createdAt: at(r.created_at),
  };
}

/**
 * The only place with the rewards domain's SQL: tables rewards and points_ledger, and reads of the
 * rows a reward names (coupons, menu_items) and of the points the customer list computed (customers,
 * customer_settings, orders). Every query is scoped by the restaurant the caller passes.
 */
export class RewardsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (repo: RewardsRepository, audit: AuditRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new RewardsRepository(tx), new AuditRepository(tx)));
  }

  async restaurant(restaurantId: number) {
    const [row] = await rowsOf(
      this.db,
      sql`select name, time_zone, hour_offset_end_of_day from restaurants where id = ${restaurantId}`,
    );
    return {
      name: str(row?.name ?? ''),
      timeZone: str(row?.time_zone ?? 'UTC') || 'UTC',
      hourOffsetEndOfDay: num(row?.hour_offset_end_of_day ?? 0),
    };
  }

  // --- catalogue -----------------------------------------------------------------------------------

  private rewardSelect(restaurantId: number) {
    return sql`select r.*, c.name as coupon_name, c.type as coupon_type, c.code as coupon_code,
        c.minus_amount as coupon_minus, (c.id is not null and c.deleted_at is null and c.active) as coupon_usable,
        i.name as item_name, i.price_cents as item_price,
        (select count(*) from points_ledger l where l.restaurant_id = ${restaurantId} and l.reward_id = r.id
          and l.type = 'redeem')::int as redeemed
      from rewards r
      left join coupons c on c.restaurant_id = ${restaurantId} and c.id = r.coupon_id
      left join menu_items i on i.restaurant_id = ${restaurantId} and i.id = r.menu_item_id
      where r.restaurant_id = ${restaurantId}`;
  }

  async rewards(restaurantId: number, archived: 'active' | 'archived' | 'all'): Promise<TRewardRow[]> {
    const filter =
      archived === 'active'
        ? sql` and r.archived_at is null`
        : archived === 'archived'
          ? sql` and r.archived_at is not null`
          : sql``;
    const rows = await rowsOf(
      this.db,
      sql`${this.rewardSelect(restaurantId)}${filter} order by r.points_cost, r.id limit 500`,
    );
    return rows.map(rewardRow);
  }

  async reward(restaurantId: number, id: number): Promise<TRewardRow | null> {
    const [row] = await rowsOf(this.db, sql`${this.rewardSelect(restaurantId)} and r.id = ${id}`);
    return row ? rewardRow(row) : null;
  }

  /** Locks the reward's row (an edit and an archive of one reward queue). */
  async lockReward(restaurantId: number, id: number): Promise<boolean> {
    const rows = await rowsOf(
      this.db,
      sql`select id from rewards where restaurant_id = ${restaurantId} and id = ${id} for update`,
    );
    return rows.length > 0;
  }

  async insertReward(values: typeof rewards.$inferInsert): Promise<number> {
    const [row] = await this.db.insert(rewards).values(values).returning({ id: rewards.id });
    if (!row) throw new Error('reward insert returned nothing');
    return row.id;
  }

  async updateReward(
    restaurantId: number,
    id: number,
    values: Pick<
      typeof rewards.$inferInsert,
      'nameEn' | 'nameZh' | 'pointsCost' | 'kind' | 'couponId' | 'menuItemId' | 'updatedAt'
    >,
  ): Promise<void> {
    await this.db.execute(sql`update rewards set name_en = ${values.nameEn}, name_zh = ${values.nameZh ?? ''},
      points_cost = ${values.pointsCost}, kind = ${values.kind}, coupon_id = ${values.couponId ?? null},
      menu_item_id = ${values.menuItemId ?? null}, updated_at = ${values.updatedAt.toISOString()}::timestamptz
      where restaurant_id = ${restaurantId} and id = ${id}`);
  }

  async setArchived(restaurantId: number, id: number, archivedAt: Date | null, now: Date): Promise<void> {
    await this.db
      .execute(sql`update rewards set archived_at = ${archivedAt ? archivedAt.toISOString() : null}::timestamptz,
      updated_at = ${now.toISOString()}::timestamptz where restaurant_id = ${restaurantId} and id = ${id}`);
  }

  /** The restaurant's coupon, when it is active and not deleted. */
  async usableCoupon(restaurantId: number, couponId: number) {
    const [row] = await rowsOf(
      this.db,
      sql`select id, name, type from coupons where restaurant_id = ${restaurantId} and id = ${couponId}
        and deleted_at is null and active`,
    );
    return row ? { id: num(row.id), name: str(row.name), type: str(row.type) as TCouponType } : null;
  }

  async menuItem(restaurantId: number, itemId: number) {
    const [row] = await rowsOf(
      this.db,
      sql`select id, name, price_cents from menu_items where restaurant_id = ${restaurantId} and id = ${itemId}`,
    );
    return row ? { id: num(row.id), name: str(row.name), priceCents: num(row.price_cents) } : null;
  }

  /** What a reward can give: active coupons and menu items, by name (at most 500 each). */
  async options(restaurantId: number) {
    const coupons = await rowsOf(
      this.db,
      sql`select id, name, type from coupons where restaurant_id = ${restaurantId} and deleted_at is null and active
        order by name, id limit 500`,
    );
    const items = await rowsOf(
      this.db,
      sql`select id, name, price_cents from menu_items where restaurant_id = ${restaurantId} order by name, id limit 500`,
    );
    return {
      coupons: coupons.map((c) => ({ id: num(c.id), name: str(c.name), type: str(c.type) as TCouponType })),
      items: items.map((i) => ({ id: num(i.id), name: str(i.name), priceCents: num(i.price_cents) })),
    };
  }

  // --- customers' points -------------------------------------------------------------------------------

  /**
   * A customer of the list, by id or phone; `forUpdate` locks the row, which is what serializes every
   * movement of that customer's points (and the list's rebuild of that row waits for it).
   */
  async customer(
    restaurantId: number,
    ref: { id?: number | undefined; phone?: string | null | undefined },
    options: { forUpdate?: boolean } = {},
  ): Promise<TCustomerPoints | null> {
    const where = ref.id !== undefined ? sql`id = ${ref.id}` : ref.phone ? sql`phone = ${ref.phone}` : sql`false`;
    const lock = options.forUpdate ? sql` for update` : sql``;
    const [row] = await rowsOf(
      this.db,
      sql`select id, phone, name, points from customers where restaurant_id = ${restaurantId} and ${where}${lock}`,
    );
    return row ? { id: num(row.id), phone: str(row.phone), name: strOrNull(row.name), earned: num(row.points) } : null;
  }

  /** The ledger's sums for a phone: spent (positive) and adjusted (signed). */
  async sums(restaurantId: number, phone: string): Promise<{ spent: number; adjusted: number }> {
    const [row] = await rowsOf(
      this.db,
      sql`select coalesce(-sum(points) filter (where type = 'redeem'), 0) as spent,
          coalesce(sum(points) filter (where type = 'adjust'), 0) as adjusted
        from points_ledger where restaurant_id = ${restaurantId} and phone = ${phone}`,
    );
    return { spent: num(row?.spent ?? 0), adjusted: num(row?.adjusted ?? 0) };
  }

  async history(restaurantId: number, phone: string, limit: number): Promise<TLedgerRow[]> {
    const rows = await rowsOf(
      this.db,
      sql`select * from points_ledger where restaurant_id = ${restaurantId} and phone = ${phone}
        order by id desc limit ${limit}`,
    );
    return rows.map(ledgerRow);
  }

  async byKey(restaurantId: number, key: string): Promise<TLedgerRow | null> {
    const [row] = await rowsOf(
      this.db,
      sql`select * from points_ledger where restaurant_id = ${restaurantId} and idempotency_key = ${key}`,
    );
    return row ? ledgerRow(row) : null;
  }

  async appendLedger(values: TLedgerInsert): Promise<TLedgerRow> {
    const [row] = await this.db.insert(pointsLedger).values(values).returning();
    if (!row) throw new Error('points ledger insert returned nothing');
    return {
      id: row.id,
      phone: row.phone,
      type: row.type === 'adjust' ? 'adjust' : 'redeem',
      points: row.points,
      balanceAfter: row.balanceAfter,
      rewardId: row.rewardId,
      rewardNameEn: row.rewardNameEn,
      rewardNameZh: row.rewardNameZh,
      rewardKind: row.rewardKind === 'item' ? 'item' : row.rewardKind === 'coupon' ? 'coupon' : null,
      valueCents: row.valueCents,
      idempotencyKey: row.idempotencyKey,
      couponCode: row.couponCode,
      reason: row.reason,
      actorName: row.actorName,
      createdAt: row.createdAt,
    };
  }

  /** Whether a coupon code is taken at the restaurant (codes are unique per restaurant). */
  async couponCodeTaken(restaurantId: number, code: string): Promise<boolean> {
    const rows = await rowsOf(
      this.db,
      sql`select 1 from coupon_codes where restaurant_id = ${restaurantId} and code = ${code}`,
    );
    return rows.length > 0;
  }

  /**
   * A redemption's own code as a single-use code of the coupon, so the POS can apply it once. A code
   * taken meanwhile fails on the unique index and the redemption is tried again with a new one.
   */
  async issueCouponCode(restaurantId: number, couponId: number, code: string, entryId: number): Promise<void> {
    await this.db.execute(sql`insert into coupon_codes (restaurant_id, coupon_id, code, single_use, points_entry_id)
      values (${restaurantId}, ${couponId}, ${code}, true, ${entryId})`);
  }

  // --- report ----------------------------------------------------------------------------------------------

  /**
   * Points earned from the orders of business days `from`..`to`, as the customer list counts them:
   * per customer, whole dollars of net sales less refunds (voided orders left out) times the rule.
   */
  async pointsIssued(restaurantId: number, from: string, to: string): Promise<number> {
    const [row] = await rowsOf(
      this.db,
      sql`with per_customer as (
          select customer_phone, sum(greatest(net_sales_cents - refunded_cents, 0)) as net from orders
          where restaurant_id = ${restaurantId} and customer_phone is not null and status <> 'voided'
            and business_day >= ${from}::date and business_day <= ${to}::date
          group by customer_phone
        )
        select coalesce(sum(floor(net / 100)), 0) * coalesce((select points_per_dollar from customer_settings
          where restaurant_id = ${restaurantId}), 1) as points from per_customer`,
    );
    return num(row?.points ?? 0);
  }

  /** The ledger from `start` (inclusive) to `end` (exclusive): adjustments and redemptions by reward. */
  async movements(restaurantId: number, start: Date, end: Date) {
    const window = sql`restaurant_id = ${restaurantId} and created_at >= ${start.toISOString()}::timestamptz
      and created_at < ${end.toISOString()}::timestamptz`;
    const [totals] = await rowsOf(
      this.db,
      sql`select coalesce(sum(points) filter (where type = 'adjust' and points > 0), 0) as up,
          coalesce(-sum(points) filter (where type = 'adjust' and points < 0), 0) as down,
          count(distinct phone) filter (where type = 'redeem') as customers
        from points_ledger where ${window}`,
    );
    const byReward = await rowsOf(
      this.db,
      sql`select l.reward_id, max(l.reward_name_en) as name_en, max(l.reward_name_zh) as name_zh,
          max(l.reward_kind) as kind, count(*)::int as n, -sum(l.points) as points, sum(l.value_cents) as value
        from points_ledger l where l.type = 'redeem' and ${window}
        group by l.reward_id order by count(*) desc, l.reward_id`,
    );
    return {
      adjustedUp: num(totals?.up ?? 0),
      adjustedDown: num(totals?.down ?? 0),
      customers: num(totals?.customers ?? 0),
      byReward: byReward.map((r) => ({
        rewardId: r.reward_id === null ? null : num(r.reward_id),
        nameEn: str(r.name_en ?? ''),
        nameZh: str(r.name_zh ?? ''),
        kind: r.kind === 'item' ? ('item' as const) : r.kind === 'coupon' ? ('coupon' as const) : null,
        redemptions: num(r.n),
        points: num(r.points),
        valueCents: num(r.value),
      })),
    };
  }
}
