import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { ZIngestOrderRequest } from '@ra/shared/orders/orders.schemas';
import { MIGRATIONS_FOLDER, type Database } from '../../db/client.ts';
import { addOrderMonthPartitions } from '../../db/order-partitions.ts';
import { OrdersRepository } from './orders.repository.ts';

/**
 * Migration 0033 turns `orders` into a table partitioned by month of business_day, with the POS key
 * and the children's foreign keys on `order_keys`. A database that already has orders (with every
 * kind of child row) must come out with all of them, in their months' partitions, ids continuing,
 * the POS key unique across months, deletes cascading, and ingestion and the rollups working.
 */
const TAG = '0033_orders_by_month';

const ORDER_COLUMNS = `id, restaurant_id, pos_order_id, channel, party_size, status, opened_at, closed_at, business_day,
  opened_hour, gross_sales_cents, item_discount_cents, order_discount_cents, comp_cents, void_cents, net_sales_cents,
  tax_cents, service_charge_cents, tip_cents, total_cents, paid_cents, refunded_cents, comp_quantity, void_quantity,
  has_tax_lines, payload_hash, payload`;

function orderValues(id: number, pos: string, day: string): string {
  return `(${id}, 1, '${pos}', 'dineIn', 2, 'closed', '${day}T17:00:00Z', '${day}T18:00:00Z', '${day}', 13,
    1000, 0, 100, 0, 0, 900, 90, 0, 150, 1140, 1140, 200, 0, 0, true, 'h${id}', '{}')`;
}

function childRows(id: number, day: string): string {
  return `
    insert into order_items (order_id, line_no, restaurant_id, pos_item_id, name, category, quantity, unit_price_cents,
      options_cents, gross_cents, line_discount_cents, discount_cents, comp_cents, net_cents, tax_cents, voided, comped,
      business_day)
      values (${id}, 1, 1, 'B', 'Burger', 'Mains', 1, 1000, 0, 1000, 0, 100, 0, 900, 90, false, false, '${day}');
    insert into order_item_options (order_id, line_no, option_no, restaurant_id, name, group_name, price_cents, quantity)
      values (${id}, 1, 1, 1, 'Bacon', 'Add-ons', 0, 1);
    insert into order_discounts (order_id, discount_no, restaurant_id, name, kind, amount_cents)
      values (${id}, 1, 1, 'Happy hour', 'amount', 100);
    insert into order_taxes (order_id, tax_no, restaurant_id, name, rate_milli_percent, taxable_cents, tax_cents)
      values (${id}, 1, 1, 'Sales tax', 10000, 900, 90);
    insert into payments (restaurant_id, order_id, pos_payment_id, method, amount_cents, tip_cents, refunded_cents,
      paid_at, business_day)
      values (1, ${id}, 'p${id}', 'card', 1140, 150, 200, '${day}T17:59:00Z', '${day}');
    insert into refunds (restaurant_id, order_id, pos_refund_id, method, amount_cents, reason, refunded_by, refunded_at,
      business_day)
      values (1, ${id}, 'r${id}', 'card', 200, 'Cold fries', 'Sofia', '${day}T19:00:00Z', '${day}');`;
}

const CHILD_TABLES = ['order_items', 'order_item_options', 'order_discounts', 'order_taxes', 'payments', 'refunds'];

