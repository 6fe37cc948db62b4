import type { TLang } from '@ra/shared/errors';
import type { TProfitabilityResponse } from '@ra/shared/insight/insight.schemas';
import type { TQuadrant } from '@ra/shared/insight/menu-engineering';
import type { TExportTable } from '../../lib/exports/table-export.ts';

const WORDS = {
  en: {
    title: 'Item profitability',
    item: 'Item',
    code: 'Item code',
    category: 'Category',
    class: 'Class',
    quantity: 'Sold',
    mix: 'Menu mix %',
    net: 'Net sales',
    cost: 'Cost',
    margin: 'Margin per item',
    totalMargin: 'Total margin',
    foodCost: 'Cost %',
    noCost: 'No cost',
    total: 'Total',
    quadrant: { star: 'Star', plowhorse: 'Plowhorse', puzzle: 'Puzzle', dog: 'Dog' },
  },
  zh: {
    title: '菜品盈利分析',
    item: '菜品',
    code: '菜品编号',
    category: '分类',
    class: '类别',
    quantity: '销量',
    mix: '销量占比',
    net: '净销售额',
    cost: '成本',
    margin: '单品毛利',
    totalMargin: '总毛利',
    foodCost: '成本率',
    noCost: '未设成本',
    total: '合计',
    quadrant: { star: '明星', plowhorse: '耕马', puzzle: '谜题', dog: '瘦狗' },
  },
} as const satisfies Record<TLang, unknown>;

export const profitabilityTitle = (lang: TLang) => WORDS[lang].title;

/** Costed items with their class, then sold items without a cost (class "No cost"), then a totals row. */
export function profitabilityTable(body: TProfitabilityResponse, lang: TLang): TExportTable {
  const w = WORDS[lang];
  return {
    columns: [
      { header: w.item, kind: 'text' },
      { header: w.code, kind: 'text' },
      { header: w.category, kind: 'text' },
      { header: w.class, kind: 'text' },
      { header: w.quantity, kind: 'number' },
      { header: w.mix, kind: 'percent' },
      { header: w.net, kind: 'cents' },
      { header: w.cost, kind: 'cents' },
      { header: w.margin, kind: 'cents' },
      { header: w.totalMargin, kind: 'cents' },
      { header: w.foodCost, kind: 'percent' },
    ],
    rows: [
      ...body.items.map((i) => [
        i.name,
        i.itemCode,
        i.category,
        w.quadrant[i.quadrant as TQuadrant],
        i.quantity,
        i.mix,
        i.netCents,
        i.costCents,
        i.marginCents,
        i.totalMarginCents,
        i.foodCostShare,
      ]),
      ...body.uncosted.map((u) => [
        u.name,
        u.itemCode,
        u.category,
        w.noCost,
        u.quantity,
        null,
        u.netCents,
        null,
        null,
        null,
        null,
      ]),
      [
        w.total,
        null,
        null,
        null,
        body.totals.quantity,
        null,
        body.totals.netCents,
        null,
        null,
        body.totals.totalMarginCents,
        null,
      ],
    ],
  };
}
