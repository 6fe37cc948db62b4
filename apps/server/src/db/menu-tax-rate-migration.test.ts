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
 * Migration 0022 moves the menu's category and item tax rates from basis points to thousandths of a
 * percent: stored rates come out ten times larger (10.1% stays 10.1%), "no rate" (null) stays null,
 * and the item versions' snapshots and change lists are converted too, so restoring an old version
 * brings its rate back.
 */
const TAG = '0022_menu_tax_rate_thousandths';

describe(`migration ${TAG}`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'ra-migration-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('converts the stored rates of categories, items and item versions', async () => {
    // the migrations as they were before this one
    cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
    const journalFile = join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
    const at = journal.entries.findIndex((e) => e.tag === TAG);
    expect(at).toBeGreaterThan(0);
    expect(journal.entries[at]!.idx).toBe(22);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));

    const client = new PGlite({ extensions: { pg_trgm } });
    try {
      const db = drizzle({ client, casing: 'snake_case' });
      await migrate(db, { migrationsFolder: dir });
      // foreign keys off: only the tables the migration touches matter here
      await client.exec(`
        set session_replication_role = replica;
        insert into menu_categories (id, restaurant_id, name, tax_rate_bp)
          values (900001, 900001, 'Drinks', 1010), (900002, 900001, 'Food', null), (900003, 900001, 'Zero', 0);
        insert into menu_items (id, restaurant_id, item_code, name, print_name, price_cents, channels, tax_rate_bp)
          values (900001, 900001, 'A', 'Soda', 'SODA', 300, '{}', 888), (900002, 900001, 'B', 'Rice', 'RICE', 500, '{}', null);
        insert into menu_item_versions (restaurant_id, item_id, version, reason, at, snapshot, changes)
          values (900001, 900001, 1, 'created', '2026-03-14T12:00:00Z', '{"name":"Soda","taxRateBp":1010}', '[]'),
                 (900001, 900001, 2, 'edited', '2026-03-14T13:00:00Z', '{"name":"Soda","taxRateBp":888}',
                  '[{"field":"priceCents","before":250,"after":300},{"field":"taxRateBp","before":1010,"after":888}]'),
                 (900001, 900002, 1, 'created', '2026-03-14T12:00:00Z', '{"name":"Rice","taxRateBp":null}',
                  '[{"field":"taxRateBp","before":1010,"after":null}]');
      `);
      // still without foreign key checks: the rows' restaurant does not exist (one connection, so it holds)
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await client.exec(`set session_replication_role = origin;`);

      const categories = await client.query(`select name, tax_rate_milli_percent from menu_categories order by id`);
      expect(categories.rows).toEqual([
        { name: 'Drinks', tax_rate_milli_percent: 10100 },
        { name: 'Food', tax_rate_milli_percent: null },
        { name: 'Zero', tax_rate_milli_percent: 0 },
      ]);
      const items = await client.query(`select item_code, tax_rate_milli_percent from menu_items order by id`);
      expect(items.rows).toEqual([
        { item_code: 'A', tax_rate_milli_percent: 8880 },
        { item_code: 'B', tax_rate_milli_percent: null },
      ]);
      const versions = await client.query(`select snapshot, changes from menu_item_versions order by item_id, version`);
      expect(versions.rows).toEqual([
        { snapshot: { name: 'Soda', taxRateMilliPercent: 10100 }, changes: [] },
        {
          snapshot: { name: 'Soda', taxRateMilliPercent: 8880 },
          changes: [
            { field: 'priceCents', before: 250, after: 300 },
            { field: 'taxRateMilliPercent', before: 10100, after: 8880 },
          ],
        },
        {
          snapshot: { name: 'Rice', taxRateMilliPercent: null },
          changes: [{ field: 'taxRateMilliPercent', before: 10100, after: null }],
        },
      ]);
    } finally {
      await client.close();
    }
  });
});
