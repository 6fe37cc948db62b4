import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './client.ts';

/**
 * Migration 0020 moves tax rates from basis points to thousandths of a percent: the rows already
 * stored must come out ten times larger (10.1% stays 10.1%), "no rate" (-1 in the rollup) must stay,
 * and two rollup rows whose rates meet on the way (101 and 1010) must not collide in the primary key.
 */
const TAG = '0020_tax_rate_thousandths';

describe(`migration ${TAG}`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'ra-migration-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('converts the stored rates of order taxes and the daily tax rollup', async () => {
    // the migrations as they were before this one
    cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
    const journalFile = join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
    const at = journal.entries.findIndex((e) => e.tag === TAG);
    expect(at).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));

    const client = new PGlite({ extensions: { pg_trgm } });
    try {
      const db = drizzle({ client, casing: 'snake_case' });
      await migrate(db, { migrationsFolder: dir });
      // foreign keys off for the set-up: only the two tables the migration touches matter here
      await client.exec(`
        set session_replication_role = replica;
        insert into order_taxes (order_id, tax_no, restaurant_id, name, rate_basis_points, taxable_cents, tax_cents)
          values (900001, 1, 900001, 'Sales tax', 1010, 5100, 515), (900001, 2, 900001, 'Untold', null, 0, 0);
        insert into daily_tax_sales (restaurant_id, business_day, name, rate_basis_points, taxable_cents, tax_cents)
          values (900001, '2026-03-14', 'Sales tax', 101, 100, 1), (900001, '2026-03-14', 'Sales tax', 1010, 5100, 515),
                 (900001, '2026-03-14', '', -1, 700, 70);
        set session_replication_role = origin;
      `);

      // up to the migration before orders move to month partitions (0033), whose foreign keys the
      // set-up's order-less tax rows would not meet
      const upTo = journal.entries.findIndex((e) => e.tag === '0033_orders_by_month');
      expect(upTo).toBeGreaterThan(at);
      writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
      await migrate(db, { migrationsFolder: dir });

      const taxes = await client.query(`select tax_no, rate_milli_percent from order_taxes order by tax_no`);
      expect(taxes.rows).toEqual([
        { tax_no: 1, rate_milli_percent: 10100 },
        { tax_no: 2, rate_milli_percent: null },
      ]);
      const daily = await client.query(
        `select name, rate_milli_percent, tax_cents from daily_tax_sales order by rate_milli_percent`,
      );
      expect(daily.rows).toEqual([
        { name: '', rate_milli_percent: -1, tax_cents: 70 },
        { name: 'Sales tax', rate_milli_percent: 1010, tax_cents: 1 },
        { name: 'Sales tax', rate_milli_percent: 10100, tax_cents: 515 },
      ]);
    } finally {
      await client.close();
    }
  });
});
