import type { TDayRange } from '@ra/shared/business-day/date-range';
import { engineer } from '@ra/shared/insight/menu-engineering';
import type {
  TProfitabilityItem,
  TProfitabilityQuery,
  TProfitabilityResponse,
  TUncostedItem,
} from '@ra/shared/insight/insight.schemas';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';

/** What the service reads of other modules: item sales (reports) and the menu's items (menu). */
export interface TProfitabilityPorts {
  itemSales(
    restaurantId: number,
    range: TDayRange,
  ): Promise<Array<{ itemId: string; itemName: string; category: string; quantity: number; netCents: number }>>;
  menuItems(restaurantId: number): Promise<Array<{ id: number; itemCode: string; costCents: number | null }>>;
}

/**
 * Item profitability (menu engineering, issue 24): the restaurant's item sales over business days
 * joined to each item's cost on the menu (by item code, the POS item id), classified into the four
 * quadrants; sold items without a cost are listed apart.
 */
export class ProfitabilityService {
  constructor(private readonly ports: TProfitabilityPorts) {}

  async profitability(auth: AuthContext, query: TProfitabilityQuery): Promise<TProfitabilityResponse> {
    const restaurantId = requireRestaurantId(auth);
    const range = { from: query.from, to: query.to };
    const [sales, menu] = await Promise.all([
      this.ports.itemSales(restaurantId, range),
      this.ports.menuItems(restaurantId),
    ]);
    const byCode = new Map(menu.map((m) => [m.itemCode, m]));
    // An item sold under two categories (the menu moved it) is one item here.
    const merged = new Map<
      string,
      { itemCode: string; name: string; category: string; quantity: number; netCents: number }
    >();
    for (const s of sales) {
      const seen = merged.get(s.itemId);
      if (seen) {
        seen.quantity += s.quantity;
        seen.netCents += s.netCents;
      } else
        merged.set(s.itemId, {
          itemCode: s.itemId,
          name: s.itemName,
          category: s.category,
          quantity: s.quantity,
          netCents: s.netCents,
        });
    }
    const costed: Array<
      typeof merged extends Map<string, infer V> ? V & { costCents: number; menuItemId: number } : never
    > = [];
    const uncosted: TUncostedItem[] = [];
    for (const item of merged.values()) {
      if (item.quantity <= 0) continue;
      const onMenu = byCode.get(item.itemCode);
      if (onMenu && onMenu.costCents !== null)
        costed.push({ ...item, costCents: onMenu.costCents, menuItemId: onMenu.id });
      else uncosted.push({ ...item, menuItemId: onMenu?.id ?? null });
    }
    const result = engineer(
      costed.map((c) => ({ key: c.itemCode, quantity: c.quantity, netCents: c.netCents, costCents: c.costCents })),
    );
    const byKey = new Map(result.items.map((r) => [r.key, r]));
    const items: TProfitabilityItem[] = costed
      .map((c) => {
        const r = byKey.get(c.itemCode)!;
        return {
          itemCode: c.itemCode,
          name: c.name,
          category: c.category,
          menuItemId: c.menuItemId,
          quantity: c.quantity,
          netCents: Math.round(c.netCents),
          costCents: c.costCents,
          mix: r.mix,
          marginCents: r.marginCents,
          totalMarginCents: r.totalMarginCents,
          foodCostShare: r.foodCostShare,
          quadrant: r.quadrant,
        };
      })
      .sort((a, b) => b.totalMarginCents - a.totalMarginCents || a.name.localeCompare(b.name));
    uncosted.sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name));
    return {
      range,
      items,
      uncosted: uncosted.map((u) => ({ ...u, netCents: Math.round(u.netCents) })),
      popularityThreshold: result.popularityThreshold,
      marginThresholdCents: result.marginThresholdCents,
      totals: {
        quantity: items.reduce((s, i) => s + i.quantity, 0),
        netCents: items.reduce((s, i) => s + i.netCents, 0),
        totalMarginCents: items.reduce((s, i) => s + i.totalMarginCents, 0),
      },
    };
  }
}