describe(`migration ${TAG}`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'ra-migration-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('moves existing orders into month partitions, keeping children, ids, keys, cascades and ingestion', async () => {
    cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
    const journalFile = join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
    const at = journal.entries.findIndex((e) => e.tag === TAG);
    expect(at).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));

    const client = new PGlite({ extensions: { pg_trgm } });
    const q = async (text: string) => (await client.query<Record<string, unknown>>(text)).rows;
    try {
      const db = drizzle({ client, casing: 'snake_case' }) as unknown as Database;
      await migrate(db as never, { migrationsFolder: dir });
      // As of 0032: a restaurant with three orders over two months, each with every kind of child row,
      // and the id sequence ahead of the rows (a rolled-back push had taken id 43).
      await client.exec(`
        insert into nodes (id, type, restname, path, depth) values (1, 'restaurant', 'Harbor', '1', 0);
        insert into restaurants (id, node_id, name, time_zone) values (1, 1, 'Harbor', 'America/New_York');
        insert into orders (${ORDER_COLUMNS}) values ${orderValues(41, 'A-1', '2026-01-15')},
          ${orderValues(42, 'A-2', '2026-02-03')}, ${orderValues(7, 'A-3', '2026-02-20')};
        ${childRows(41, '2026-01-15')} ${childRows(42, '2026-02-03')} ${childRows(7, '2026-02-20')}
        select setval(pg_get_serial_sequence('orders', 'id'), 43);
      `);
      const before = await q(`select * from orders order by id`);

      await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });

      expect(await q(`select relkind from pg_class where oid = 'orders'::regclass`)).toEqual([{ relkind: 'p' }]);
      expect(await q(`select * from orders order by id`)).toEqual(before);
      expect(await q(`select id, tableoid::regclass::text as part from orders order by id`)).toEqual([
        { id: 7, part: 'orders_p2026_02' },
        { id: 41, part: 'orders_p2026_01' },
        { id: 42, part: 'orders_p2026_02' },
      ]);
      expect(await q(`select id, pos_order_id from order_keys order by id`)).toEqual([
        { id: 7, pos_order_id: 'A-3' },
        { id: 41, pos_order_id: 'A-1' },
        { id: 42, pos_order_id: 'A-2' },
      ]);
      for (const table of CHILD_TABLES) {
        expect(await q(`select count(*)::int as n from ${table}`), table).toEqual([{ n: 3 }]);
      }

      // The POS key stays unique across months: the same (restaurant, POS id) in March is refused.
      await expect(
        client.exec(`insert into orders (${ORDER_COLUMNS}) values ${orderValues(99, 'A-1', '2026-03-02')}`),
      ).rejects.toThrow(/order_keys_restaurant_pos_order_idx/);
      // A child row of no order is refused.
      await expect(client.exec(childRows(98, '2026-03-02'))).rejects.toThrow(/order_keys/);

      // Ingestion: a new order takes the next id after the old sequence; a push of A-1 that moves it
      // to March replaces it under the same id, in the March rows, with new children.
      await client.exec(`delete from live_sales_versions`);
      const repo = new OrdersRepository(db);
      const push = (posOrderId: string, openedAt: string) =>
        ZIngestOrderRequest.parse({
          posOrderId,
          channel: 'dineIn',
          partySize: 2,
          status: 'closed',
          openedAt,
          closedAt: openedAt,
          items: [{ posItemId: 'S', name: 'Soup', category: 'Starters', quantity: 2, unitPriceCents: 700 }],
          payments: [{ posPaymentId: `${posOrderId}-pay`, method: 'cash', amountCents: 1400, paidAt: openedAt }],
        });
      const results = await repo.ingestOrders(
        1,
        [push('A-9', '2026-03-10T17:00:00Z'), push('A-1', '2026-03-11T17:00:00Z')],
        { now: new Date('2026-03-14T12:00:00Z') },
      );
      expect(results.map((r) => [r.posOrderId, r.orderId, r.result, r.businessDay])).toEqual([
        ['A-9', 44, 'created', '2026-03-10'],
        ['A-1', 41, 'updated', '2026-03-11'],
      ]);
      expect(
        await q(`select id, business_day::text as day, tableoid::regclass::text as part from orders order by id`),
      ).toEqual([
        { id: 7, day: '2026-02-20', part: 'orders_p2026_02' },
        { id: 41, day: '2026-03-11', part: 'orders_default' },
        { id: 42, day: '2026-02-03', part: 'orders_p2026_02' },
        { id: 44, day: '2026-03-10', part: 'orders_default' },
      ]);
      expect(await q(`select order_id::int, name from order_items where order_id in (41, 44) order by 1`)).toEqual([
        { order_id: 41, name: 'Soup' },
        { order_id: 44, name: 'Soup' },
      ]);
      // the live-sales triggers came back on the new table
      expect(await q(`select restaurant_id from live_sales_versions`)).toEqual([{ restaurant_id: 1 }]);

      // March gets its partition; its rows move out of the DEFAULT one with their children in place.
      expect(await addOrderMonthPartitions(db, new Date('2026-03-14T12:00:00Z'), 1)).toBe(2);
      expect(await addOrderMonthPartitions(db, new Date('2026-03-14T12:00:00Z'), 1)).toBe(0);
      expect(
        await q(
          `select id, tableoid::regclass::text as part from orders where business_day >= '2026-03-01' order by id`,
        ),
      ).toEqual([
        { id: 41, part: 'orders_p2026_03' },
        { id: 44, part: 'orders_p2026_03' },
      ]);
      expect(await q(`select count(*)::int as n from orders_default`)).toEqual([{ n: 0 }]);
      expect(await q(`select count(*)::int as n from order_keys`)).toEqual([{ n: 4 }]);

      // The rollups the pushes filed agree with a rebuild from the partitioned rows.
      const daily = `select business_day::text as day, net_sales_cents::int as net, order_count::int as orders
                     from daily_sales
                     order by 1`;
      const filed = await q(daily);
      expect(filed.filter((r) => String(r.day) >= '2026-03-01')).toEqual([
        { day: '2026-03-10', net: 1400, orders: 1 },
        { day: '2026-03-11', net: 1400, orders: 1 },
      ]);
      // (the rows written by hand before the migration had no rollups: the rebuild adds them, with
      // each refund's net taken off its day)
      await repo.rebuildRollups(1);
      expect(await q(daily)).toEqual([
        { day: '2026-02-03', net: 900 - 157, orders: 1 },
        { day: '2026-02-20', net: 900 - 157, orders: 1 },
        ...filed.filter((r) => String(r.day) >= '2026-03-01'),
      ]);

      // Deleting an order deletes its children (through its key row), in any partition.
      await client.exec(`delete from orders where id in (42, 44)`);
      for (const table of CHILD_TABLES) {
        const left = (await q(`select distinct order_id::int as id from ${table}`)).map((r) => r.id);
        expect(left, table).toContain(7);
        expect(left, table).not.toContain(42);
        expect(left, table).not.toContain(44);
      }
      expect(await q(`select id from order_keys order by id`)).toEqual([{ id: 7 }, { id: 41 }]);
    } finally {
      await client.close();
    }
  });
});
