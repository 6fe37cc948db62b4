/**
 * Menu engineering (issue 24 "Item profitability"): each sold item with a cost is placed by popularity
 * (its share of the items sold) and contribution margin (average net price less cost) into the four
 * usual quadrants. Thresholds are the classic ones (Kasavana & Smith): popular when the item's menu mix
 * is at least 70% of an even share (0.7 / number of items); a high margin when its margin is at least
 * the average margin weighted by quantity.
 */

export const QUADRANTS = ['star', 'plowhorse', 'puzzle', 'dog'] as const;
export type TQuadrant = (typeof QUADRANTS)[number];

export const POPULARITY_FACTOR = 0.7;

export interface TEngineeringInput {
  key: string;
  quantity: number;
  netCents: number;
  costCents: number;
}

export interface TEngineeringResult {
  key: string;
  /** Share of all items sold (0..1). */
  mix: number;
  /** Average net price less cost, per item sold (cents, may be negative). */
  marginCents: number;
  /** marginCents x quantity. */
  totalMarginCents: number;
  /** Cost / average net price (0..n); null when nothing was earned. */
  foodCostShare: number | null;
  quadrant: TQuadrant;
}

export interface TEngineering {
  items: TEngineeringResult[];
  /** Popular at or above this mix. */
  popularityThreshold: number;
  /** High margin at or above this (cents). */
  marginThresholdCents: number;
}

export function quadrantOf(popular: boolean, highMargin: boolean): TQuadrant {
  if (popular) return highMargin ? 'star' : 'plowhorse';
  return highMargin ? 'puzzle' : 'dog';
}

/** Items with quantity 0 are left out (nothing to classify). */
export function engineer(input: readonly TEngineeringInput[]): TEngineering {
  const sold = input.filter((i) => i.quantity > 0);
  const totalQty = sold.reduce((s, i) => s + i.quantity, 0);
  const totalMargin = sold.reduce((s, i) => s + (i.netCents - i.costCents * i.quantity), 0);
  const popularityThreshold = sold.length > 0 ? POPULARITY_FACTOR / sold.length : 0;
  const marginThresholdCents = totalQty > 0 ? totalMargin / totalQty : 0;
  return {
    popularityThreshold,
    marginThresholdCents: Math.round(marginThresholdCents),
    items: sold.map((i) => {
      const price = i.netCents / i.quantity;
      const margin = price - i.costCents;
      const mix = i.quantity / totalQty;
      return {
        key: i.key,
        mix,
        marginCents: Math.round(margin),
        totalMarginCents: Math.round(i.netCents - i.costCents * i.quantity),
        foodCostShare: price > 0 ? i.costCents / price : null,
        quadrant: quadrantOf(mix >= popularityThreshold, margin >= marginThresholdCents),
      };
    }),
  };
}
