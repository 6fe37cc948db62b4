// @vitest-environment node
import { pinyin } from 'pinyin-pro';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, searchPages } from './header-search-match.ts';

const english = buildSearchIndex([
  { path: '/dashboard', titles: ['Dashboard'] },
  { path: '/salesReport/itemSales', titles: ['Sales Report', 'Item Sales'] },
  { path: '/menu/newItemLibrary', titles: ['Menu Editor', 'Item Library'] },
  { path: '/teamManagement/index', titles: ['Team Management', 'Team Management'] },
]);

const chinese = [
  { path: '/salesReport/salesSummary', titles: ['销售报表', '销售汇总'] },
  { path: '/Setting/POSsettings', titles: ['设置', 'POS设置'] },
  { path: '/orderCalendar/index', titles: ['订单日历'] },
];

describe('header search', () => {
  it('finds English titles by any part, in any letter case', () => {
    expect(searchPages(english, 'item').map((e) => e.path)).toEqual(['/salesReport/itemSales', '/menu/newItemLibrary']);
    expect(searchPages(english, 'DASH').map((e) => e.path)).toEqual(['/dashboard']);
  });

  it('matches the group title too, and shows group > page', () => {
    const [hit] = searchPages(english, 'sales report');
    expect(hit?.label).toBe('Sales Report > Item Sales');
  });

  it('shows a one-page group once', () => {
    expect(searchPages(english, 'team')[0]?.label).toBe('Team Management');
  });

  it('finds nothing for an empty or blank query', () => {
    expect(searchPages(english, '')).toEqual([]);
    expect(searchPages(english, '   ')).toEqual([]);
  });

  it('without pinyin, Chinese titles are found by characters only', () => {
    const index = buildSearchIndex(chinese);
    expect(searchPages(index, '汇总').map((e) => e.path)).toEqual(['/salesReport/salesSummary']);
    expect(searchPages(index, 'huizong')).toEqual([]);
  });

  it('with pinyin, finds Chinese titles by full pinyin, with or without spaces', () => {
    const index = buildSearchIndex(chinese, pinyin);
    expect(searchPages(index, 'huizong').map((e) => e.path)).toEqual(['/salesReport/salesSummary']);
    expect(searchPages(index, 'ding dan').map((e) => e.path)).toEqual(['/orderCalendar/index']);
    expect(searchPages(index, 'xiaoshoubaobiao').map((e) => e.path)).toEqual(['/salesReport/salesSummary']);
  });

  it('with pinyin, finds Chinese titles by initials', () => {
    const index = buildSearchIndex(chinese, pinyin);
    expect(searchPages(index, 'xshz').map((e) => e.path)).toEqual(['/salesReport/salesSummary']);
    expect(searchPages(index, 'ddrl').map((e) => e.path)).toEqual(['/orderCalendar/index']);
  });

  it('keeps Latin letters inside Chinese titles searchable', () => {
    const index = buildSearchIndex(chinese, pinyin);
    expect(searchPages(index, 'posshezhi').map((e) => e.path)).toEqual(['/Setting/POSsettings']);
    expect(searchPages(index, 'pos').map((e) => e.path)).toEqual(['/Setting/POSsettings']);
  });

  it('does not match across two titles of the chain', () => {
    const index = buildSearchIndex(chinese, pinyin);
    // 报表 + 销售 spans "销售报表 > 销售汇总"
    expect(searchPages(index, 'baobiaoxiaoshou')).toEqual([]);
  });
});
