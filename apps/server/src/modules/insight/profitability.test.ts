import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TProfitabilityResponse } from '@ra/shared/insight/insight.schemas';
import { as, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { rowsOf, str } from '../../db/sql-util.ts';
import { harbor } from '../team/team.test-support.ts';

/**
 * Item profitability (issue 24) through its routes, on the demo's own sales at Harbor Bistro: costs are
 * put on the two best sellers and one slow item; the rest are listed apart as having no cost.
 */
let ctx: TestContext;
let owner: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
const RANGE = 'from=2026-03-07&to=2026-03-13';
let sold: Array<{ code: string; quantity: number; net: number }> = [];

beforeAll(async () => {
  ctx = await createTestContext();
  owner = as(ctx.app, await tokenFor(ctx.app, 'owner@demo.test'));
  staff = as(ctx.app, await tokenFor(ctx.app, 'staff@demo.test'));
  const home = await harbor(ctx.db);
  // Tests bring their own sales: five of Harbor's menu items sold over the week, best seller first.
  const menu = await rowsOf(
    ctx.db,
    sql`select item_code, category_id from menu_items where restaurant_id = ${home.id} order by id limit 5`,
  );
  const quantities = [50, 40, 20, 12, 4];
  sold = menu.map((m, i) => ({
    code: str(m.item_code),
    quantity: quantities[i]!,
    net: quantities[i]! * (1_000 + i * 250),
  }));
  for (const [i, item] of sold.entries()) {
    for (const day of ['2026-03-08', '2026-03-12']) {
      await ctx.db
        .execute(sql`insert into daily_item_sales (restaurant_id, business_day, category, pos_item_id, item_name,
          quantity, gross_cents, net_cents)
        values (${home.id}, ${day}, 'Test', ${item.code}, ${`Test item ${i}`}, ${item.quantity / 2}, ${item.net / 2}, ${item.net / 2})`);
    }
  }
  const costed = [sold[0]!, sold[1]!, sold.at(-1)!];
  await ctx.db.execute(sql`update menu_items set cost_cents = null where restaurant_id = ${home.id}`);
  for (const [i, c] of costed.entries()) {
    await ctx.db.execute(
      sql`update menu_items set cost_cents = ${[300, 900, 100][i]!} where restaurant_id = ${home.id} and item_code = ${c.code}`,
    );
  }
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

describe('item profitability', () => {
  it('classifies the costed items and lists the others apart', async () => {
    expect(sold).toHaveLength(5);
    const res = await owner({ method: 'GET', url: `/api/insight/profitability?${RANGE}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as TProfitabilityResponse;
    expect(body.items.map((i) => i.itemCode).sort()).toEqual([sold[0]!.code, sold[1]!.code, sold.at(-1)!.code].sort());
    expect(body.uncosted.map((u) => u.itemCode)).toContain(sold[2]!.code);
    expect(body.uncosted.every((u) => u.menuItemId !== null)).toBe(true);
    const top = body.items.find((i) => i.itemCode === sold[0]!.code)!;
    expect(top.quantity).toBe(sold[0]!.quantity);
    expect(top.netCents).toBe(sold[0]!.net);
    expect(top.marginCents).toBe(Math.round(sold[0]!.net / sold[0]!.quantity - 300));
    const totalQty = sold[0]!.quantity + sold[1]!.quantity + sold.at(-1)!.quantity;
    expect(top.mix).toBeCloseTo(sold[0]!.quantity / totalQty);
    // The slowest seller is below 70% of an even share of three: never popular.
    const slow = body.items.find((i) => i.itemCode === sold.at(-1)!.code)!;
    expect(['puzzle', 'dog']).toContain(slow.quadrant);
    expect(body.popularityThreshold).toBeCloseTo(0.7 / 3);
    expect(body.totals.netCents).toBe(body.items.reduce((s, i) => s + i.netCents, 0));
  });

  it('is for sales report readers of the selected restaurant', async () => {
    const res = await staff({ method: 'GET', url: `/api/insight/profitability?${RANGE}` });
    expect(res.statusCode).toBe(403);
  });

  it('exports CSV in Chinese with the no-cost items and a totals row', async () => {
    const res = await owner({ method: 'GET', url: `/api/insight/profitability/export?${RANGE}&format=csv&lang=zh` });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('单品毛利');
    expect(lines.some((l) => l.includes('未设成本'))).toBe(true);
    expect(lines.at(-1)!.startsWith('合计')).toBe(true);
  });
});
